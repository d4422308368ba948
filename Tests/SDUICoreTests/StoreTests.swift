import Testing
@testable import SDUICore

@Suite("Services and dispatch")
struct StoreTests {
    /// A store with favorites, an order and a log service whose handlers record the order they ran in.
    static func makeStore() throws -> Store {
        let store = Store()
        try store.register(service: "favorites", state: json("{}"))
        try store.register(service: "order", state: json(#"{"items":[],"total":0}"#))
        try store.register(service: "log", state: json("[]"))
        try store.register(action: "favorites/toggle") { ctx in
            let key = String(ctx.payload["movieId"]!.intValue!)
            try ctx.set(ctx.state[key] == nil ? .bool(true) : nil, at: JSONPath([.key(key)]))
            ctx.dispatch(Action(type: "log/append", payload: .string("toggled \(key)")))
        }
        try store.register(action: "order/add") { ctx in
            guard let price = ctx.payload["price"]?.intValue else { throw CallbackError("payload needs a price") }
            let count = ctx.state["items"]!.arrayValue!.count
            try ctx.set(ctx.payload["movieId"]!, at: JSONPath([.key("items"), .index(count)]))
            try ctx.set(.int(ctx.state["total"]!.intValue! + price), at: JSONPath([.key("total")]))
            ctx.dispatch(Action(type: "log/append", payload: "added"))
            ctx.dispatch(Action(type: "log/append", payload: "total updated"))
        }
        try store.register(action: "log/append") { ctx in
            guard case .array(var lines) = ctx.state else { return }
            lines.append(ctx.payload)
            ctx.state = .array(lines)
        }
        return store
    }

    /// `Store.value(of:at:)` and `JSON.value(at:)`: each step of a path, and
    /// each way a step misses.
    @Test func valuesAreReadAlongAPath() throws {
        let store = Store()
        let state = json(#"{"a":{"b":[10,{"c":"deep"}]},"n":1,"list":["x","y"]}"#)
        try store.register(service: "s", state: state)
        let cases: [(JSONPath, JSON?)] = [
            (.root, state),
            (JSONPath([.key("n")]), .int(1)),
            (JSONPath([.key("a"), .key("b"), .index(0)]), .int(10)),
            (JSONPath([.key("a"), .key("b"), .key("1"), .key("c")]), .string("deep")), // digits index an array
            (JSONPath([.key("list"), .index(1)]), .string("y")),
            (JSONPath([.key("list"), .index(2)]), nil), // past the end
            (JSONPath([.key("list"), .key("-1")]), nil),
            (JSONPath([.key("missing")]), nil),
            (JSONPath([.index(0)]), nil), // an index into an object
            (JSONPath([.key("n"), .key("x")]), nil), // a step into a number
            (JSONPath([.key("a"), .key("b"), .index(1), .key("c"), .key("d")]), nil),
        ]
        for (path, expected) in cases {
            #expect(state.value(at: path) == expected, "\(path)")
            #expect(store.value(of: "s", at: path) == expected, "\(path)")
        }
        #expect(store.value(of: "nope", at: .root) == nil)
        #expect(JSON.string("x").value(at: .root) == .string("x"))
    }

    @Test func handlerUpdatesItsService() throws {
        let store = try Self.makeStore()
        try store.dispatch(Action(type: "favorites/toggle", payload: ["movieId": 7]))
        #expect(try store.state("favorites") == json(#"{"7":true}"#))
        try store.dispatch(Action(type: "favorites/toggle", payload: ["movieId": 7]))
        #expect(try store.state("favorites") == json("{}"))
    }

    @Test func followUpsRunAfterTheHandlerInOrder() throws {
        let store = try Self.makeStore()
        try store.dispatch(Action(type: "order/add", payload: ["movieId": 7, "price": 250]))
        #expect(try store.state("log") == json(#"["added","total updated"]"#))
        #expect(try store.state("order", at: JSONPath(parsing: "items[0]")) == 7)
        #expect(try store.state("order", at: JSONPath(parsing: "total")) == 250)
    }

    @Test func followUpsAreNotReentrant() throws {
        let store = Store()
        try store.register(service: "trace", state: json("[]"))
        try store.register(action: "trace/outer") { ctx in
            ctx.dispatch(Action(type: "trace/inner"))
            // The follow-up has not run yet: the trace holds only what this handler wrote.
            try ctx.set("outer-start", at: JSONPath([.index(ctx.state.arrayValue!.count)]))
            try ctx.set("outer-end", at: JSONPath([.index(ctx.state.arrayValue!.count)]))
        }
        try store.register(action: "trace/inner") { ctx in
            try ctx.set("inner", at: JSONPath([.index(ctx.state.arrayValue!.count)]))
        }
        try store.dispatch(Action(type: "trace/outer"))
        #expect(try store.state("trace") == json(#"["outer-start","outer-end","inner"]"#))
    }

    @Test func failingHandlerLeavesEveryServiceAsItWas() throws {
        let store = try Self.makeStore()
        try store.dispatch(Action(type: "favorites/toggle", payload: ["movieId": 1]))
        let before = store.services
        let error = engineError { () throws(EngineError) in
            try store.dispatch(Action(type: "order/add", payload: ["movieId": 7]))
        }
        #expect(error == EngineError(.callback, "action \"order/add\" failed: payload needs a price"))
        #expect(store.services == before)
    }

    @Test func failingFollowUpRollsBackTheWholeDispatch() throws {
        let store = try Self.makeStore()
        try store.register(action: "log/fail") { _ in throw CallbackError("disk full") }
        try store.register(action: "order/addThenFail") { ctx in
            try ctx.set(99, at: JSONPath([.key("total")]))
            ctx.dispatch(Action(type: "log/append", payload: "first"))
            ctx.dispatch(Action(type: "log/fail"))
        }
        let before = store.services
        let error = engineError { () throws(EngineError) in try store.dispatch(Action(type: "order/addThenFail")) }
        #expect(error?.code == .callback)
        #expect(store.services == before)
    }

    @Test func rollbackPutsBackMemberOrderAndVersions() throws {
        let store = try Self.makeStore()
        try store.register(service: "prefs", state: json(#"{"a":1,"b":[1,2],"c":3}"#))
        try store.register(action: "prefs/shuffle") { ctx in
            try ctx.set(nil, at: JSONPath(parsing: "a"))
            try ctx.set(nil, at: JSONPath(parsing: "b[0]"))
            try ctx.set(9, at: JSONPath(parsing: "b[1]"))
            try ctx.set("new", at: JSONPath(parsing: "d.e"))
            ctx.dispatch(Action(type: "prefs/replace"))
        }
        try store.register(action: "prefs/replace") { ctx in
            ctx.state = "replaced"
            ctx.dispatch(Action(type: "log/fail"))
        }
        try store.register(action: "log/fail") { _ in throw CallbackError("disk full") }
        let before = try store.state("prefs"), version = store.version(of: "prefs")
        let logVersion = store.version(of: "log")
        #expect(engineError { () throws(EngineError) in try store.dispatch(Action(type: "prefs/shuffle")) }?.code == .callback)
        #expect(try store.state("prefs").isIdentical(to: before))
        #expect(store.version(of: "prefs") == version)
        #expect(store.version(of: "log") == logVersion)
    }

    @Test func everyStoredStateGetsANewVersion() throws {
        let store = try Self.makeStore()
        var seen: Set<Int64> = [store.version(of: "favorites")!, store.version(of: "order")!, store.version(of: "log")!]
        #expect(seen.count == 3)
        var handed: (received: Int64, result: Int64)?
        try store.register(action: "favorites/peek") { ctx in handed = ctx.versions }
        let start = store.version(of: "favorites")!
        try store.dispatch(Action(type: "favorites/peek"))
        #expect(handed?.received == start)
        #expect(store.version(of: "favorites") == handed?.result)
        #expect(seen.insert(handed!.result).inserted)
        try store.register(service: "favorites", state: json("{}"))
        #expect(seen.insert(store.version(of: "favorites")!).inserted)
    }

    @Test func unknownActionChangesNothing() throws {
        let store = try Self.makeStore()
        let before = store.services
        let error = engineError { () throws(EngineError) in try store.dispatch(Action(type: "cart/add")) }
        #expect(error == EngineError(.notFound, "no handler for action \"cart/add\""))
        #expect(store.services == before)
    }

    @Test func runawayQueueHitsTheLimitAndRollsBack() throws {
        let store = Store()
        store.queueLimit = 50
        try store.register(service: "loop", state: 0)
        try store.register(action: "loop/again") { ctx in
            ctx.state = .int(ctx.state.intValue! + 1)
            ctx.dispatch(Action(type: "loop/again"))
        }
        let error = engineError { () throws(EngineError) in try store.dispatch(Action(type: "loop/again")) }
        #expect(error?.code == .limit)
        #expect(try store.state("loop") == 0)
    }

    @Test func handlersReadOtherServicesWithPendingChanges() throws {
        let store = try Self.makeStore()
        try store.register(action: "log/countFavorites") { ctx in
            ctx.state = .int(Int64(ctx.state(of: "favorites")!.objectValue!.count))
        }
        try store.register(action: "favorites/addTwo") { ctx in
            ctx.state = json(#"{"1":true,"2":true}"#)
            ctx.dispatch(Action(type: "log/countFavorites"))
        }
        try store.dispatch(Action(type: "favorites/addTwo"))
        #expect(try store.state("log") == 2)
    }

    @Test func registrationChecksNames() {
        let store = Store()
        #expect(engineError { () throws(EngineError) in try store.register(service: "a/b", state: .null) }?.code == .invalid)
        #expect(engineError { () throws(EngineError) in try store.register(service: "", state: .null) }?.code == .invalid)
        #expect(engineError { () throws(EngineError) in try store.register(action: "x/y") { _ in } }?.code == .notFound)
        #expect(engineError { () throws(EngineError) in try store.register(action: "noslash") { _ in } }?.code == .invalid)
    }

    @Test func stateReadsByPath() throws {
        let store = try Self.makeStore()
        try store.dispatch(Action(type: "order/add", payload: ["movieId": 7, "price": 250]))
        #expect(try store.state("order", at: JSONPath(parsing: "$.items[0]")) == 7)
        #expect(try store.state("order", at: JSONPath(parsing: "items.0")) == 7)
        #expect(engineError { () throws(EngineError) in _ = try store.state("order", at: try! JSONPath(parsing: "items[3]")) }?.code == .notFound)
        #expect(engineError { () throws(EngineError) in _ = try store.state("nope") }?.code == .notFound)
    }
}

@Suite("JSON mutation")
struct JSONMutationTests {
    @Test func setCreatesAppendsAndRemoves() throws {
        var v = JSON.null
        try v.set(1, at: JSONPath(parsing: "a.b"))
        #expect(v == json(#"{"a":{"b":1}}"#))
        try v.set(json("[]"), at: JSONPath(parsing: "list"))
        try v.set("x", at: JSONPath(parsing: "list[0]"))
        try v.set("y", at: JSONPath(parsing: "list.1"))
        #expect(v["list"] == json(#"["x","y"]"#))
        try v.set(nil, at: JSONPath(parsing: "list[0]"))
        #expect(v["list"] == json(#"["y"]"#))
        try v.set(nil, at: JSONPath(parsing: "a.b"))
        #expect(v["a"] == json("{}"))
        try v.set(nil, at: JSONPath(parsing: "missing.deep"))
        #expect(throws: JSONPathError.self) { try v.set(1, at: JSONPath(parsing: "list[5]")) }
        #expect(throws: JSONPathError.self) { try v.set(1, at: JSONPath(parsing: "a.b.c.d[0]")) }
    }

    @Test func pathNotation() throws {
        #expect(try JSONPath(parsing: "$.a[2][\"b c\"].d").segments == [.key("a"), .index(2), .key("b c"), .key("d")])
        #expect(try JSONPath(parsing: "").segments.isEmpty)
        #expect(try JSONPath(parsing: #"["odd key"].x"#).segments == [.key("odd key"), .key("x")])
        #expect(try JSONPath(parsing: "[2]").segments == [.index(2)])
        #expect(JSONPath([.key("a"), .index(1), .key("x y")]).description == #"$.a[1]["x y"]"#)
        #expect(throws: JSONPathError.self) { try JSONPath(parsing: "a[x]") }
        #expect(throws: JSONPathError.self) { try JSONPath(parsing: "a..b") }
    }

    @Test(arguments: ["", "$", ".", "$.", "$a", "a", ".a", "$.a", "a.b.c", "126225", "a-b_C9", "a..b", "a.",
                      "a b", "é.x", "a[0]", "$.a.b"])
    func plainPathsReadAsTheFullParserReadsThem(text: String) {
        let fast = JSONPath.plainKeys(text)
        let full = Result { () throws(JSONPathError) in try JSONPath(parsing: text) }
        if let fast {
            #expect(fast == (try? full.get())?.segments, "\(text)")
        }
        // Whatever the fast path declines, the full parser decides (and reports).
        #expect((fast == nil) == (text.contains(where: { "[ é\"".contains($0) }) || (try? full.get()) == nil), "\(text)")
    }
}
