import Testing
@testable import SDUICore

/// Bound inputs (`InputBinding`): the value shown comes from the service
/// (a read), and `Engine.setInput` stores a new one as a dispatch would.
@Suite("Input bindings")
struct InputBindingTests {
    /// An engine with a "form" service and a "Form" component of two bound inputs and one unbound.
    static func engine(state: String = #"{"email": "a@b.c", "qty": 2, "tags": ["x", "z"]}"#) throws -> Engine {
        let engine = Engine()
        try engine.register(service: "form", state: json(state))
        try engine.register(component: "Form") { _, _ in
            try ViewNode(json: json(#"""
                {"type": "vstack", "children": [
                  {"type": "input", "name": "email", "format": "email", "bind": "form/email", "value": "default"},
                  {"type": "input", "name": "qty", "kind": "number", "bind": "form/qty", "key": "qty"},
                  {"type": "input", "name": "tags", "kind": "choice", "multiple": true, "bind": "form/tags",
                   "options": [{"title": "X", "value": "x"}, {"title": "Z", "value": "z"}]},
                  {"type": "input", "name": "free"},
                  {"type": "text", "text": "hi"}]}
                """#))
        }
        try loadPage(engine, #"{"id": "p", "components": [{"id": "f", "type": "Form"}, {"id": "g", "type": "Form"}]}"#)
        return engine
    }

    static func value(_ engine: Engine, _ component: String, _ child: Int) -> String? {
        engine.render()[component]?.view.children[child].props["value"]
    }

    @Test func boundInputsShowTheirState() throws {
        let engine = try Self.engine()
        #expect(Self.value(engine, "f", 0) == "a@b.c")
        #expect(Self.value(engine, "f", 1) == "2")
        #expect(Self.value(engine, "f", 2) == "x,z")
        #expect(Self.value(engine, "f", 3) == nil)
        let missing = try Self.engine(state: "{}")
        #expect(Self.value(missing, "f", 0) == "default", "the factory's value stands in")
        let empty = try Self.engine(state: #"{"email": ""}"#)
        #expect(Self.value(empty, "f", 0) == nil, "no value: the placeholder shows")
    }

    @Test func setInputStoresTheValueAndPatchesFollow() throws {
        let engine = try Self.engine()
        _ = engine.render()
        let rendersBefore = engine.counters.componentRenders
        try engine.setInput("f/0", "new@b.c")
        #expect(try engine.store.state("form", at: JSONPath(parsing: "email")) == .string("new@b.c"))
        let patches = engine.takePatches()
        #expect(patches.patches.count == 2, "both components read form.email")
        #expect(engine.counters.componentRenders == rendersBefore + 2)
        #expect(Self.value(engine, "g", 0) == "new@b.c")
        try engine.setInput("f#qty", "7")
        #expect(try engine.store.state("form", at: JSONPath(parsing: "qty")) == .int(7), "a number input stores a number")
        let refused = engineError { () throws(EngineError) in try engine.setInput("f#qty", "seven") }
        #expect(refused?.code == .contract, "not a number: refused (InputDomainTests)")
        #expect(try engine.store.state("form", at: JSONPath(parsing: "qty")) == .int(7))
    }

    @Test func setInputRefusesWhatIsNotABoundInput() throws {
        let engine = try Self.engine()
        _ = engine.render()
        #expect(engineError { () throws(EngineError) in try engine.setInput("f/9", "x") }?.code == .notFound)
        #expect(engineError { () throws(EngineError) in try engine.setInput("f/3", "x") }?.code == .invalid, "an unbound input")
        #expect(engineError { () throws(EngineError) in try engine.setInput("f/4", "x") }?.code == .invalid, "a text")
        #expect(engine.takePatches().isEmpty)
    }

    @Test func setInputIsAllOrNothingAndMiddlewareSeesIt() throws {
        let engine = try Self.engine(state: #"{"email": 1, "qty": "q", "tags": 3}"#)
        try engine.register(component: "Deep") { _, _ in
            try ViewNode(json: json(#"{"type": "input", "name": "d", "bind": "form/tags.inner"}"#))
        }
        try loadPage(engine, #"{"id": "p", "components": [{"id": "f", "type": "Form"}, {"id": "d", "type": "Deep"}]}"#)
        _ = engine.render()
        var seen: [String] = []
        _ = engine.store.addMiddleware { phase, action in
            if phase == .before { seen.append(JSONWriter.string(action.json)) }
        }
        try engine.setInput("f/0", "x")
        #expect(seen == [#"{"type":"form/sdui.input","payload":{"node":"f/0","bind":"form/email","value":"x"}}"#])
        let version = engine.store.version(of: "form")
        #expect(engineError { () throws(EngineError) in try engine.setInput("d", "y") } != nil, "tags is a number: no member to set")
        #expect(engine.store.version(of: "form") == version)
        #expect(try engine.store.state("form", at: JSONPath(parsing: "tags")) == .int(3))
    }

    @Test func bindIsCheckedWhereTheViewIsMade() throws {
        for (bind, message) in [("email", "bind must be \"service/path\""), ("form/", "names a whole service")] {
            do throws(ContractError) {
                _ = try ViewNode(json: json(#"{"type": "input", "name": "a", "bind": "\#(bind)"}"#))
                Issue.record("accepted \(bind)")
            } catch {
                #expect(error.path.description == "$.bind")
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    @Test func shownValues() {
        #expect(InputBinding.shown(.string("s")) == "s")
        #expect(InputBinding.shown(.double(1.5)) == "1.5")
        #expect(InputBinding.shown(.bool(true)) == "true")
        #expect(InputBinding.shown(json(#"["a","b"]"#)) == "a,b")
        #expect(InputBinding.shown(json(#"["a",1]"#)) == nil)
        #expect(InputBinding.shown(.null) == nil)
    }

    @Test func pressAddsTheInputsItAsksFor() throws {
        let engine = Engine()
        try engine.register(service: "form", state: json(#"{"email": "a@b.c"}"#))
        var payloads: [String] = []
        try engine.store.register(action: "form/send") { context in payloads.append(JSONWriter.string(context.payload)) }
        try engine.register(component: "Form") { data, _ in
            try ViewNode(json: json(#"""
                {"type": "vstack", "children": [
                  {"type": "input", "name": "email", "bind": "form/email"},
                  {"type": "input", "name": "qty", "kind": "number", "value": "3"},
                  {"type": "input", "name": "note"},
                  {"type": "button", "label": "all", "action": {"type": "form/send", "payload": {"from": "x", "qty": 0}, "inputs": true}},
                  {"type": "button", "label": "some", "action": {"type": "form/send", "inputs": ["qty", "email"]}},
                  {"type": "button", "label": "plain", "action": {"type": "form/send", "payload": 1}},
                  {"type": "button", "label": "missing", "action": {"type": "form/send", "inputs": ["nope"]}},
                  {"type": "button", "label": "bad", "action": {"type": "form/send", "payload": 1, "inputs": true}},
                  {"type": "text", "text": "no action"}]}
                """#))
        }
        try loadPage(engine, #"{"id": "p", "components": [{"id": "f", "type": "Form"}]}"#)
        _ = engine.render()
        try engine.press("f/3")
        try engine.press("f/4")
        try engine.press("f/5")
        #expect(payloads == [#"{"from":"x","qty":"3","email":"a@b.c","note":""}"#, #"{"qty":"3","email":"a@b.c"}"#, "1"])
        #expect(engineError { () throws(EngineError) in try engine.press("f/6") }?.code == .notFound)
        #expect(engineError { () throws(EngineError) in try engine.press("f/7") }?.code == .contract)
        #expect(engineError { () throws(EngineError) in try engine.press("f/8") }?.code == .invalid)
        #expect(engineError { () throws(EngineError) in try engine.press("f/9") }?.code == .notFound)
        #expect(payloads.count == 3)
        // A dispatch of an action with inputs ignores them.
        try dispatch(engine, #"{"type": "form/send", "payload": 2, "inputs": true}"#)
        #expect(payloads.last == "2")
    }
}
