import Testing
@testable import SDUICore

/// Bleed: a container's frame reaches through its parent's padding where it
/// meets the parent's content box; what it shows does not move.
@Suite("Bleed")
struct BleedLayoutTests {
    static func layout(_ view: ViewNode, width: Double = 20) -> LayoutNode {
        LayoutEngine().layout(view, width: width)
    }

    static func style(padding: Style.Insets? = nil, width: Style.Dimension? = nil, bleed: Bool? = nil,
                      direction: Style.Direction? = nil, border: Double? = nil) -> Style
    {
        var s = Style()
        s.padding = padding
        s.width = width
        s.bleed = bleed
        s.direction = direction
        s.borderWidth = border
        return s
    }

    /// A bleeding vstack holding `texts`.
    static func band(_ texts: String..., width: Style.Dimension? = nil) -> ViewNode {
        ViewNode(.vstack, style: style(width: width, bleed: true), children: texts.map { ViewNode.text($0) })
    }

    static func rect(_ n: LayoutNode) -> [Double] {
        [n.frame.x, n.frame.y, n.frame.width, n.frame.height]
    }

    @Test func aWideChildInTheMiddleBleedsSideways() {
        let card = ViewNode(.vstack, style: Self.style(padding: Style.Insets(all: 2)),
                            children: [.text("ab"), Self.band("xy", width: .fill), .text("cd")])
        let root = Self.layout(card)
        #expect(Self.rect(root) == [0, 0, 20, 7]) // the card keeps its size
        #expect(Self.rect(root.children[1]) == [0, 3, 20, 1]) // 2 + 16 + 2 wide, not up or down
        #expect(Self.rect(root.children[1].children[0]) == [2, 3, 2, 1]) // the text did not move
        #expect(Self.rect(root.children[0]) == [2, 2, 2, 1])
    }

    @Test func theFirstChildBleedsUpAndTheLastDownEachByItsEdge() {
        let card = ViewNode(.vstack, style: Self.style(padding: Style.Insets(top: 1, leading: 2, bottom: 3, trailing: 4)),
                            children: [Self.band("hi", width: .fill)])
        let root = Self.layout(card)
        #expect(Self.rect(root) == [0, 0, 20, 5])
        #expect(Self.rect(root.children[0]) == [0, 0, 20, 5])
        #expect(Self.rect(root.children[0].children[0]) == [2, 1, 2, 1])
    }

    @Test func onlyTheSidesItMeetsBleed() {
        // Content-wide: it meets the left edge and the top, not the right; the text below is the last.
        let card = ViewNode(.vstack, style: Self.style(padding: Style.Insets(all: 2)),
                            children: [Self.band("ab"), .text("a longer text")])
        let root = Self.layout(card)
        #expect(Self.rect(root.children[0]) == [0, 0, 4, 3])
        #expect(Self.rect(root.children[0].children[0]) == [2, 2, 2, 1])
    }

    @Test func inARowTheEndsBleedSidewaysAndAFullHeightChildUpAndDown() {
        let row = ViewNode(.hstack, style: Self.style(padding: Style.Insets(all: 1)),
                           children: [Self.band("a"), .text("m"), Self.band("b\nc")])
        let root = Self.layout(row)
        #expect(Self.rect(root) == [0, 0, 5, 4])
        #expect(Self.rect(root.children[0]) == [0, 0, 2, 2]) // left and up: shorter than the row
        #expect(Self.rect(root.children[2]) == [3, 0, 2, 4]) // right, up and down: as high as the row
        #expect(Self.rect(root.children[0].children[0]) == [1, 1, 1, 1])
        #expect(Self.rect(root.children[2].children[0]) == [3, 1, 1, 2])
        #expect(Self.rect(root.children[1]) == [2, 1, 1, 1])
    }

    @Test func rightToLeftTheFirstChildBleedsRight() {
        let row = ViewNode(.hstack, style: Self.style(padding: Style.Insets(all: 1), width: .fill, direction: .rtl),
                           children: [Self.band("a"), .text("m\nn")])
        let root = Self.layout(row, width: 10)
        #expect(Self.rect(root.children[0]) == [8, 0, 2, 2]) // at the right edge: right and up
        #expect(Self.rect(root.children[0].children[0]) == [8, 1, 1, 1])
        #expect(Self.rect(root.children[1]) == [7, 1, 1, 2])
    }

    @Test func itStopsAtTheParentsBorder() {
        let card = ViewNode(.vstack, style: Self.style(padding: Style.Insets(all: 2), border: 1),
                            children: [Self.band("x", width: .fill)])
        let root = Self.layout(card, width: 10)
        #expect(Self.rect(root) == [0, 0, 10, 7])
        #expect(Self.rect(root.children[0]) == [1, 1, 8, 5])
        #expect(Self.rect(root.children[0].children[0]) == [3, 3, 1, 1])
    }

    @Test func aBleedInsideABleedReachesItsOwnParentsPadding() {
        var inner = Self.band("in", width: .fill)
        inner.style.padding = nil
        var middle = ViewNode(.vstack, style: Self.style(padding: Style.Insets(all: 1), width: .fill, bleed: true),
                              children: [inner])
        middle.style.background = "#eee"
        let card = ViewNode(.vstack, style: Self.style(padding: Style.Insets(all: 2)), children: [middle])
        let root = Self.layout(card, width: 12)
        #expect(Self.rect(root) == [0, 0, 12, 7])
        #expect(Self.rect(root.children[0]) == [0, 0, 12, 7]) // the card's padding
        #expect(Self.rect(root.children[0].children[0]) == [2, 2, 8, 3]) // the middle's padding
        #expect(Self.rect(root.children[0].children[0].children[0]) == [3, 3, 2, 1])
    }

    @Test func leavesButtonsHiddenNodesAndTheRootDoNotBleed() {
        var text = ViewNode.text("t")
        text.style.bleed = true
        var button = ViewNode(.button, props: ["label": "ok"])
        button.style.bleed = true
        let pager = ViewNode(.pager, props: ["page": "0"], children: [.text("shown"), Self.band("hidden")])
        let card = ViewNode(.vstack, style: Self.style(padding: Style.Insets(all: 1), bleed: true),
                            children: [text, button, pager])
        let root = Self.layout(card)
        #expect(Self.rect(root) == [0, 0, 7, 5])
        #expect(Self.rect(root.children[0]) == [1, 1, 1, 1])
        #expect(Self.rect(root.children[1]) == [1, 2, 4, 1])
        #expect(Self.rect(root.children[2].children[1]) == [1, 3, 0, 0])
    }

    @Test func withoutBleedNothingMoves() {
        var plain = Self.band("xy", width: .fill)
        plain.style.bleed = false
        let card = ViewNode(.vstack, style: Self.style(padding: Style.Insets(all: 2)), children: [plain])
        #expect(Self.rect(Self.layout(card).children[0]) == [2, 2, 16, 1])
    }

    @Test func bleedDecodesAsABoolean() throws {
        let view = try ViewNode(json: json(#"{"type":"vstack","style":{"bleed":true,"padding":1}}"#))
        #expect(view.style.bleed == true)
        #expect(throws: ContractError.self) { try ViewNode(json: json(#"{"type":"vstack","style":{"bleed":"yes"}}"#)) }
    }
}
