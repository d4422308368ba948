import Testing
@testable import SDUICore

/// The flowing rows: `wrap` (onto new lines) and `rail` (scrolled sideways);
/// and the `pager`, which shows one child at a time.
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

    static func pager(_ page: String?, _ pages: String...) -> ViewNode {
        ViewNode(.pager, props: page.map { ["page": $0] } ?? [:], children: pages.map { ViewNode.text($0) })
    }

    @Test func aPagerShowsOnlyItsPageAtItsOwnSize() throws {
        let root = try Self.root(Self.pager("1", "one", "second", "3"), width: 20)
        #expect(root.children.map(\.frame.width) == [0, 6, 0]) // the others take no room
        #expect((root.frame.width, root.frame.height) == (6, 1))
        #expect(root.children.map(\.frame.x) == [0, 0, 0]) // the page at the pager's corner
    }

    @Test func aPagersPageIsClampedToItsPages() throws {
        #expect(try Self.root(Self.pager("7", "a", "bb"), width: 20).children.map(\.frame.width) == [0, 2])
        #expect(try Self.root(Self.pager("-3", "a", "bb"), width: 20).children.map(\.frame.width) == [1, 0])
        #expect(try Self.root(Self.pager(nil, "a", "bb"), width: 20).children.map(\.frame.width) == [1, 0])
        #expect(ViewNode.pagerPage("1.9", count: 3) == 1 && ViewNode.pagerPage("2", count: 0) == -1)
    }

    @Test func aPagerRendersItsPageAndWhereItIs() {
        #expect(TextRenderer.lines(Self.pager("1", "a", "b", "c")) == ["b", "(2 of 3)"])
        #expect(TextRenderer.lines(Self.pager("9", "a", "b")) == ["b", "(2 of 2)"])
        #expect(TextRenderer.lines(ViewNode(.pager)).isEmpty)
        #expect(FlatView(Self.pager("1", "a")).node(componentId: "c").props["page"] == "1")
    }
}
