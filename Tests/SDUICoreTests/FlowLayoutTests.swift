import Testing
@testable import SDUICore

/// The flowing rows: `wrap` (onto new lines) and `rail` (scrolled sideways).
@Suite("Flow layout")
struct FlowLayoutTests {
    static func root(_ view: ViewNode, width: Double) throws -> LayoutNode {
        let engine = Engine()
        try engine.register(component: "F") { _, _ in view }
        try loadPage(engine, #"[{"id":"f","type":"F"}]"#)
        return try #require(engine.layout(width: width).components.first?.root)
    }

    static func texts(_ kind: ViewNode.Kind, spacing: Double = 1, _ words: String...) -> ViewNode {
        var style = Style()
        style.spacing = spacing
        return ViewNode(kind, style: style, children: words.map { ViewNode.text($0) })
    }

    @Test func aWrapStartsANewLineWhenTheNextChildDoesNotFit() throws {
        let root = try Self.root(Self.texts(.wrap, "aaaa", "bbbb", "cc", "dddddd"), width: 10)
        let frames = root.children.map { ($0.frame.x, $0.frame.y) }
        #expect(frames.map(\.0) == [0, 5, 0, 3] && frames.map(\.1) == [0, 0, 2, 2]) // lines 1 apart plus the gap
        #expect((root.frame.width, root.frame.height) == (9, 3))
    }

    @Test func aRailKeepsItsChildrensWidthsAndIsAsWideAsOffered() throws {
        let root = try Self.root(Self.texts(.rail, "Comedy", "Romance", "Documentary"), width: 12)
        #expect(root.frame.width == 12)
        #expect(root.children.map(\.frame.width) == [6, 7, 11]) // never narrowed
        #expect(root.children.map(\.frame.x) == [0, 7, 15]) // past the edge: the host scrolls
        #expect(root.frame.height == 1)
        let narrow = try Self.root(Self.texts(.rail, "a", "b"), width: 12)
        #expect(narrow.frame.width == 3) // as wide as its children when they are narrower
    }

    @Test func bothWriteAndRenderAsARow() {
        #expect(TextRenderer.lines(Self.texts(.rail, "a", "b")) == ["a  b"])
        #expect(FlatView(Self.texts(.wrap, "a")).node(componentId: "c").kind == .wrap)
    }
}
