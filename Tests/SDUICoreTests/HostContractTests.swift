import Testing
@testable import SDUICore

/// The host contract's engine side: acknowledged input edits (a patch never
/// overwrites what the person typed since) and the heights a natively
/// laid-out host measured (the lazy list and viewport follow them).
@Suite("Host contract")
struct HostContractTests {
    /// An engine with a "form" service, a "Form" component of a bound text
    /// input, a button whose action clears it ("form/clear") and a bound
    /// number input.
    static func form() throws -> Engine {
        let engine = Engine()
        try engine.register(service: "form", state: json(#"{"name": "", "qty": 1}"#))
        try engine.store.register(action: "form/clear") { ctx in try ctx.state.set("", at: JSONPath([.key("name")])) }
        try engine.register(component: "Form") { _, _ in
            try ViewNode(json: json(#"""
                {"type": "vstack", "children": [
                  {"type": "input", "name": "name", "bind": "form/name"},
                  {"type": "button", "label": "Send", "action": {"type": "form/clear"}},
                  {"type": "input", "name": "qty", "kind": "number", "bind": "form/qty"}]}
                """#))
        }
        try loadPage(engine, #"{"id": "p", "components": [{"id": "f", "type": "Form"}]}"#)
        _ = engine.render()
        return engine
    }

    /// The input's value on the current screen.
    static func value(_ engine: Engine) -> String? {
        engine.currentScreen()["f"]!.view.children[0].props["value"]
    }

    /// The patches' JSON from the host's screen to the current one.
    static func patches(_ engine: Engine) -> String {
        String(decoding: engine.takePatches().jsonBytes(), as: UTF8.self)
    }

    @Test func anAcknowledgedEditIsNotEchoedBack() throws {
        let engine = try Self.form()
        try engine.setInput("f/0", "a", seq: 1)
        #expect(Self.value(engine) == "a")
        let set = engine.takePatches()
        #expect(set.patches.isEmpty, "the host drew what was typed: nothing to send back")
        #expect(set.inputAcks == ["f/0": 1])
        #expect(JSONWriter.bytes(set.json) == set.jsonBytes())
    }

    @Test func withoutANumberTheValueIsSentBack() throws {
        let engine = try Self.form()
        try engine.setInput("f/0", "a")
        let set = engine.takePatches()
        #expect(set.patches.count == 1, "a host that does not draw edits itself gets the value")
        #expect(set.inputAcks.isEmpty)
        #expect(!String(decoding: set.jsonBytes(), as: UTF8.self).contains("acks"), "written only when there are some")
    }

    @Test func aValueTheEngineShowsOtherwiseIsSentWithTheEditItAnswers() throws {
        let engine = try Self.form()
        try engine.setInput("f/2", "1e3", seq: 2) // a number: stored and shown as 1000
        let patches = Self.patches(engine)
        #expect(patches.contains(#""value":"1000"#), "\(patches)")
        #expect(patches.hasSuffix(#""acks":{"f/2":2}}"#), "\(patches)")
    }

    @Test func aStaleOrRepeatedNumberChangesNothing() throws {
        let engine = try Self.form()
        try engine.setInput("f/0", "ab", seq: 5)
        for seq: Int64 in [5, 4, 0, -1] {
            let error = engineError { () throws(EngineError) in try engine.setInput("f/0", "zz", seq: seq) }
            #expect(error?.code == .invalid)
        }
        #expect(Self.value(engine) == "ab")
        #expect(engine.store.state(of: "form") == json(#"{"name": "ab", "qty": 1}"#))
        #expect(engine.takePatches().inputAcks == ["f/0": 5])
    }

    @Test func aHandlerClearingTheFieldIsSentWithTheLastEditsNumber() throws {
        let engine = try Self.form()
        try engine.setInput("f/0", "hello", seq: 3)
        _ = engine.takePatches()
        try engine.press("f/1")
        let set = engine.takePatches()
        #expect(set.patches.count == 1, "the cleared value goes to the host")
        #expect(set.inputAcks == ["f/0": 3], "as of edit 3: a host that sent nothing since applies it")
        #expect(Self.value(engine) == nil)
    }

    @Test func acksBelongToTheirPage() throws {
        let engine = try Self.form()
        try engine.setInput("f/0", "a", seq: 4)
        try loadPage(engine, #"{"id": "q", "components": [{"id": "f", "type": "Form"}]}"#)
        try engine.setInput("f/0", "b", seq: 1)
        #expect(engine.takePatches().inputAcks == ["f/0": 1], "a new page counts again")
    }

    /// An engine with `count` "Line" components, one row each.
    static func lines(_ count: Int) throws -> Engine {
        let engine = Engine()
        try engine.register(component: "Line") { _, ctx in ViewNode.text(ctx.componentId) }
        engine.loadPage(Page(id: "p", components: (0..<count).map { Component(id: "c\($0)", type: "Line") }))
        return engine
    }

    @Test func measuredHeightsDriveTheViewport() throws {
        let engine = try Self.lines(100)
        let first = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        #expect(first == (0..<10).map { .appear("c\($0)") }, "one row each, as the engine lays them out")
        try engine.setMeasuredHeight(6, of: "c0")
        try engine.setMeasuredHeight(6, of: "c1")
        let events = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        #expect(events == (2..<10).map { .disappear("c\($0)") }, "c0 and c1 fill the viewport as the host drew them")
        let scrolled = engine.setViewport(.init(width: 40, offset: 12, height: 10))
        #expect(scrolled.first == .disappear("c0"))
        #expect(scrolled.contains(.appear("c2")))
    }

    @Test func measuredHeightsSetTheEstimate() throws {
        let engine = try Self.lines(1000)
        _ = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        let renders = engine.counters.componentRenders
        for i in 0..<10 { try engine.setMeasuredHeight(20, of: "c\(i)") }
        _ = engine.setViewport(.init(width: 40, offset: 400, height: 10))
        _ = engine.render()
        // c0-c9 measured 20 high, c10-c29 laid out 1 high (rendered by the
        // first window): 220 points; the rest count at the measures' average,
        // 20, so offset 400 is near c38, not c400 as at one row each.
        #expect(engine.counters.componentRenders - renders < 40)
        let ids = Set(engine.currentScreen().components.map(\.id))
        #expect(ids.contains("c38") && !ids.contains("c100"), "\(ids.sorted())")
    }

    @Test func aBadMeasureIsRefused() throws {
        let engine = try Self.lines(3)
        for height in [-1, .nan, .infinity] {
            #expect(engineError { () throws(EngineError) in try engine.setMeasuredHeight(height, of: "c0") }?.code == .invalid)
        }
        #expect(engineError { () throws(EngineError) in try engine.setMeasuredHeight(3, of: "nope") }?.code == .notFound)
    }
}
