import Testing
@testable import SDUICore

@Suite("Page contract")
struct PageContractTests {
    @Test func objectFormKeepsIdVersionAndOrder() throws {
        let page = try Page(json: json(#"{"id":"home","version":3,"components":[{"id":"a","type":"T","data":{"x":1}},{"id":"b","type":"U"}]}"#))
        #expect(page.id == "home")
        #expect(page.version == Version(3, form: .integer))
        #expect(page.components.map(\.id) == ["a", "b"])
        #expect(page.components[0].data == json(#"{"x":1}"#))
        #expect(page.components[1].data == .null)
    }

    @Test func bareArrayIsAPage() throws {
        let page = try Page(json: json(#"[{"id":"a","type":"T"}]"#))
        #expect(page.id == nil)
        #expect(page.components.count == 1)
    }

    @Test func duplicateIdNamesBothPositions() {
        let text = "{\"components\":[\n{\"id\":\"a\",\"type\":\"T\"},\n{\"id\":\"b\",\"type\":\"T\"},\n{\"id\":\"a\",\"type\":\"T\"}]}"
        let error = engineError { () throws(EngineError) in try loadPage(Engine(), text) }
        #expect(error?.code == .contract)
        #expect(error?.message == "4:7: $.components[2].id: duplicate component id \"a\": first at $.components[0], again at $.components[2]")
    }

    @Test(arguments: [
        (#"{"components":[{"type":"T"}]}"#, "1:16: $.components[0].id: missing required string"),
        (#"{"components":[{"id":"","type":"T"}]}"#, "1:22: $.components[0].id: must not be empty"),
        (#"{"components":[{"id":"a","type":7}]}"#, "1:33: $.components[0].type: expected a string, got number"),
        (#"{"components":{}}"#, "1:15: $.components: components must be an array, got object"),
        (#"{"id":"x"}"#, "1:1: $.components: a page needs \"components\""),
        (#""page""#, "1:1: $: a page must be an object or an array of components, got string"),
        (#"{"components":[],"extra":1}"#, "1:26: $.extra: unknown member \"extra\" in a page (allowed: components, id, requires, version)"),
        (#"[{"id":"a","type":"T","fallback":3}]"#, "1:34: $[0].fallback: fallback must be a component object or \"drop\", got number"),
        (#"[{"id":"a\u0000b","type":"T"}]"#, "1:8: $[0].id: must not contain control characters, found \\u0000"),
        (#"[{"id":"a","type":"\u009bT"}]"#, "1:19: $[0].type: must not contain control characters, found \\u009b"),
    ])
    func contractErrorsNameLineColumnAndPath(text: String, message: String) {
        let engine = Engine()
        let error = engineError { () throws(EngineError) in try loadPage(engine, text) }
        #expect(error?.code == .contract)
        #expect(error?.message == message)
        #expect(engine.page == nil)
    }

    @Test func badPageKeepsThePreviousOne() throws {
        let engine = Engine()
        try loadPage(engine, #"[{"id":"a","type":"T"}]"#)
        let error = engineError { () throws(EngineError) in try loadPage(engine, #"[{"id":"a","type":"T"},{"id":"a","type":"T"}]"#) }
        #expect(error?.code == .contract)
        #expect(engine.page?.components.map(\.id) == ["a"])
        let parse = engineError { () throws(EngineError) in try loadPage(engine, "[{") }
        #expect(parse?.code == .parse)
        #expect(engine.page?.components.map(\.id) == ["a"])
    }

    @Test func limitsAreEnforcedAsLimitErrors() {
        let engine = Engine()
        engine.limits.maxDepth = 3
        let deep = engineError { () throws(EngineError) in try loadPage(engine, #"[{"id":"a","type":"T","data":[[1]]}]"#) }
        #expect(deep?.code == .limit)
        engine.limits.maxPayloadBytes = 10
        let big = engineError { () throws(EngineError) in try loadPage(engine, #"[{"id":"a","type":"T"}]"#) }
        #expect(big?.code == .limit)
    }

    @Test func fallbackInheritsIdAndRoundTrips() throws {
        let page = try Page(json: json(#"[{"id":"a","type":"New","fallback":{"type":"Old","data":1}},{"id":"b","type":"X","fallback":"drop"}]"#))
        #expect(page.components[0].fallback == .component(Component(id: "a", type: "Old", data: 1)))
        #expect(page.components[1].fallback == .drop)
        #expect(try Page(json: page.json) == page)
    }

    @Test func textOutputEscapesControlCharactersAndKeepsEverythingElse() {
        #expect("a\u{0}b\u{1B}[2J\u{7F}\u{85}é★".escapingControlCharacters() == "a\\u0000b\\u001b[2J\\u007f\\u0085é★")
        #expect("one\ntwo\r".escapingControlCharacters(keepingNewlines: true) == "one\ntwo\\u000d")
        #expect("plain".escapingControlCharacters() == "plain")
        #expect(!"é★ plain".hasControlCharacter && "\u{9F}".hasControlCharacter)
        #expect("a\u{7F}".hasControlCharacter && !"a\u{7F}".hasIdentifierControl && "\u{1}".hasIdentifierControl)
    }
}
