import Testing
@testable import SDUICore

/// Validation (`InputValidation`): the rules, their decoding with paths,
/// and a press that fails them: nothing dispatched, errors shown on the
/// inputs, a diagnostic; the errors going when the value is set.
@Suite("Input validation")
struct InputValidationTests {
    static func problem(_ node: String) throws -> String? {
        let n = try ViewNode(json: json(node))
        let rules = n.props["validation"].map(InputValidation.init(text:)) ?? InputValidation()
        return InputValidation.problem(of: InputContent(n.props), rules: rules)
    }

    @Test func rules() throws {
        #expect(try Self.problem(#"{"type":"input","name":"e","validation":{"required":true}}"#) == "e is required")
        #expect(try Self.problem(#"{"type":"input","name":"e","value":"","validation":{"required":true,"message":"Say it"}}"#) == "Say it")
        #expect(try Self.problem(#"{"type":"input","name":"e","validation":{"minLength":3}}"#) == nil, "empty and not required")
        #expect(try Self.problem(#"{"type":"input","name":"e","value":"ab","validation":{"minLength":3}}"#) == "e must be at least 3 characters")
        #expect(try Self.problem(#"{"type":"input","name":"e","value":"abcd","validation":{"maxLength":3}}"#) == "e must be at most 3 characters")
        let email = #"{"type":"input","name":"e","value":"VALUE","validation":{"pattern":"[a-z]+@[a-z]+\\.[a-z]+"}}"#
        #expect(try Self.problem(email.replacingOccurrences("VALUE", "sam@x.io")) == nil)
        #expect(try Self.problem(email.replacingOccurrences("VALUE", "sam@x.io!")) == "e does not have the expected form")
        #expect(try Self.problem(#"{"type":"input","name":"q","kind":"number","max":9,"value":"10"}"#) == "q must be at most 9")
        #expect(try Self.problem(#"{"type":"input","name":"q","kind":"number","min":1.5,"value":"1"}"#) == "q must be at least 1.5")
        #expect(try Self.problem(#"{"type":"input","name":"q","kind":"number","value":"ten"}"#) == "q must be a number")
        #expect(try Self.problem(#"{"type":"input","name":"q","kind":"number","min":1,"max":9,"value":"4"}"#) == nil)
    }

    @Test func badRulesNameTheirPath() {
        for (text, path) in [(#"{"pattern":"("}"#, "$.validation.pattern"), (#"{"minLength":-1}"#, "$.validation.minLength"),
                             (#"{"minLength":4,"maxLength":2}"#, "$.validation.maxLength"), (#"{"max":1}"#, "$.validation.max")] {
            do throws(ContractError) {
                _ = try ViewNode(json: json(#"{"type":"input","name":"a","validation":\#(text)}"#))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.path.description == path, "\(text): \(error)")
            }
        }
    }

    @Test func aFailedPressDispatchesNothingAndShowsTheErrors() throws {
        let engine = Engine()
        try engine.register(service: "form", state: json(#"{"email": "", "qty": 12}"#))
        var sent = 0
        try engine.store.register(action: "form/send") { _ in sent += 1 }
        try engine.register(component: "Form") { _, _ in
            try ViewNode(json: json(#"""
                {"type": "vstack", "children": [
                  {"type": "input", "name": "email", "bind": "form/email", "validation": {"required": true}},
                  {"type": "input", "name": "qty", "kind": "number", "max": 9, "bind": "form/qty"},
                  {"type": "button", "label": "Send", "action": {"type": "form/send", "inputs": true}}]}
                """#))
        }
        try loadPage(engine, #"{"id": "p", "components": [{"id": "f", "type": "Form"}]}"#)
        _ = engine.render()
        let error = engineError { () throws(EngineError) in try engine.press("f/2") }
        #expect(error?.code == .invalid)
        #expect(error?.message == "validation failed: email is required; qty must be at most 9")
        #expect(sent == 0)
        #expect(engine.diagnostics.contains { $0.code == "validation-failed" && $0.component == "f" })
        let patches = engine.takePatches()
        #expect(patches.patches.count == 1)
        var screen = engine.render()
        #expect(screen["f"]?.view.children[0].props["error"] == "email is required")
        #expect(screen["f"]?.view.children[1].props["error"] == "qty must be at most 9")
        #expect(TextRenderer.lines(screen["f"]!.view.children[0]) == ["email: [_____]", "  ! email is required"])
        try engine.setInput("f/0", "sam@x.io")
        screen = engine.render()
        #expect(screen["f"]?.view.children[0].props["error"] == nil, "set: its error goes")
        #expect(screen["f"]?.view.children[1].props["error"] == "qty must be at most 9")
        #expect(engine.diagnostics.contains { $0.code == "validation-failed" }, "qty still shows its error")
        try engine.setInput("f/1", "3")
        try engine.press("f/2")
        #expect(sent == 1)
        #expect(engine.render()["f"]?.view.children[1].props["error"] == nil)
        #expect(!engine.diagnostics.contains { $0.code == "validation-failed" }, "a press that passes ends it")
    }

    @Test func aFailedValidationIsListedWhileItsOwnComponentShowsErrors() throws {
        let engine = Engine()
        try engine.register(service: "form", state: json(#"{"a": "", "b": ""}"#))
        try engine.store.register(action: "form/send") { _ in }
        try engine.register(component: "Form") { data, _ in
            let bind = data["bind"]!.stringValue!
            return try ViewNode(json: json(#"""
                {"type": "vstack", "children": [
                  {"type": "input", "name": "v", "bind": "\#(bind)", "validation": {"required": true}},
                  {"type": "button", "label": "Send", "action": {"type": "form/send", "inputs": true}}]}
                """#))
        }
        // "f" and "fo": one id the prefix of the other.
        try loadPage(engine, #"""
            {"id": "p", "components": [{"id": "f", "type": "Form", "data": {"bind": "form/a"}},
                                       {"id": "fo", "type": "Form", "data": {"bind": "form/b"}}]}
            """#)
        _ = engine.render()
        _ = engineError { () throws(EngineError) in try engine.press("fo/1") }
        _ = engineError { () throws(EngineError) in try engine.press("f/1") }
        #expect(engine.diagnostics.filter { $0.code == "validation-failed" }.map(\.component) == ["f", "fo"])
        try engine.setInput("f/0", "x") // f's error goes; fo's stays
        #expect(engine.diagnostics.filter { $0.code == "validation-failed" }.map(\.component) == ["fo"])
    }
}

private extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
