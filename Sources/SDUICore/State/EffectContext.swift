/// What an effect performer sees: the effect (with the `id` the engine gave
/// it) and ways to feed results back.
public struct EffectContext {
    public let id: Int
    public let effect: Effect
    public private(set) var queued: [Action] = []
    public private(set) var finished = false
    /// How it finished (`finish`), nil while it has not.
    public private(set) var outcome: (ok: Bool, result: JSON)?
    /// The page's JSON text a `navigation/fetch` effect was finished with
    /// (`finish(page:)`), which the engine reads as it reads a page.
    public private(set) var page: [UInt8]?

    /// Queues an action to run after this performer returns.
    public mutating func dispatch(_ action: Action) {
        queued.append(action)
    }

    /// Finishes a `navigation/fetch` effect with the JSON text of the page:
    /// the engine reads it as `Engine.loadPage` reads a page, its errors
    /// with their line:column.
    public mutating func finish(page text: [UInt8]) {
        guard !finished else { return }
        finish(ok: true, result: .null)
        page = text
    }

    /// Finishes the effect now: queues its on_success / on_failure action
    /// with `result` in the payload. (A `navigation/fetch` effect's result
    /// is the page: the engine shows it, then chains the action itself.)
    public mutating func finish(ok: Bool, result: JSON) {
        guard !finished else { return }
        finished = true
        outcome = (ok, result)
        guard effect.type != Effect.fetch else { return }
        if let action = effect.followUp(ok: ok, result: result) { queued.append(action) }
    }
}

/// Carries out effects of one type (requests, analytics…) for the host.
public typealias EffectPerformer = (_ context: inout EffectContext) throws -> Void
