import Testing
@testable import SDUICore

/// The grid: rows whose cells share column widths.
@Suite("Grid layout")
struct GridLayoutTests {
    static func layout(_ view: ViewNode, width: Double = 40) throws -> LayoutNode {
        let engine = Engine()
        try engine.register(component: "G") { _, _ in view }
        try loadPage(engine, #"[{"id":"g","type":"G"}]"#)
        return try #require(engine.layout(width: width).components.first?.root)
    }

    static func row(_ cells: String...) -> ViewNode {
        ViewNode(.hstack, children: cells.map { ViewNode.text($0) })
    }

    @Test func cellsOfAColumnShareItsWidth() throws {
        var spaced = Style()
        spaced.spacing = 1
        let grid = ViewNode(.grid, style: spaced, children: [Self.row("a", "1"), Self.row("longer", "22"), .text("all across")])
        let root = try Self.layout(grid)
        // columns: 6 ("longer") and 2, a gap of 1: rows are 9 wide
        // the spanning row is offered the columns' width (9) and wraps: 1 + 1 + 2 lines and 2 gaps
        #expect((root.frame.width, root.frame.height) == (9, 6))
        let first = root.children[0], second = root.children[1]
        #expect(first.children[1].frame.x == 7) // the second column starts after 6 + 1
        #expect(second.children[1].frame.x == 7)
        #expect(first.children[0].frame.width == 6) // "a" is laid out at its column's width
        #expect((second.frame.y, root.children[2].frame.y) == (2, 4))
    }

    @Test func columnsNarrowInProportionWhenTheyDoNotFit() throws {
        let grid = ViewNode(.grid, children: [Self.row("aaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbb")])
        let root = try Self.layout(grid, width: 15)
        let cells = root.children[0].children
        #expect((cells[0].frame.width, cells[1].frame.width) == (5, 10))
        #expect(cells[0].frame.height == 2) // wrapped
    }

    @Test func aGridIsWrittenAndRenderedAsText() throws {
        let node = ViewNode(.grid, children: [Self.row("k", "v")])
        #expect(TextRenderer.lines(node) == ["k  v"])
        let flat = FlatView(node)
        #expect(flat.node(componentId: "c").kind == .grid)
    }
}
