import Testing
@testable import SDUICore

/// An engine with a "log" service (an array the log/append handler grows)
/// and a "work" service whose handlers emit effects.
func asyncEngine() throws -> Engine {
    let engine = Engine()
    try engine.register(service: "log", state: [])
    try engine.store.register(action: "log/append") { ctx in
        guard case .array(var lines) = ctx.state else { return }
        lines.append(ctx.payload)
        ctx.state = .array(lines)
    }
    try engine.register(service: "work", state: ["n": 0])
    // payload: {"delays": [[ms, tag], ...]}: one "after" effect each, in order.
    try engine.store.register(action: "work/later") { ctx in
        for pair in ctx.payload["delays"]!.arrayValue! {
            ctx.emit(try Effect.after(ms: pair[0]!.intValue!, Action(type: "log/append", payload: pair[1]!)))
        }
        ctx.state = ["n": .int(ctx.state["n"]!.intValue! + 1)]
    }
    return engine
}

func logged(_ engine: Engine) -> JSON? {
    engine.store.services["log"]
}

@Suite("Effects and time")
struct EffectTests {
    static func later(_ pairs: [(Int64, String)]) -> Action {
        Action(type: "work/later", payload: ["delays": .array(pairs.map { [.int($0.0), .string($0.1)] })])
    }

    @Test func aDelayedActionRunsOnceWhenItsTimeComes() throws {
        let engine = try asyncEngine()
        try engine.dispatch(Self.later([(300, "a")]))
        #expect(engine.nextTimer == 300)
        #expect(logged(engine) == [])
        #expect(engine.tick(299) == 0)
        #expect(logged(engine) == [])
        #expect(engine.nextTimer == 1)
        #expect(engine.tick(300) == 1)
        #expect(logged(engine) == ["a"])
        #expect(engine.nextTimer == nil)
        #expect(engine.tick(10_000) == 0)
        #expect(logged(engine) == ["a"])
        #expect(engine.counters.actions == 2)
    }

    @Test func timersRunEarliestFirstAndInEmissionOrderWhenDueTogether() throws {
        let engine = try asyncEngine()
        try engine.dispatch(Self.later([(300, "a"), (100, "b"), (300, "c"), (100, "d"), (0, "e")]))
        #expect(engine.nextTimer == 0)
        #expect(engine.tick(0) == 1)
        #expect(logged(engine) == ["e"])
        #expect(engine.nextTimer == 100)
        #expect(engine.tick(1000) == 4)
        #expect(logged(engine) == ["e", "b", "d", "a", "c"])
    }

    @Test func delaysCountFromEngineTimeAtEmissionAndTimeNeverGoesBack() throws {
        let engine = try asyncEngine()
        #expect(engine.tick(1000) == 0)
        try engine.dispatch(Self.later([(300, "a")]))
        #expect(engine.nextTimer == 300)
        #expect(engine.tick(1299) == 0)
        #expect(engine.tick(500) == 0)
        #expect(engine.clock == 1299)
        #expect(engine.nextTimer == 1)
        #expect(engine.tick(1300) == 1)
        #expect(logged(engine) == ["a"])
    }

    @Test func timersEmittedByAFailingDispatchAreDropped() throws {
        let engine = try asyncEngine()
        try engine.store.register(action: "work/laterThenFail") { ctx in
            ctx.emit(try Effect.after(ms: 10, Action(type: "log/append", payload: "never")))
            ctx.dispatch(Action(type: "work/fail"))
        }
        try engine.store.register(action: "work/fail") { _ in throw CallbackError("nope") }
        let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "work/laterThenFail")) }
        #expect(error == EngineError(.callback, "action \"work/fail\" failed: nope"))
        #expect(engine.nextTimer == nil)
        #expect(engine.tick(1000) == 0)
        #expect(logged(engine) == [])
    }

    @Test func aDelayedActionThatFailsBecomesADiagnostic() throws {
        let engine = try asyncEngine()
        try engine.store.register(action: "work/laterMissing") { ctx in
            ctx.emit(try Effect.after(ms: 5, Action(type: "log/missing")))
            ctx.emit(try Effect.after(ms: 5, Action(type: "log/append", payload: "still runs")))
        }
        try engine.dispatch(Action(type: "work/laterMissing"))
        #expect(engine.tick(5) == 2)
        #expect(logged(engine) == ["still runs"])
        #expect(engine.diagnostics.map(\.code) == ["timer-failed"])
        #expect(engine.diagnostics.first?.message == "delayed \"log/missing\": no handler for action \"log/missing\"")
    }

    @Test func aTimerThatKeepsReschedulingItselfRunsOnceATick() throws {
        let engine = try asyncEngine()
        try engine.store.register(action: "work/again") { ctx in
            ctx.state = ["n": .int(ctx.state["n"]!.intValue! + 1)]
            ctx.emit(try Effect.after(ms: 0, Action(type: "work/again")))
        }
        try engine.dispatch(Action(type: "work/again"))
        // the timer it schedules at 0 ms waits for the next tick: the host gets control back
        #expect(engine.tick(10) == 1)
        #expect(engine.store.services["work"] == ["n": 2])
        #expect(engine.nextTimer == 0)
        #expect(engine.tick(10) == 1)
        #expect(engine.store.services["work"] == ["n": 3])
    }

    /// A handler asking for the longest delay Effect.after takes (any Int64)
    /// must not bring the process down. Runs in a child process.
    @Test func theLongestDelayDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let engine = try asyncEngine()
            try engine.store.register(action: "work/forever") { ctx in
                ctx.emit(try Effect.after(ms: Int64.max, Action(type: "log/append", payload: "never")))
            }
            try? engine.dispatch(Action(type: "work/forever"))
            engine.tick(1_000_000)
        }
    }

    // MARK: Performers

    static let request = json(#"""
        {"type":"request","url":"https://api.example.org/movies","method":"GET",
         "on_success":{"type":"log/append","payload":{"tag":"ok"}},
         "on_failure":{"type":"log/append","payload":{"tag":"failed"}}}
        """#)

    static func fetching(_ engine: Engine, effect: JSON = request) throws {
        try engine.store.register(action: "work/fetch") { ctx in
            ctx.emit(try Effect(json: effect))
            ctx.state = ["n": 1]
        }
    }

    @Test func aRequestGoesToItsPerformerWithAnIdAndFinishesLater() throws {
        let engine = try asyncEngine()
        try Self.fetching(engine)
        let seen = Box<[(Int, Effect)]>([])
        try engine.register(effect: "request") { ctx in seen.value.append((ctx.id, ctx.effect)) }
        try engine.dispatch(Action(type: "work/fetch"))
        try #require(seen.value.count == 1)
        let (id, effect) = seen.value[0]
        #expect(id > 0)
        #expect(effect.type == "request")
        var expected = Self.request.objectValue!
        expected["id"] = .int(Int64(id))
        #expect(effect.json == .object(expected))
        #expect(engine.pending == [id: effect])
        #expect(logged(engine) == [])

        try engine.finishEffect(id, ok: false, result: "timeout")
        #expect(logged(engine) == [["tag": "failed", "result": "timeout"]])
        #expect(engine.pending.isEmpty)
        let again = engineError { () throws(EngineError) in try engine.finishEffect(id, ok: true, result: .null) }
        #expect(again?.code == .notFound)
        #expect(logged(engine) == [["tag": "failed", "result": "timeout"]])
    }

    @Test func aPerformerFinishingAtOnceDispatchesOnSuccessWithTheResult() throws {
        let engine = try asyncEngine()
        try Self.fetching(engine)
        try engine.register(effect: "request") { ctx in
            ctx.finish(ok: true, result: ["status": 200])
            ctx.finish(ok: false, result: "ignored: already finished")
        }
        try engine.dispatch(Action(type: "work/fetch"))
        #expect(logged(engine) == [["tag": "ok", "result": ["status": 200]]])
        #expect(engine.pending.isEmpty)
        #expect(engine.counters.actions == 2)
        #expect(engine.diagnostics.isEmpty)
    }

    @Test func eachEffectGetsItsOwnId() throws {
        let engine = try asyncEngine()
        try engine.store.register(action: "work/twice") { ctx in
            ctx.emit(try Effect(json: Self.request))
            ctx.emit(try Effect(json: Self.request))
        }
        let ids = Box<[Int]>([])
        try engine.register(effect: "request") { ctx in ids.value.append(ctx.id) }
        try engine.dispatch(Action(type: "work/twice"))
        try engine.dispatch(Action(type: "work/twice"))
        #expect(ids.value.count == 4)
        #expect(Set(ids.value).count == 4)
        #expect(Set(engine.pending.keys) == Set(ids.value))
        try engine.finishEffect(ids.value[2], ok: true, result: 3)
        #expect(logged(engine) == [["tag": "ok", "result": 3]])
        #expect(Set(engine.pending.keys) == Set(ids.value).subtracting([ids.value[2]]))
    }

    @Test func aFailingPerformerFinishesTheEffectAsFailed() throws {
        let engine = try asyncEngine()
        try Self.fetching(engine)
        try engine.register(effect: "request") { _ in throw CallbackError("network down") }
        try engine.dispatch(Action(type: "work/fetch"))
        #expect(logged(engine) == [["tag": "failed", "result": "network down"]])
        #expect(engine.diagnostics.map(\.code) == ["effect-failed"])
        #expect(engine.pending.isEmpty)
        #expect(engine.store.services["work"] == ["n": 1])
    }

    @Test func anEffectWithoutPerformerIsDroppedWithADiagnostic() throws {
        let engine = try asyncEngine()
        try Self.fetching(engine, effect: ["type": "analytics", "event": "open"])
        try engine.dispatch(Action(type: "work/fetch"))
        #expect(engine.store.services["work"] == ["n": 1])
        #expect(engine.pending.isEmpty)
        #expect(engine.diagnostics == [Diagnostic(.error, "unknown-effect", component: nil,
                                                  "no performer for effect \"analytics\"; it was dropped")])
    }

    @Test func effectsOfAFailingDispatchNeverReachThePerformer() throws {
        let engine = try asyncEngine()
        try engine.store.register(action: "work/fetchThenFail") { ctx in
            ctx.emit(try Effect(json: Self.request))
            throw CallbackError("changed my mind")
        }
        let calls = Box(0)
        try engine.register(effect: "request") { _ in calls.value += 1 }
        #expect(engineError { () throws(EngineError) in try engine.dispatch(Action(type: "work/fetchThenFail")) }?.code == .callback)
        #expect(calls.value == 0)
        #expect(engine.pending.isEmpty)
        #expect(logged(engine) == [])
    }

    @Test func theTimerTypeIsTheEnginesOwn() {
        let engine = Engine()
        #expect(engineError { () throws(EngineError) in try engine.register(effect: "after") { _ in } }?.code == .invalid)
        #expect(engineError { () throws(EngineError) in try engine.register(effect: "") { _ in } }?.code == .invalid)
    }

    @Test(arguments: [
        (#"{"type":"after","action":{"type":"log/append"}}"#, "$.ms"),
        (#"{"type":"after","ms":-1,"action":{"type":"log/append"}}"#, "$.ms"),
        (#"{"type":"after","ms":"300","action":{"type":"log/append"}}"#, "$.ms"),
        (#"{"type":"after","ms":1e19,"action":{"type":"log/append"}}"#, "$.ms"),
        (#"{"type":"after","ms":300}"#, "$.action"),
        (#"{"type":"after","ms":300,"action":{"payload":1}}"#, "$.action.type"),
        (#"{"type":"after","ms":300,"action":{"type":"log/append","extra":1}}"#, "$.action.extra"),
        (#"{"type":"request","on_success":{"type":"log/append","payload":"x"}}"#, "$.on_success.payload"),
        (#"{"type":"request","on_failure":{"type":"log/append","payload":[1]}}"#, "$.on_failure.payload"),
        (#"{"type":"request","on_success":"log/append"}"#, "$.on_success"),
        (#"{"type":"request","on_success":{"type":"noslash"}}"#, "$.on_success.type"),
        (#"{"url":"https://x"}"#, "$.type"),
        (#"{"type":""}"#, "$.type"),
        (#""request""#, "$"),
    ])
    func invalidEffectsAreRejectedWithTheirPath(text: String, path: String) {
        do {
            let effect = try Effect(json: json(text))
            Issue.record("accepted \(effect.json)")
        } catch {
            #expect(error.path.description == path, "\(error)")
        }
    }

    @Test func validEffectsKeepTheirJSON() throws {
        let text = #"{"type":"request","url":"u","on_success":{"type":"log/append"},"on_failure":{"type":"log/append","payload":{"a":1}}}"#
        let effect = try Effect(json: json(text))
        #expect(effect.type == "request")
        #expect(effect.json == json(text))
        #expect(effect.followUp(ok: true, result: 7) == Action(type: "log/append", payload: ["result": 7]))
        #expect(effect.followUp(ok: false, result: 7) == Action(type: "log/append", payload: ["a": 1, "result": 7]))
        #expect(try Effect(json: json(#"{"type":"analytics"}"#)).followUp(ok: true, result: 1) == nil)
    }
}

@Suite("Subscriptions")
struct SubscriptionTests {
    /// counter/bump adds 1 to n and queues counter/bumpAgain (adds 1 again)
    /// and a log line; counter/set writes payload into n; counter/other touches another key.
    static func engine() throws -> Engine {
        let engine = try asyncEngine()
        try engine.register(service: "counter", state: ["n": 0, "other": 0])
        try engine.store.register(action: "counter/bump") { ctx in
            try ctx.set(.int(ctx.state["n"]!.intValue! + 1), at: JSONPath([.key("n")]))
            ctx.dispatch(Action(type: "counter/bumpAgain"))
            ctx.dispatch(Action(type: "log/append", payload: "bumped"))
        }
        try engine.store.register(action: "counter/bumpAgain") { ctx in
            try ctx.set(.int(ctx.state["n"]!.intValue! + 1), at: JSONPath([.key("n")]))
        }
        try engine.store.register(action: "counter/set") { ctx in
            try ctx.set(ctx.payload, at: JSONPath([.key("n")]))
        }
        try engine.store.register(action: "counter/other") { ctx in
            try ctx.set(.int(ctx.state["other"]!.intValue! + 1), at: JSONPath([.key("other")]))
        }
        try engine.store.register(action: "counter/drop") { ctx in
            try ctx.set(nil, at: JSONPath([.key("n")]))
        }
        return engine
    }

    @Test func firesOncePerDispatchAfterTheFollowUps() throws {
        let engine = try Self.engine()
        let seen = Box<[JSON?]>([])
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { ctx in seen.value.append(ctx.value) }
        try engine.dispatch(Action(type: "counter/bump"))
        #expect(seen.value == [2])
        try engine.dispatch(Action(type: "counter/bump"))
        #expect(seen.value == [2, 4])
    }

    @Test func firesOnlyWhenTheWatchedValueChanged() throws {
        let engine = try Self.engine()
        let n = Box<[JSON?]>([])
        let whole = Box<Int>(0)
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { ctx in n.value.append(ctx.value) }
        _ = engine.subscribe("counter", at: .root) { _ in whole.value += 1 }
        try engine.dispatch(Action(type: "counter/set", payload: 5))
        #expect(n.value == [5])
        try engine.dispatch(Action(type: "counter/set", payload: 5))
        #expect(n.value.count == 1)
        #expect(whole.value == 1)
        // 5.0 reads differently from 5 (a factory or Lua sees a float), so it is a change.
        try engine.dispatch(Action(type: "counter/set", payload: 5.0))
        #expect(n.value.count == 2)
        #expect(JSON.identical(n.value.last!, .double(5)))
        #expect(whole.value == 2)
        try engine.dispatch(Action(type: "counter/other"))
        #expect(n.value.count == 2)
        #expect(whole.value == 3)
        try engine.dispatch(Action(type: "counter/drop"))
        #expect(n.value.count == 3 && n.value.last! == nil)
        #expect(whole.value == 4)
    }

    @Test func watchesAServiceCreatedLater() throws {
        let engine = try Self.engine()
        let seen = Box<[JSON?]>([])
        _ = engine.subscribe("cart", at: JSONPath([.key("count")])) { ctx in
            #expect(ctx.service == "cart")
            #expect(ctx.path == JSONPath([.key("count")]))
            seen.value.append(ctx.value)
        }
        try engine.register(service: "cart", state: ["count": 1])
        #expect(seen.value == [1])
        try engine.register(service: "cart", state: ["count": 1])
        #expect(seen.value == [1])
        try engine.register(service: "cart", state: ["count": 2, "x": true])
        #expect(seen.value == [1, 2])
        try engine.store.register(action: "cart/clear") { ctx in ctx.state = [:] }
        try engine.dispatch(Action(type: "cart/clear"))
        #expect(seen.value == [1, 2, nil])
    }

    @Test func aSubscriberThatDispatchesQueuesTheActionForTheNextRound() throws {
        let engine = try Self.engine()
        let trace = Box<[String]>([])
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { [unowned engine] ctx in
            trace.value.append("counter sub saw n=\(ctx.value!.intValue!), log=\(JSONWriter.string(engine.store.services["log"]!))")
            ctx.dispatch(Action(type: "log/append", payload: "from subscriber"))
            // Queued, not run: the log is as it was.
            trace.value.append("after queueing, log=\(JSONWriter.string(engine.store.services["log"]!))")
        }
        _ = engine.subscribe("log", at: .root) { ctx in
            trace.value.append("log sub saw \(JSONWriter.string(ctx.value!))")
        }
        try engine.dispatch(Action(type: "counter/bump"))
        #expect(logged(engine) == ["bumped", "from subscriber"])
        #expect(trace.value == [
            #"counter sub saw n=2, log=["bumped"]"#,
            #"after queueing, log=["bumped"]"#,
            #"log sub saw ["bumped"]"#,
            #"log sub saw ["bumped","from subscriber"]"#,
        ])
        #expect(engine.counters.actions == 4)
    }

    @Test func subscribersThatKeepQueueingStopAtTheRoundLimit() throws {
        let engine = try Self.engine()
        engine.limits.queueLimit = 20
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { ctx in ctx.dispatch(Action(type: "counter/bump")) }
        try engine.dispatch(Action(type: "counter/bump"))
        // The dispatch, then 20 queued rounds, each bumping twice.
        #expect(engine.store.services["counter"]?["n"] == 42)
        #expect(engine.counters.actions == 63)
        #expect(engine.diagnostics.map(\.code) == ["rounds-exceeded"])
    }

    @Test func unsubscribeStopsIt() throws {
        let engine = try Self.engine()
        let calls = Box(0)
        let id = engine.subscribe("counter", at: JSONPath([.key("n")])) { _ in calls.value += 1 }
        let other = engine.subscribe("counter", at: JSONPath([.key("n")])) { _ in }
        #expect(id > 0 && other != id)
        try engine.dispatch(Action(type: "counter/bump"))
        #expect(calls.value == 1)
        #expect(engine.unsubscribe(id))
        #expect(!engine.unsubscribe(id))
        try engine.dispatch(Action(type: "counter/bump"))
        #expect(calls.value == 1)
    }

    @Test func aFailingSubscriberIsADiagnosticAndTheDispatchStands() throws {
        let engine = try Self.engine()
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { _ in throw CallbackError("bad subscriber") }
        let later = Box(0)
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { _ in later.value += 1 }
        try engine.dispatch(Action(type: "counter/set", payload: 3))
        #expect(engine.store.services["counter"]?["n"] == 3)
        #expect(later.value == 1)
        #expect(engine.diagnostics.map(\.code) == ["subscriber-failed"])
    }

    @Test func aFailingQueuedActionRollsBackOnlyItsRound() throws {
        let engine = try Self.engine()
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { ctx in
            ctx.dispatch(Action(type: "log/append", payload: "before failing"))
            ctx.dispatch(Action(type: "log/nope"))
        }
        try engine.dispatch(Action(type: "counter/set", payload: 3))
        #expect(engine.store.services["counter"]?["n"] == 3)
        #expect(logged(engine) == [])
        #expect(engine.diagnostics.map(\.code) == ["followup-failed"])
    }
}

@Suite("Middleware")
struct MiddlewareTests {
    @Test func seesEveryActionBeforeAndAfterInOrder() throws {
        let engine = try SubscriptionTests.engine()
        let trace = Box<[String]>([])
        let id = engine.store.addMiddleware { phase, action in trace.value.append("\(phase.rawValue) \(action.type)") }
        _ = engine.subscribe("counter", at: JSONPath([.key("n")])) { ctx in
            ctx.dispatch(Action(type: "counter/other"))
        }
        try engine.dispatch(Action(type: "counter/bump"))
        #expect(trace.value == [
            "before counter/bump", "after counter/bump",
            "before counter/bumpAgain", "after counter/bumpAgain",
            "before log/append", "after log/append",
            "before counter/other", "after counter/other",
        ])
        #expect(engine.store.removeMiddleware(id))
        #expect(!engine.store.removeMiddleware(id))
        try engine.dispatch(Action(type: "counter/set", payload: 1))
        #expect(trace.value.count == 8)
    }

    @Test(arguments: [("before", "counter/bump"), ("before", "counter/bumpAgain"), ("after", "counter/bumpAgain"), ("after", "log/append")])
    func aThrowingMiddlewareFailsTheDispatchAndRollsBack(phase: String, type: String) throws {
        let engine = try SubscriptionTests.engine()
        try engine.store.register(action: "counter/bumpLater") { ctx in
            ctx.emit(try Effect.after(ms: 10, Action(type: "log/append", payload: "late")))
            ctx.dispatch(Action(type: "counter/bump"))
        }
        _ = engine.store.addMiddleware { p, action in
            if p.rawValue == phase && action.type == type { throw CallbackError("blocked") }
        }
        let fired = Box(0)
        _ = engine.subscribe("counter", at: .root) { _ in fired.value += 1 }
        let services = engine.store.services
        let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "counter/bumpLater")) }
        let message = phase == "before" ? "action \"\(type)\" failed: blocked" : "action \"\(type)\" failed in middleware: blocked"
        #expect(error == EngineError(.callback, message))
        #expect(engine.store.services == services)
        #expect(fired.value == 0)
        #expect(engine.nextTimer == nil)
        #expect(engine.counters.actions == 0)
    }
}

@Suite("Server patches")
struct ServerPatchTests {
    static func engine() throws -> (Engine, Screen) {
        let engine = Engine()
        try engine.register(component: "T") { data, _ in .text(data["title"]?.stringValue ?? "?") }
        try loadPage(engine, #"{"id":"home","version":1,"components":[{"id":"a","type":"T","data":{"title":"A"}},{"id":"b","type":"T","data":{"title":"B"}},{"id":"c","type":"T","data":{"title":"C"}}]}"#)
        return (engine, engine.render())
    }

    static func t(_ id: String, _ title: String) -> Component {
        Component(id: id, type: "T", data: ["title": .string(title)])
    }

    static func rendered(_ id: String, _ title: String) -> RenderedComponent {
        RenderedComponent(id: id, type: "T", view: ViewNode(.text, id: id, props: ["text": title]))
    }

    @Test func transactionalWithAnUnknownIdChangesNothing() throws {
        let (engine, _) = try Self.engine()
        let page = engine.page
        let patch = ServerPatch(changes: [.init(id: "a", components: [Self.t("a", "A2")]), .init(id: "zzz", components: [])])
        let error = engineError { () throws(EngineError) in try engine.apply(patch) }
        #expect(error == EngineError(.notFound, "patch names no component \"zzz\" of the page; nothing was applied"))
        #expect(engine.page == page)
        #expect(engine.takePatches().isEmpty)
        #expect(engine.counters.componentRenders == 3)
    }

    @Test func partialWithAnUnknownIdAppliesTheRestAndSaysWhatItSkipped() throws {
        let (engine, host) = try Self.engine()
        let patch = ServerPatch(changes: [.init(id: "zzz", components: []), .init(id: "a", components: [Self.t("a", "A2")])],
                                mode: .partial)
        try engine.apply(patch)
        #expect(engine.page?.components == [Self.t("a", "A2"), Self.t("b", "B"), Self.t("c", "C")])
        #expect(engine.page?.id == "home" && engine.page?.version == Version(1, form: .integer))
        let set = engine.takePatches()
        #expect(set.patches == [.update(id: "a", type: "T", changes: [.set(id: "a", node: ViewNode(.text, id: "a", props: ["text": "A2"]))])])
        #expect(try host.applying(set.patches) == engine.currentScreen())
        #expect(engine.diagnostics == [Diagnostic(.warning, "patch-skipped", component: nil, "patch names no component \"zzz\" of the page")])
        #expect(engine.counters.componentRenders == 4)
    }

    @Test func anEmptyListRemovesTheComponent() throws {
        let (engine, host) = try Self.engine()
        try loadPage(engine, #"{"patch":{"changes":[{"id":"b","components":[]}]}}"#)
        #expect(engine.page?.components.map(\.id) == ["a", "c"])
        let set = engine.takePatches()
        #expect(set.patches == [.remove(id: "b")])
        #expect(try host.applying(set.patches) == engine.currentScreen())
        #expect(engine.counters.componentRenders == 3)
    }

    @Test func twoComponentsInsertOne() throws {
        let (engine, host) = try Self.engine()
        try loadPage(engine, #"{"patch":{"changes":[{"id":"b","components":[{"id":"b","type":"T","data":{"title":"B"}},{"id":"x","type":"T","data":{"title":"X"}}]}],"mode":"transactional"}}"#)
        #expect(engine.page?.components.map(\.id) == ["a", "b", "x", "c"])
        let set = engine.takePatches()
        #expect(set.patches == [.insert(index: 2, component: Self.rendered("x", "X"))])
        #expect(try host.applying(set.patches) == engine.currentScreen())
        #expect(engine.counters.componentRenders == 4)
    }

    @Test func replacingOneByTwoNewOnes() throws {
        let (engine, host) = try Self.engine()
        try engine.apply(ServerPatch(changes: [.init(id: "a", components: [Self.t("x", "X"), Self.t("y", "Y")])]))
        #expect(engine.page?.components.map(\.id) == ["x", "y", "b", "c"])
        let set = engine.takePatches()
        // Walking the new list in order, each inserted right after its predecessor.
        #expect(set.patches == [.remove(id: "a"), .insert(index: 0, component: Self.rendered("x", "X")),
                                .insert(index: 1, component: Self.rendered("y", "Y"))])
        #expect(try host.applying(set.patches) == engine.currentScreen())
    }

    @Test func aDuplicateIdIsAContractErrorWhenTransactional() throws {
        let (engine, _) = try Self.engine()
        let page = engine.page
        let changes: [ServerPatch.Change] = [.init(id: "c", components: [Self.t("c", "C2")]),
                                             .init(id: "b", components: [Self.t("b", "B"), Self.t("a", "again")])]
        let error = engineError { () throws(EngineError) in try engine.apply(ServerPatch(changes: changes)) }
        #expect(error == EngineError(.contract, "patch for \"b\" would give two components the id \"a\"; nothing was applied"))
        #expect(engine.page == page)
        #expect(engine.takePatches().isEmpty)

        try engine.apply(ServerPatch(changes: changes, mode: .partial))
        #expect(engine.page?.components == [Self.t("a", "A"), Self.t("b", "B"), Self.t("c", "C2")])
        #expect(engine.diagnostics.map(\.code) == ["patch-skipped"])
        #expect(engine.takePatches().patches.count == 1)
    }

    @Test func aPatchWithoutAPageNamesNothing() {
        let engine = Engine()
        let error = engineError { () throws(EngineError) in
            try loadPage(engine, #"{"patch":{"changes":[{"id":"a","components":[]}]}}"#)
        }
        #expect(error?.code == .notFound)
        #expect(engine.page == nil)
    }

    @Test(arguments: [
        ("{\"patch\": {\"changes\": [\n  {\"id\": \"a\", \"components\": [{\"type\": \"T\"}]}\n]}}",
         "2:30: $.patch.changes[0].components[0].id: missing required string"),
        (#"{"patch":{"changes":[],"mode":"some"}}"#, #"1:31: $.patch.mode: mode must be "transactional" or "partial""#),
        (#"{"patch":{"changes":{}}}"#, #"1:21: $.patch.changes: a patch needs "changes": an array"#),
        (#"{"patch":{"changes":[{"id":"a"}]}}"#, #"1:22: $.patch.changes[0].components: a change needs "components": an array (empty removes)"#),
        (#"{"patch":{"changes":[{"id":"a","components":[],"x":1}]}}"#, #"1:52: $.patch.changes[0].x: unknown member "x" in a change (allowed: components, id)"#),
        (#"{"patch":[]}"#, #"1:10: $.patch: "patch" must be an object, got array"#),
        (#"{"patch":{"changes":[{"id":"","components":[]}]}}"#, "1:28: $.patch.changes[0].id: must not be empty"),
        (#"{"patch":{"changes":[{"id":"a","components":[{"id":"z","type":"T","fallback":1}]}]}}"#,
         #"1:78: $.patch.changes[0].components[0].fallback: fallback must be a component object or "drop", got number"#),
    ])
    func patchErrorsNameLineColumnAndPath(text: String, message: String) throws {
        let (engine, _) = try Self.engine()
        let page = engine.page
        let error = engineError { () throws(EngineError) in try loadPage(engine, text) }
        #expect(error == EngineError(.contract, message))
        #expect(engine.page == page)
        #expect(engine.takePatches().isEmpty)
    }
}
