import Testing
@testable import SDUICore

/// The paragraph: styled runs that wrap as one text.
@Suite("Paragraphs")
struct ParagraphTests {
    static let text = #"{"type":"paragraph","runs":[{"text":"Hello ","weight":"bold"},{"text":"wide world","italic":true,"action":{"type":"s/go","payload":1}}]}"#

    @Test func runsDecodeAndWriteCanonically() throws {
        let node = try ViewNode(json: json(Self.text))
        let runs = TextRun.list(text: try #require(node.props["runs"]))
        #expect(runs.map(\.text) == ["Hello ", "wide world"])
        #expect(runs[0].weight == "bold" && runs[1].italic && runs[1].action?.type == "s/go")
        #expect(JSONWriter.string(node.json) == Self.text)
        #expect(FlatView(node).node(componentId: "c").props == node.props) // kept as its JSON text
        #expect(TextRenderer.lines(node) == ["Hello wide world"])
    }

    @Test func badRunsAreRefusedWithTheirPath() {
        for (text, message) in [
            (#"{"type":"paragraph","runs":[]}"#, "$.runs: runs must be a non-empty array"),
            (#"{"type":"paragraph","runs":[{"text":"a","bold":true}]}"#, "$.runs[0].bold: unknown member \"bold\""),
            (#"{"type":"paragraph","runs":[{"text":"a","italic":"yes"}]}"#, "$.runs[0].italic: expected a boolean"),
            (#"{"type":"paragraph"}"#, "a paragraph node needs \"runs\""),
        ] {
            do {
                _ = try ViewNode(json: json(text))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.contains(message), "\(error.description)")
            }
        }
    }

    @Test func theRunsWrapAsOneText() throws {
        let engine = Engine()
        try engine.register(component: "P") { _, _ in try ViewNode(json: json(Self.text)) }
        try loadPage(engine, #"[{"id":"p","type":"P"}]"#)
        let root = try #require(engine.layout(width: 10).components.first?.root)
        #expect((root.frame.width, root.frame.height) == (10, 2)) // "Hello wide" / "world"
    }
}
