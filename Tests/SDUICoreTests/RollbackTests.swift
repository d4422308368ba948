import Testing
@testable import SDUICore

/// A callback taking back what it did so far (`HandlerContext.rollback`,
/// `RenderContext.rollback`) and reporting problems without failing (`warn`).
@Suite("Callback rollback and warnings")
struct RollbackTests {
    static func makeStore() throws -> Store {
        let store = Store()
        try store.register(service: "cart", state: json(#"{"items":[],"total":0}"#))
        try store.register(service: "log", state: json("[]"))
        try store.register(action: "log/append") { ctx in
            try ctx.set(ctx.payload, at: JSONPath([.index(ctx.state.arrayValue!.count)]))
        }
        return store
    }

    @Test func rollbackThenNewChangesCommitOnlyTheNewOnes() throws {
        let store = try Self.makeStore()
        try store.register(action: "cart/add") { ctx in
            try ctx.set(7, at: JSONPath([.key("items"), .index(0)]))
            try ctx.set(99, at: JSONPath([.key("total")]))
            ctx.state = json(#"{"replaced":true}"#)
            ctx.dispatch(Action(type: "log/append", payload: "first try"))
            ctx.emit(try Effect(json: json(#"{"type":"analytics"}"#)))
            ctx.warn("first try")
            ctx.rollback()
            // Back to what it received, with nothing queued.
            #expect(ctx.state == json(#"{"items":[],"total":0}"#))
            #expect(ctx.queued.isEmpty && ctx.effects.isEmpty && ctx.warnings.isEmpty)
            try ctx.set(8, at: JSONPath([.key("items"), .index(0)]))
            ctx.dispatch(Action(type: "log/append", payload: "second try"))
            ctx.warn("second try")
        }
        let outcome = try store.dispatch(Action(type: "cart/add"))
        #expect(try store.state("cart") == json(#"{"items":[8],"total":0}"#))
        #expect(try store.state("log") == json(#"["second try"]"#))
        #expect(outcome.effects.isEmpty)
        #expect(outcome.changes["cart"]?.keys == ["items"])
        #expect(outcome.changes["cart"]?.replaced == false)
        #expect(store.takeWarnings().map(\.message) == ["second try"])
        #expect(store.warnings.isEmpty)
    }

    @Test func rollbackThenFailureStillRollsBackTheWholeDispatch() throws {
        let store = try Self.makeStore()
        let version = store.version(of: "cart")
        try store.register(action: "cart/add") { ctx in
            try ctx.set(7, at: JSONPath([.key("items"), .index(0)]))
            ctx.rollback()
            try ctx.set(8, at: JSONPath([.key("items"), .index(0)]))
            ctx.state = json("[]")
            ctx.warn("about to fail")
            throw CallbackError("second try failed too")
        }
        try store.register(action: "cart/start") { ctx in
            try ctx.set(1, at: JSONPath([.key("total")]))
            ctx.dispatch(Action(type: "cart/add"))
        }
        let error = engineError { () throws(EngineError) in try store.dispatch(Action(type: "cart/start")) }
        #expect(error?.message.contains("second try failed too") == true)
        #expect(try store.state("cart") == json(#"{"items":[],"total":0}"#))
        #expect(store.version(of: "cart") == version)
        // The warning survives the failed dispatch.
        #expect(store.takeWarnings().map { "\($0.action): \($0.message)" } == ["cart/add: about to fail"])
    }

    @Test func handlerWarningsBecomeRuntimeDiagnostics() throws {
        let engine = Engine()
        try engine.register(service: "cart", state: json("{}"))
        try engine.store.register(action: "cart/ok") { ctx in ctx.warn("careful") }
        try engine.store.register(action: "cart/bad") { ctx in
            ctx.warn("before failing")
            throw CallbackError("no")
        }
        try engine.dispatch(Action(type: "cart/ok"))
        #expect(engineError { () throws(EngineError) in try engine.dispatch(Action(type: "cart/bad")) } != nil)
        #expect(engine.diagnostics == [
            Diagnostic(.warning, "handler-warning", component: nil, #"action "cart/ok": careful"#),
            Diagnostic(.warning, "handler-warning", component: nil, #"action "cart/bad": before failing"#),
        ])
    }

    @Test func factoryWarningsNameTheirComponentForThatRender() throws {
        let engine = Engine()
        try engine.register(service: "flags", state: json(#"{"warn":true}"#))
        try engine.register(component: "Card") { data, ctx in
            ctx.warn("dropped before rollback")
            ctx.rollback()
            if ctx.state("flags", at: JSONPath([.key("warn")])) == .bool(true) {
                ctx.warn("card \(data["title"]?.stringValue ?? "?") is old")
            }
            return .text("ok")
        }
        try loadPage(engine, #"[{"id":"a","type":"Card","data":{"title":"A"}},{"id":"b","type":"Other"}]"#)
        _ = engine.render()
        #expect(engine.diagnostics.filter { $0.code == "factory-warning" } == [
            Diagnostic(.warning, "factory-warning", component: "a", "card A is old"),
        ])
        // Rendering again without the warning clears it.
        try engine.register(service: "flags", state: json(#"{"warn":false}"#))
        _ = engine.render()
        #expect(engine.diagnostics.filter { $0.code == "factory-warning" }.isEmpty)
    }
}
