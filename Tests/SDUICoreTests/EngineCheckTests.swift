import Testing
@testable import SDUICore

/// `Engine.check`: each kind of document through its decoder, located
/// errors, the engine's options, and nothing changed.
@Suite("Engine.check")
struct EngineCheckTests {
    /// The error `check` throws for `text` as `kind`, nil when it passes.
    static func problem(_ engine: Engine, _ text: String, _ kind: PayloadKind) -> EngineError? {
        Array(text.utf8).withUnsafeBytes { bytes in
            do throws(EngineError) {
                try engine.check(bytes, as: kind)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test func eachKindUsesItsDecoder() {
        let engine = Engine()
        let documents: [(String, PayloadKind)] = [
            (#"[{"id": "a", "type": "T"}]"#, .page),
            (#"{"patch": {"changes": []}}"#, .patch),
            (#"{"id": "a", "type": "T"}"#, .component),
            (#"{"type": "text", "text": "hi"}"#, .view),
            (#"{"type": "s/go"}"#, .action),
            (#"{"type": "after", "ms": 1, "action": {"type": "s/go"}}"#, .effect),
        ]
        for (text, kind) in documents {
            #expect(Self.problem(engine, text, kind) == nil, "\(kind): \(text)")
            // A document of one kind is no other kind, but an effect of a
            // host-defined type takes any members beside its "type".
            for other in PayloadKind.allCases where other != kind && other != .effect
                && !(other == .payload && [.page, .patch].contains(kind))
            {
                #expect(Self.problem(engine, text, other) != nil, "\(text) passes as \(other)")
            }
        }
    }

    @Test func errorsAreLocated() {
        let engine = Engine()
        let error = Self.problem(engine, "{\"type\": \"vstack\",\n \"children\": [{\"type\": \"text\"}]}", .view)
        #expect(error?.code == .contract)
        #expect(error?.message == "2:15: $.children[0]: a text node needs \"text\" (a string)")
        #expect(Self.problem(engine, #"{"patch": {"changes": []}, "id": 1}"#, .patch)?.message
            == #"1:34: $.id: unknown member "id" in a patch payload (allowed: patch)"#)
        #expect(Self.problem(engine, "[", .page)?.code == .parse)
    }

    @Test func keysGivenTwiceFollowTheEngine() {
        let engine = Engine()
        let page = #"[{"id": "a", "type": "T", "data": {"x": 1, "x": 2}}]"#
        #expect(Self.problem(engine, page, .page)?.code == .parse)
        engine.duplicateKeys = .lastWins
        #expect(Self.problem(engine, page, .page) == nil)
    }

    @Test func aCheckChangesNothing() {
        let engine = Engine()
        let loaded: EngineError? = Array(#"[{"id": "a", "type": "T"}]"#.utf8).withUnsafeBytes { bytes in
            do throws(EngineError) {
                try engine.loadPage(bytes)
                return nil
            } catch {
                return error
            }
        }
        #expect(loaded == nil)
        let before = engine.page
        #expect(before?.components.map(\.id) == ["a"])
        #expect(Self.problem(engine, #"[{"id": "b", "type": "U"}]"#, .payload) == nil)
        #expect(Self.problem(engine, #"{"patch": {"changes": [{"id": "a", "components": []}]}}"#, .payload) == nil)
        #expect(engine.page == before)
    }
}
