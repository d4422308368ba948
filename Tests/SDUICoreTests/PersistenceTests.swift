import Testing
@testable import SDUICore

/// Persistent services (`Engine.persist`, `StateStorage`, `SavedState`):
/// what is saved and when, what is restored, what is refused.
@Suite("Persistent services")
struct PersistenceTests {
    /// A storage in memory: the bytes saved by service, every save in order,
    /// and failures to play.
    final class Memory {
        var files: [String: [UInt8]] = [:]
        var saved: [String] = []
        var failSaves = false
        var failLoads = false

        var storage: StateStorage {
            StateStorage(load: { (service) throws(EngineError) in
                if self.failLoads { throw EngineError(.callback, "disk on fire") }
                return self.files[service]
            }, save: { (service, bytes) throws(EngineError) in
                if self.failSaves { throw EngineError(.callback, "disk full") }
                self.files[service] = bytes
                self.saved.append(service)
            })
        }

        func text(_ service: String) -> String? {
            files[service].map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// An engine with the services favorites ({}) and log ([]), their
    /// handlers, and `memory` as its storage.
    static func makeEngine(_ memory: Memory, persist: [String] = ["favorites"]) throws -> Engine {
        let engine = Engine()
        try engine.register(service: "favorites", state: json("{}"))
        try engine.register(service: "log", state: json("[]"))
        try engine.store.register(action: "favorites/toggle") { ctx in
            let key = ctx.payload.stringValue!
            if ctx.state[key] == nil {
                try ctx.set(true, at: JSONPath([.key(key)]))
            } else {
                var o = ctx.state.objectValue!
                o[key] = nil
                ctx.state = .object(o)
            }
        }
        try engine.store.register(action: "favorites/fail") { ctx in
            try ctx.set(true, at: JSONPath([.key("doomed")]))
            throw CallbackError("refused")
        }
        try engine.store.register(action: "favorites/noop") { _ in }
        try engine.store.register(action: "log/append") { ctx in
            try ctx.set(ctx.payload, at: JSONPath([.index(ctx.state.arrayValue!.count)]))
        }
        engine.storage = memory.storage
        for name in persist { try engine.persist(service: name) }
        return engine
    }

    static func codes(_ engine: Engine) -> [String] {
        engine.diagnostics.map(\.code)
    }

    @Test func aCommittedDispatchSavesTheChangedPersistentServiceOnly() throws {
        let memory = Memory()
        let engine = try Self.makeEngine(memory)
        #expect(memory.saved.isEmpty) // declaring saves nothing
        try dispatch(engine, #"{"type":"favorites/toggle","payload":"603"}"#)
        #expect(memory.saved == ["favorites"])
        #expect(memory.text("favorites") == #"{"sdui":1,"service":"favorites","state":{"603":true}}"#)
        try dispatch(engine, #"{"type":"log/append","payload":1}"#) // not persistent
        try dispatch(engine, #"{"type":"favorites/noop"}"#) // ran, changed nothing
        #expect(memory.saved == ["favorites"])
        #expect(engine.counters.saves == 1)
    }

    @Test func aRolledBackDispatchSavesNothing() throws {
        let memory = Memory()
        let engine = try Self.makeEngine(memory)
        try dispatch(engine, #"{"type":"favorites/toggle","payload":"603"}"#)
        let error = engineError { () throws(EngineError) in
            try dispatch(engine, #"{"type":"favorites/fail"}"#)
        }
        #expect(error?.code == .callback)
        #expect(memory.saved == ["favorites"])
        #expect(memory.text("favorites") == #"{"sdui":1,"service":"favorites","state":{"603":true}}"#)
    }

    @Test func aSecondEngineRestoresTheSavedState() throws {
        let memory = Memory()
        let first = try Self.makeEngine(memory)
        try dispatch(first, #"{"type":"favorites/toggle","payload":"603"}"#)
        try dispatch(first, #"{"type":"favorites/toggle","payload":"42"}"#)
        try dispatch(first, #"{"type":"favorites/toggle","payload":"603"}"#)
        let second = try Self.makeEngine(memory)
        #expect(try second.store.state("favorites") == json(#"{"42":true}"#))
        #expect(Self.codes(second).isEmpty)
        #expect(memory.saved.count == 3) // restoring saved nothing
        // Declared again (a reload): not loaded again.
        try dispatch(second, #"{"type":"favorites/toggle","payload":"7"}"#)
        memory.files["favorites"] = SavedState.encode(service: "favorites", state: json("{}"))
        try second.persist(service: "favorites")
        #expect(try second.store.state("favorites") == json(#"{"42":true,"7":true}"#))
    }

    @Test func restoringRerendersTheReaders() throws {
        let memory = Memory()
        memory.files["favorites"] = SavedState.encode(service: "favorites", state: json(#"{"603":true}"#))
        let engine = try Self.makeEngine(memory, persist: [])
        try engine.register(component: "Star") { _, ctx in
            .text(ctx.state("favorites", at: JSONPath([.key("603")])) != nil ? "★" : "☆")
        }
        engine.loadPage(Page(components: [Component(id: "s", type: "Star")]))
        #expect(engine.render()["s"]?.view.props["text"] == "☆")
        try engine.persist(service: "favorites")
        #expect(engine.render()["s"]?.view.props["text"] == "★")
    }

    @Test func aStorageSetLaterRestoresTheServicesDeclaredBefore() throws {
        let memory = Memory()
        memory.files["favorites"] = SavedState.encode(service: "favorites", state: json(#"{"9":true}"#))
        let engine = Engine()
        try engine.register(service: "favorites", state: json("{}"))
        try engine.persist(service: "favorites")
        #expect(try engine.store.state("favorites") == json("{}"))
        engine.storage = memory.storage
        #expect(try engine.store.state("favorites") == json(#"{"9":true}"#))
        #expect(engine.persistentServices == ["favorites"])
    }

    @Test func aCorruptSavedStateIsReportedAndTheInitialValueKept() throws {
        let memory = Memory()
        memory.files["favorites"] = Array(#"{"sdui":1,"service":"favorites","state":{"603":tru"#.utf8)
        let engine = try Self.makeEngine(memory)
        #expect(try engine.store.state("favorites") == json("{}"))
        let rejected = engine.diagnostics.filter { $0.code == "persist-rejected" }
        #expect(rejected.count == 1)
        #expect(rejected.first?.message.hasPrefix(#"service "favorites": saved state not used (not JSON: 1:"#) == true)
        #expect(rejected.first?.message.hasSuffix("it starts from its initial value") == true)
        // Nothing else is lost: other services, dispatch, and the next save mends the file.
        try dispatch(engine, #"{"type":"favorites/toggle","payload":"1"}"#)
        #expect(memory.text("favorites") == #"{"sdui":1,"service":"favorites","state":{"1":true}}"#)
    }

    @Test func aMismatchedEnvelopeIsReported() throws {
        let cases: [(String, String)] = [
            (#"{"sdui":1,"service":"cart","state":{}}"#, #"saved for service "cart", not "favorites""#),
            (#"{"sdui":2,"service":"favorites","state":{}}"#, "saved in format 2; this engine reads format 1"),
            (#"{"603":true}"#, #"not a saved state: unknown member "603""#),
            (#"{"sdui":1,"service":"favorites"}"#, #"not a saved state: "state" is missing"#),
            (#"[1]"#, "not a saved state: expected"),
        ]
        for (text, why) in cases {
            let memory = Memory()
            memory.files["favorites"] = Array(text.utf8)
            let engine = try Self.makeEngine(memory)
            #expect(try engine.store.state("favorites") == json("{}"))
            let messages = engine.diagnostics.filter { $0.code == "persist-rejected" }.map(\.message)
            #expect(messages.count == 1 && messages[0].contains(why), "\(text): \(messages)")
        }
    }

    @Test func aStateOfAnotherTypeIsRefused() throws {
        let memory = Memory()
        memory.files["favorites"] = SavedState.encode(service: "favorites", state: json("[1,2]"))
        let engine = try Self.makeEngine(memory)
        #expect(try engine.store.state("favorites") == json("{}"))
        #expect(engine.diagnostics.map(\.message) ==
            [#"service "favorites": saved state not used (refused: the service holds object, the saved state array); it starts from its initial value"#])
    }

    @Test func aRestoreHandlerChecksAndMigratesTheSavedState() throws {
        let memory = Memory()
        memory.files["favorites"] = SavedState.encode(service: "favorites", state: json(#"["603","42"]"#))
        let engine = Engine()
        try engine.register(service: "favorites", state: json("{}"))
        // Old saves held a list of ids: made an object; anything else refused.
        try engine.store.register(action: "favorites/sdui.restore") { ctx in
            guard let ids = ctx.payload.arrayValue else { throw CallbackError("not a list of ids") }
            ctx.state = .object(JSONObject(ids.map { ($0.stringValue ?? "?", JSON.bool(true)) }))
        }
        engine.storage = memory.storage
        try engine.persist(service: "favorites")
        #expect(try engine.store.state("favorites") == json(#"{"603":true,"42":true}"#))
        #expect(memory.saved.isEmpty)

        let refusing = Engine()
        memory.files["favorites"] = SavedState.encode(service: "favorites", state: json("7"))
        try refusing.register(service: "favorites", state: json(#"{"initial":true}"#))
        try refusing.store.register(action: "favorites/sdui.restore") { ctx in
            guard ctx.payload.arrayValue != nil else { throw CallbackError("not a list of ids") }
        }
        refusing.storage = memory.storage
        try refusing.persist(service: "favorites")
        #expect(try refusing.store.state("favorites") == json(#"{"initial":true}"#))
        let messages = refusing.diagnostics.filter { $0.code == "persist-rejected" }.map(\.message)
        #expect(messages.count == 1 && messages[0].contains("not a list of ids"))
    }

    @Test func aFailedSaveIsReportedAndTheDispatchStands() throws {
        let memory = Memory()
        let engine = try Self.makeEngine(memory)
        try dispatch(engine, #"{"type":"favorites/toggle","payload":"1"}"#)
        memory.failSaves = true
        try dispatch(engine, #"{"type":"favorites/toggle","payload":"2"}"#)
        #expect(try engine.store.state("favorites") == json(#"{"1":true,"2":true}"#))
        #expect(memory.text("favorites") == #"{"sdui":1,"service":"favorites","state":{"1":true}}"#)
        #expect(engine.diagnostics.map(\.message) ==
            [#"service "favorites": state not saved (disk full); the last saved one stays"#])
        #expect(engine.counters.saves == 1)
    }

    @Test func anUnreadableStorageIsReported() throws {
        let memory = Memory()
        memory.failLoads = true
        let engine = try Self.makeEngine(memory)
        #expect(Self.codes(engine) == ["persist-rejected"])
        #expect(engine.diagnostics.first?.message.contains("disk on fire") == true)
    }

    @Test func onlyAnExistingServiceCanBePersistent() throws {
        let engine = Engine()
        let error = engineError { () throws(EngineError) in try engine.persist(service: "nope") }
        #expect(error?.code == .notFound)
        #expect(engine.persistentServices.isEmpty)
    }

    @Test func withoutAStorageNothingIsSaved() throws {
        let engine = Engine()
        try engine.register(service: "favorites", state: json("{}"))
        try engine.persist(service: "favorites")
        try engine.store.register(action: "favorites/set") { ctx in try ctx.set(true, at: JSONPath([.key("a")])) }
        try dispatch(engine, #"{"type":"favorites/set"}"#)
        #expect(engine.counters.saves == 0)
        #expect(engine.diagnostics.isEmpty)
    }
}
