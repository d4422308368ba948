import Testing
@testable import SDUICore

/// What a bound input takes from the host (`InputDomain`, `Engine.setInput`):
/// the values of its kind within the payload limit; anything else refused
/// with the state, the screen and the input's error as they were.
@Suite("Input domains")
struct InputDomainTests {
    static func input(_ json: String) -> InputContent {
        let node = try! ViewNode(json: SDUICore.JSONParser.parse(json))
        return InputContent(node.props)
    }

    static let number = input(#"{"type": "input", "name": "n", "kind": "number", "min": 1, "max": 9}"#)
    static let choice = input(#"{"type": "input", "name": "c", "kind": "choice", "options": [{"title": "A", "value": "a"}, {"title": "B", "value": "b"}]}"#)
    static let several = input(#"{"type": "input", "name": "c", "kind": "choice", "multiple": true, "options": [{"title": "A", "value": "a"}, {"title": "B", "value": "b"}]}"#)
    static let toggle = input(#"{"type": "input", "name": "t", "kind": "toggle"}"#)
    static let text = input(#"{"type": "input", "name": "t"}"#)
    static let multiline = input(#"{"type": "input", "name": "m", "kind": "multiline"}"#)

    static func refusal(_ text: String, _ input: InputContent, limit: Int = 1000) -> EngineError? {
        engineError { () throws(EngineError) in _ = try InputDomain.value(text, for: input, node: "f/0", limit: limit) }
    }

    static func value(_ text: String, _ input: InputContent) -> JSON? {
        try? InputDomain.value(text, for: input, node: "f/0", limit: 1000)
    }

    @Test func numbersAreFiniteAndWithinMinAndMax() {
        #expect(Self.value("7", Self.number) == .int(7))
        #expect(Self.value("1.5", Self.number) == .double(1.5))
        #expect(Self.value("", Self.number) == .string(""), "cleared")
        for text in ["NaN", "nan", "inf", "-inf", "Infinity", "1e400"] {
            let e = Self.refusal(text, Self.number)
            #expect(e?.code == .contract)
            #expect(e?.message == "node \"f/0\": \(JSONWriter.quoted(text)) is not a finite number")
        }
        #expect(Self.refusal("seven", Self.number)?.message
            == "node \"f/0\": \"seven\" is not a number (a number input takes a JSON number such as 42 or -1.5, or \"\" to clear it)")
        #expect(Self.refusal("10", Self.number)?.message == "node \"f/0\": 10 is above the input's max (9)")
        #expect(Self.refusal("-3", Self.number)?.message == "node \"f/0\": -3 is below the input's min (1)")
    }

    @Test func choicesTogglesAndText() {
        #expect(Self.value("b", Self.choice) == .string("b"))
        #expect(Self.value("", Self.choice) == .string(""))
        #expect(Self.refusal("c", Self.choice)?.message == "node \"f/0\": \"c\" is not the value of one of the input's options (\"a\", \"b\")")
        #expect(Self.value("a,b", Self.several) == .string("a,b"))
        #expect(Self.refusal("a,,b", Self.several)?.code == .contract, "an empty item is no option")
        #expect(Self.value("true", Self.toggle) == .string("true"))
        #expect(Self.refusal("yes", Self.toggle)?.message == "node \"f/0\": a toggle's value is \"true\" or \"false\", not \"yes\"")
        #expect(Self.value("42", Self.text) == .string("42"))
        #expect(Self.refusal("a\u{1b}[2J", Self.text)?.message
            == "node \"f/0\": the value of a text input must not contain control characters, found \\u001b")
        #expect(Self.refusal("a\u{9b}", Self.text)?.code == .contract, "C1 too")
        #expect(Self.refusal("a\u{7f}", Self.text)?.code == .contract, "DEL too")
        #expect(Self.value("a\nb\r\n\tc", Self.multiline) == .string("a\nb\r\n\tc"))
        #expect(Self.refusal("a\u{0}", Self.multiline)?.code == .contract)
    }

    @Test func theSizeIsCheckedFirst() {
        let e = Self.refusal(String(repeating: "x", count: 11), Self.text, limit: 10)
        #expect(e?.code == .limit)
        #expect(e?.message == "node \"f/0\": the value is 11 bytes, more than the limit of 10 bytes (SDUI_LIMIT_PAYLOAD_BYTES)")
        #expect(Self.value(String(repeating: "x", count: 10), Self.text) != nil)
        #expect(Self.refusal(String(repeating: "é", count: 6), Self.text, limit: 11)?.code == .limit, "bytes, not characters")
    }

    /// Through the engine: a refused value changes no state, no screen, no error shown, and runs no middleware.
    @Test func aRefusedValueChangesNothing() throws {
        let engine = try InputBindingTests.engine()
        _ = engine.render()
        _ = engine.takePatches()
        var seen = 0
        _ = engine.store.addMiddleware { _, _ in seen += 1 }
        let version = engine.store.version(of: "form")
        var limits = engine.limits
        limits.maxPayloadBytes = 4
        engine.limits = limits
        #expect(engineError { () throws(EngineError) in try engine.setInput("f#qty", "12345") }?.code == .limit)
        #expect(engineError { () throws(EngineError) in try engine.setInput("f#qty", "x") }?.code == .contract)
        #expect(engineError { () throws(EngineError) in try engine.setInput("f/2", "y") }?.code == .contract)
        #expect(engine.store.version(of: "form") == version)
        #expect(seen == 0)
        #expect(engine.takePatches().isEmpty)
        try engine.setInput("f#qty", "3")
        #expect(try engine.store.state("form", at: JSONPath(parsing: "qty")) == .int(3))
    }
}
