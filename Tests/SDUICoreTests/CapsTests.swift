import Testing
@testable import SDUICore

/// What a factory, a handler or a round of effects may make the engine hold
/// or do (`ViewLimits`, `DispatchBudget`, `Store.maxStateBytes`), counted as
/// it is produced and failing only what went over, with a message that
/// names the limit.
@Suite("Caps")
struct CapsTests {
    /// A vstack of `n` texts: n + 1 nodes.
    static func stack(_ n: Int) -> String {
        #"{"type":"vstack","children":["# + Array(repeating: #"{"type":"text","text":"abc"}"#, count: n).joined(separator: ",")
            + "]}"
    }

    static func packedView(_ text: String, _ limits: ViewLimits) throws(ViewLimitError) -> FlatView? {
        let read: Result<FlatView?, ViewLimitError> = FlatViewTests.packed(text).withUnsafeBytes { raw in
            Result { () throws(ViewLimitError) in try FlatView(packed: raw, maxDepth: 512, limits: limits) }
        }
        return try read.get()
    }

    static func flatView(_ bytes: [UInt8], _ limits: ViewLimits) throws(ViewLimitError) -> FlatView? {
        let read: Result<FlatView?, ViewLimitError> = bytes.withUnsafeBytes { raw in
            Result { () throws(ViewLimitError) in try FlatView(flat: raw, maxDepth: 512, limits: limits) }
        }
        return try read.get()
    }

    static func viewError(_ body: () throws(ViewLimitError) -> FlatView?) -> ViewLimitError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: Views

    @Test func thePackedReaderStopsAtTheNodeAndByteLimits() throws {
        let text = Self.stack(20) // 21 nodes
        let view = try #require(try Self.packedView(text, .unlimited))
        #expect(view.nodeCount == 21)
        #expect(try Self.packedView(text, ViewLimits(nodes: 21, bytes: view.bytes.count))?.bytes == view.bytes)
        #expect(Self.viewError { () throws(ViewLimitError) in try Self.packedView(text, ViewLimits(nodes: 20, bytes: .max)) }
            == ViewLimitError(.nodes, limit: 20))
        #expect(Self.viewError { () throws(ViewLimitError) in
            try Self.packedView(text, ViewLimits(nodes: .max, bytes: view.bytes.count - 1))
        } == ViewLimitError(.bytes, limit: view.bytes.count - 1))
        // a view the reader leaves to the long way is not over any limit
        #expect(try Self.packedView(#"{"type":"vstack","key":"k"}"#, ViewLimits(nodes: 1, bytes: 100)) == nil)
    }

    @Test func theFlatCheckerStopsAtTheNodeAndByteLimits() throws {
        let bytes = try #require(try Self.packedView(Self.stack(20), .unlimited)).bytes
        #expect(try Self.flatView(bytes, ViewLimits(nodes: 21, bytes: bytes.count))?.bytes == bytes)
        #expect(Self.viewError { () throws(ViewLimitError) in try Self.flatView(bytes, ViewLimits(nodes: 20, bytes: .max)) }
            == ViewLimitError(.nodes, limit: 20))
        #expect(Self.viewError { () throws(ViewLimitError) in
            try Self.flatView(bytes, ViewLimits(nodes: .max, bytes: bytes.count - 1))
        } == ViewLimitError(.bytes, limit: bytes.count - 1))
        // bytes that are not a view stay a refusal, not a limit
        #expect(try Self.flatView([1, 2, 3], ViewLimits(nodes: 1, bytes: 100)) == nil)
    }

    @Test func aJSONViewIsCountedBeforeItBecomesATree() throws {
        let value = json(Self.stack(9)) // 10 nodes
        try ViewLimits(nodes: 10, bytes: 0).check(json: value)
        #expect(throws: ViewLimitError(.nodes, limit: 9)) { try ViewLimits(nodes: 9, bytes: 0).check(json: value) }
        let tree = try FlatViewTests.longWay(Self.stack(9))
        try ViewLimits(nodes: 10, bytes: tree.bytes.count).check(tree)
        #expect(throws: ViewLimitError(.nodes, limit: 9)) { try ViewLimits(nodes: 9, bytes: .max).check(tree) }
        #expect(throws: ViewLimitError(.bytes, limit: tree.bytes.count - 1)) {
            try ViewLimits(nodes: .max, bytes: tree.bytes.count - 1).check(tree)
        }
    }

    @Test func aViewOverTheLimitFailsOnlyItsComponent() throws {
        let engine = Engine()
        engine.limits.maxViewNodes = 50
        try engine.register(component: "Big") { _, _ in
            ViewNode(.vstack, children: Array(repeating: .text("x"), count: 60))
        }
        try engine.register(component: "Small") { _, _ in ViewNode(.vstack, children: [.text("ok")]) }
        try loadPage(engine, #"[{"id":"b","type":"Big"},{"id":"s","type":"Small"}]"#)
        let screen = engine.render()
        #expect(screen["b"]?.view.kind == .error)
        #expect(screen["s"]?.view.children.first?.props["text"] == "ok")
        #expect(engine.diagnostics.map(\.code) == ["factory-failed"])
        #expect(engine.diagnostics.first?.message.contains("node limit of 50 (SDUI_LIMIT_VIEW_NODES)") == true)
        engine.limits.maxViewNodes = 61
        try engine.register(component: "Big") { _, _ in ViewNode(.vstack, children: Array(repeating: .text("x"), count: 60)) }
        #expect(engine.render()["b"]?.view.kind == .vstack)
    }

    // MARK: Actions

    /// An engine with a counter service whose "c/bump" adds one to "n", and
    /// an untouched "other" service.
    static func counterEngine() throws -> Engine {
        let engine = Engine()
        try engine.register(service: "c", state: ["n": 0])
        try engine.register(service: "other", state: ["kept": true])
        try engine.store.register(action: "c/bump") { ctx in
            try ctx.set(.int(ctx.state["n"]!.intValue! + 1), at: JSONPath([.key("n")]))
        }
        return engine
    }

    @Test func roundsOfFollowUpsShareOneActionLimit() throws {
        let engine = try Self.counterEngine()
        engine.limits.maxActions = 1_000
        // each change of n queues 30 more bumps: without a budget, 30 x the round limit
        let subscription = engine.subscribe("c", at: JSONPath([.key("n")])) { ctx in
            for _ in 0..<30 { ctx.dispatch(Action(type: "c/bump")) }
        }
        let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "c/bump")) }
        #expect(error?.code == .limit)
        #expect(error?.message.contains("action limit of 1000 was reached (SDUI_LIMIT_ACTIONS)") == true)
        // 1 + 33 rounds of 30 committed (991 actions); the round that reached 1000 was rolled back
        #expect(engine.store.services["c"] == ["n": 991])
        #expect(engine.store.services["other"] == ["kept": true])
        #expect(engine.counters.actions == 991)
        #expect(engine.diagnostics.map(\.code) == ["followup-failed"])
        // the next call has a budget of its own
        #expect(engine.unsubscribe(subscription))
        try engine.dispatch(Action(type: "c/bump"))
        #expect(engine.store.services["c"] == ["n": 992])
    }

    @Test func anActionLimitHitInTheFirstRoundChangesNothing() throws {
        let engine = try Self.counterEngine()
        engine.limits.maxActions = 10
        try engine.store.register(action: "c/many") { ctx in
            try ctx.set(1_000, at: JSONPath([.key("n")]))
            for _ in 0..<20 { ctx.dispatch(Action(type: "c/bump")) }
        }
        let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "c/many")) }
        #expect(error?.code == .limit)
        #expect(error?.message.contains("action limit of 10") == true)
        #expect(engine.store.services["c"] == ["n": 0])
        // nine follow-ups fit
        try engine.store.register(action: "c/nine") { ctx in
            for _ in 0..<9 { ctx.dispatch(Action(type: "c/bump")) }
        }
        try engine.dispatch(Action(type: "c/nine"))
        #expect(engine.store.services["c"] == ["n": 9])
    }

    @Test func anEffectThatTriggersItselfStopsAtTheActionLimit() throws {
        let engine = try Self.counterEngine()
        engine.limits.maxActions = 100
        let performed = Box(0)
        try engine.store.register(action: "c/ping") { ctx in
            try ctx.set(.int(ctx.state["n"]!.intValue! + 1), at: JSONPath([.key("n")]))
            ctx.emit(try Effect(json: ["type": "ping", "on_success": ["type": "c/ping"]]))
        }
        try engine.register(effect: "ping") { ctx in
            performed.value += 1
            ctx.finish(ok: true, result: .null)
        }
        let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "c/ping")) }
        #expect(error?.message.contains("action limit of 100") == true)
        // each round is an action and an effect: 50 rounds, then the 51st action has no room
        #expect(performed.value == 50)
        #expect(engine.store.services["c"] == ["n": 50])
        #expect(engine.store.services["other"] == ["kept": true])
    }

    @Test func aTimerReArmedAtZeroWaitsForTheNextTick() throws {
        let engine = try Self.counterEngine()
        try engine.store.register(action: "c/again") { ctx in
            try ctx.set(.int(ctx.state["n"]!.intValue! + 1), at: JSONPath([.key("n")]))
            ctx.emit(try Effect.after(ms: 0, Action(type: "c/again")))
        }
        try engine.dispatch(Action(type: "c/again"))
        for n in 2...5 {
            #expect(engine.tick(0) == 1)
            #expect(engine.store.services["c"] == ["n": .int(Int64(n))])
            #expect(engine.nextTimer == 0)
        }
    }

    @Test func aTickFiresNoMoreThanItsActionLimitAndKeepsTheRest() throws {
        let engine = try Self.counterEngine()
        try engine.store.register(action: "c/arm") { ctx in
            for _ in 0..<10 { ctx.emit(try Effect.after(ms: 5, Action(type: "c/bump"))) }
        }
        try engine.dispatch(Action(type: "c/arm"))
        engine.limits.maxActions = 4
        #expect(engine.tick(5) == 4)
        #expect(engine.store.services["c"] == ["n": 4])
        #expect(engine.nextTimer == 0)
        #expect(engine.tick(5) == 4)
        #expect(engine.tick(5) == 2)
        #expect(engine.store.services["c"] == ["n": 10])
        #expect(engine.nextTimer == nil)
    }

    // MARK: State

    @Test func aDispatchWritesNoMoreThanTheWriteLimit() throws {
        let engine = try Self.counterEngine()
        engine.limits.maxWriteBytes = 10_000
        let big = JSON.string(String(repeating: "x", count: 3_000))
        try engine.store.register(action: "c/grow") { ctx in
            for i in 0..<ctx.payload.intValue! { try ctx.set(big, at: JSONPath([.key("k\(i)")])) }
        }
        let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "c/grow", payload: 4)) }
        #expect(error?.code == .limit)
        #expect(error?.message.contains("write limit of 10000 bytes was reached (SDUI_LIMIT_WRITE_BYTES)") == true)
        #expect(engine.store.services["c"] == ["n": 0])
        try engine.dispatch(Action(type: "c/grow", payload: 3))
        #expect(engine.store.services["c"]?.objectValue?.count == 4)
        // a handler that catches the refusal still fails its dispatch
        try engine.store.register(action: "c/sneaky") { ctx in
            _ = try? ctx.set(.string(String(repeating: "y", count: 20_000)), at: JSONPath([.key("huge")]))
        }
        #expect(engineError { () throws(EngineError) in try engine.dispatch(Action(type: "c/sneaky")) }?.code == .limit)
        #expect(engine.store.services["c"]?["huge"] == nil)
    }

    @Test func theStateGrowsNoFurtherThanTheStateLimit() throws {
        let engine = try Self.counterEngine()
        let base = engine.store.stateBytes
        engine.limits.maxStateBytes = base + 10_000
        let chunk = JSON.string(String(repeating: "x", count: 3_000))
        try engine.store.register(action: "c/add") { ctx in
            try ctx.set(chunk, at: JSONPath([.key("k\(ctx.payload.intValue!)")]))
        }
        for i in 0..<3 { try engine.dispatch(Action(type: "c/add", payload: .int(Int64(i)))) }
        let before = engine.store.services
        let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "c/add", payload: 3)) }
        #expect(error?.message.contains("state limit of \(base + 10_000) bytes was reached (SDUI_LIMIT_STATE_BYTES)") == true)
        #expect(engine.store.services == before)
        // replacing a chunk does not grow the state; removing one makes room
        try engine.dispatch(Action(type: "c/add", payload: 0))
        try engine.store.register(action: "c/drop") { ctx in try ctx.set(nil, at: JSONPath([.key("k0")])) }
        try engine.dispatch(Action(type: "c/drop"))
        try engine.dispatch(Action(type: "c/add", payload: 3))
        // a whole new state over the limit is refused too, and so is a service
        try engine.store.register(action: "c/replace") { ctx in ctx.state = .string(String(repeating: "z", count: 20_000)) }
        #expect(engineError { () throws(EngineError) in try engine.dispatch(Action(type: "c/replace")) }?.code == .limit)
        #expect(engineError { () throws(EngineError) in
            try engine.register(service: "huge", state: .string(String(repeating: "z", count: 20_000)))
        }?.code == .limit)
        #expect(engine.store.state(of: "huge") == nil)
    }

    @Test func theStateSizeFollowsChangesAndRollbacks() throws {
        let store = Store()
        try store.register(service: "s", state: ["a": "xyz"])
        let start = store.stateBytes
        #expect(start == PackedValue.size(of: ["a": "xyz"]))
        try store.register(action: "s/set") { ctx in
            try ctx.set(ctx.payload, at: JSONPath([.key("b")]))
        }
        try store.register(action: "s/fail") { ctx in
            try ctx.set("long enough to count", at: JSONPath([.key("c")]))
            throw CallbackError("no")
        }
        try store.dispatch(Action(type: "s/set", payload: "12345"))
        #expect(store.stateBytes == PackedValue.size(of: store.state(of: "s")!))
        let after = store.stateBytes
        _ = engineError { () throws(EngineError) in try store.dispatch(Action(type: "s/fail")) }
        #expect(store.stateBytes == after)
        try store.dispatch(Action(type: "s/set", payload: "1"))
        #expect(store.stateBytes == PackedValue.size(of: store.state(of: "s")!))
    }

    @Test func aHandlerStartingOverTakesBackItsWritesAndLimit() throws {
        let store = Store()
        store.budget.maxWriteBytes = 100
        try store.register(service: "s", state: [:])
        let attempts = Box(0)
        try store.register(action: "s/retry") { ctx in
            _ = try? ctx.set(.string(String(repeating: "x", count: 200)), at: JSONPath([.key("big")]))
            #expect(ctx.limitError != nil)
            ctx.rollback()
            #expect(ctx.limitError == nil)
            attempts.value += 1
            try ctx.set("small", at: JSONPath([.key("ok")]))
        }
        try store.dispatch(Action(type: "s/retry"))
        #expect(attempts.value == 1)
        #expect(store.state(of: "s") == ["ok": "small"])
    }
}
