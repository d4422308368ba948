import Testing
@testable import SDUICore

/// The `divider`: a thin horizontal line between content, as wide as
/// offered and one line high, its line drawn by the host.
@Suite("Divider")
struct DividerTests {
    @Test func decodesWithAThicknessAndAColourAndNothingElse() throws {
        let node = try ViewNode(json: json(#"{"type":"divider","thickness":2,"style":{"color":"@muted"}}"#))
        #expect(node.kind == .divider && node.props["thickness"] == "2" && node.style.color == "@muted")
        #expect(try ViewNode(json: json(#"{"type":"divider"}"#)).props.isEmpty)
        for (text, message) in [
            (#"{"type":"divider","thickness":"2"}"#, "$.thickness: expected a number, got string"),
            (#"{"type":"divider","children":[]}"#, "$.children: a divider node has no children"),
            (#"{"type":"divider","action":{"type":"a/b"}}"#, "$.action: a divider node cannot carry an action"),
        ] {
            #expect(throws: ContractError.self, "\(text)") { try ViewNode(json: json(text)) }
            do { _ = try ViewNode(json: json(text)) } catch { #expect(error.description == message) }
        }
    }

    @Test func theContractListsItAsALeafWithAnOptionalThickness() throws {
        let kind = try #require(ViewContract.kinds.first { $0.name == "divider" })
        #expect(kind.members == [ViewContract.Member(name: "thickness", type: .number, required: false)])
        #expect(!kind.children && !kind.action && !kind.engineOnly)
    }

    @Test func isAsWideAsOfferedAndOneLineHigh() throws {
        var style = Style()
        style.padding = Style.Insets(top: 0, leading: 2, bottom: 0, trailing: 2)
        let view = ViewNode(.vstack, style: style, children: [
            ViewNode.text("Above"), ViewNode(.divider), ViewNode.text("Below"),
        ])
        let root = try FlowLayoutTests.root(view, width: 30)
        let (above, divider, below) = (root.children[0], root.children[1], root.children[2])
        #expect(divider.kind == .divider)
        #expect(divider.frame.x == 2 && divider.frame.width == 26) // the width inside the padding
        #expect(divider.frame.height == above.frame.height) // one line, in the layout's units
        #expect(divider.frame.y == above.frame.y + above.frame.height && below.frame.y == divider.frame.y + divider.frame.height)
        var narrow = Style()
        narrow.height = .points(3)
        let tall = try FlowLayoutTests.root(ViewNode(.vstack, children: [ViewNode(.divider, style: narrow)]), width: 10)
        #expect((tall.children[0].frame.width, tall.children[0].frame.height) == (10, 3)) // a style's height wins
    }

    @Test func writesAsALineOfText() {
        let view = ViewNode(.vstack, children: [ViewNode.text("a"), ViewNode(.divider), ViewNode.text("b")])
        #expect(TextRenderer.lines(view) == ["a", "────────", "b"])
    }

    @Test func keepsItsThicknessThroughTheFlatForm() throws {
        let node = try ViewNode(json: json(#"{"type":"divider","thickness":0.5}"#))
        let flat = FlatView(node)
        #expect(flat.has(.divider))
        #expect(flat.node(componentId: "") == node)
    }
}
