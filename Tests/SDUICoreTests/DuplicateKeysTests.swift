import Testing
@testable import SDUICore

/// Keys given twice in one object: refused by default, or the last value
/// wins with a warning (`JSONParseOptions.duplicateKeys`, `Engine.duplicateKeys`).
@Suite("Duplicate keys")
struct DuplicateKeysTests {
    static let lenient: JSONParseOptions = {
        var options = JSONParseOptions()
        options.duplicateKeys = .lastWins
        return options
    }()

    static func parse(_ text: String) throws -> (JSON, [Int]) {
        var offsets: [Int] = []
        let value = try Array(text.utf8).withUnsafeBytes { bytes in
            try JSONParser.parse(bytes, options: lenient, duplicates: &offsets)
        }
        return (value, offsets)
    }

    @Test func theLastValueWinsInTheFirstPlace() throws {
        let (value, offsets) = try Self.parse(#"{"a": 1, "b": 2, "a": {"c": 3, "c": [4]}}"#)
        #expect(JSONWriter.string(value) == #"{"a":{"c":[4]},"b":2}"#)
        #expect(offsets == [17, 31], "in the order the keys come")
    }

    @Test func largeObjectsAndEquivalentSpellings() throws {
        let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let (value, offsets) = try Self.parse("{\(keys), \"k3\": \"again\", \"\u{E9}\": 1, \"e\u{301}\": 2}")
        #expect(value["k3"] == .string("again"))
        #expect(value.objectValue?.count == 21)
        #expect(value["\u{E9}"] == .int(2), "canonically equal keys are one key")
        #expect(offsets.count == 2)
    }

    @Test func theDefaultStillRefuses() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a": 1, "a": 2}"#) }
    }

    @Test func locatorNamesTheKeysPath() throws {
        let text = #"{"components": [{"id": "x", "type": "T", "data": {"t": 1, "t": 2}}]}"#
        let (_, offsets) = try Self.parse(text)
        let path = Array(text.utf8).withUnsafeBytes { JSONLocator.path(ofKeyAt: offsets[0], in: $0) }
        #expect(path?.description == "$.components[0].data.t")
        #expect(Array(text.utf8).withUnsafeBytes { JSONLocator.path(ofKeyAt: 1, in: $0) }?.description == "$.components")
        #expect(Array(text.utf8).withUnsafeBytes { JSONLocator.path(ofKeyAt: 3, in: $0) } == nil)
    }

    @Test func anEngineTakesThePageWithAWarningWhenAsked() throws {
        let page = """
            {"components": [
              {"id": "a", "type": "Card", "data": {"title": "old", "title": "new"}},
              {"id": "b", "type": "Card", "type": "Card", "data": {}}]}
            """
        let engine = Engine()
        try engine.register(component: "Card") { data, _ in .text(data["title"]?.stringValue ?? "–") }
        let refused = engineError { () throws(EngineError) in try loadPage(engine, page) }
        #expect(refused?.message.contains("duplicate key \"title\"") == true)
        #expect(engine.page == nil, "refused: nothing loaded")

        engine.duplicateKeys = .lastWins
        try loadPage(engine, page)
        let screen = engine.render()
        #expect(screen["a"]?.view.props["text"] == "new")
        #expect(engine.diagnostics == [
            Diagnostic(.warning, "duplicate-key", component: "a",
                       #"2:56: $.components[0].data.title: duplicate key "title": the last value is used"#),
            Diagnostic(.warning, "duplicate-key", component: "b",
                       #"3:31: $.components[1].type: duplicate key "type": the last value is used"#),
        ])
    }

    @Test func serverPatchesToo() throws {
        let engine = Engine()
        engine.duplicateKeys = .lastWins
        try engine.register(component: "Card") { data, _ in .text(data["title"]?.stringValue ?? "–") }
        try loadPage(engine, #"[{"id": "a", "type": "Card", "data": {"title": "one"}}]"#)
        try loadPage(engine, #"{"patch": {"changes": [{"id": "a", "components": [{"id": "a", "type": "Card", "data": {"title": "x", "title": "two"}}]}]}}"#)
        #expect(engine.render()["a"]?.view.props["text"] == "two")
        #expect(engine.diagnostics.map(\.code) == ["duplicate-key"])
    }
}
