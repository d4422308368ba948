import Testing
@testable import SDUICore

/// Right to left: a node's rows mirrored, and the nodes inside unless they say.
@Suite("Direction")
struct DirectionLayoutTests {
    static func root(_ view: ViewNode, width: Double = 20) throws -> LayoutNode {
        let engine = Engine()
        try engine.register(component: "D") { _, _ in view }
        try loadPage(engine, #"[{"id":"d","type":"D"}]"#)
        return try #require(engine.layout(width: width).components.first?.root)
    }

    static func row(_ direction: Style.Direction?, _ words: String...) -> ViewNode {
        var style = Style()
        style.direction = direction
        style.width = .fill
        return ViewNode(.hstack, style: style, children: words.map { ViewNode.text($0) })
    }

    @Test func rightToLeftMirrorsTheRow() throws {
        let ltr = try Self.root(Self.row(nil, "ab", "cde"))
        #expect(ltr.children.map(\.frame.x) == [0, 2])
        let rtl = try Self.root(Self.row(.rtl, "ab", "cde"))
        #expect(rtl.children.map(\.frame.x) == [18, 15]) // from the right edge of 20
    }

    @Test func theNodesInsideFollowUnlessTheySay() throws {
        var outer = Style()
        outer.direction = .rtl
        outer.width = .fill
        let view = ViewNode(.vstack, style: outer, children: [Self.row(nil, "ab", "c"), Self.row(.ltr, "ab", "c")])
        let root = try Self.root(view)
        #expect(root.children[0].children.map(\.frame.x) == [18, 17]) // inherits right to left
        #expect(root.children[1].children.map(\.frame.x) == [0, 2]) // says left to right
    }
}
