/// Engine time and effects finished from outside a performer: each delayed
/// action and each effect's follow-up is committed as a dispatch.
extension Engine {
    /// Advances engine time to `now` (milliseconds) and dispatches the
    /// delayed actions that are due, earliest first; returns how many ran.
    /// Those the tick's actions schedule (at 0 ms too) wait for the next
    /// tick; all count in one `DispatchBudget`, and those it leaves no room
    /// for wait too.
    @discardableResult
    public func tick(_ now: Int64) -> Int {
        scheduler.advance(to: now)
        let mark = scheduler.mark
        var fired = 0
        store.budget.open()
        defer { store.budget.close() }
        while fired < limits.queueLimit, !store.budget.spent, let action = scheduler.takeDueTimer(before: mark) {
            fired += 1
            do {
                try dispatch(action)
            } catch {
                notes.add(Diagnostic(.error, "timer-failed", component: nil, "delayed \"\(action.type)\": \(error)"))
            }
        }
        return fired
    }

    /// Engine time in milliseconds: the last `tick`.
    public var clock: Int64 { scheduler.clock }

    /// Milliseconds of engine time until the next delayed action, or nil.
    public var nextTimer: Int64? { scheduler.nextTimer }

    /// Effects handed to performers and not finished yet, by id.
    public var pending: [Int: Effect] { scheduler.pendingEffects }

    /// Finishes effect `id` from outside a performer: dispatches its
    /// on_success / on_failure action with `result` in the payload.
    /// A `navigation/fetch` effect is finished with the page of its route
    /// as `result` (`ok`): the page is shown (`navigate(to:)`) and its
    /// on_success dispatched; a failure, or a page that does not decode,
    /// leaves the stack as it was, dispatches its on_failure and throws.
    public func finishEffect(_ id: Int, ok: Bool, result: JSON) throws(EngineError) {
        guard let effect = scheduler.finish(id) else {
            throw EngineError(.notFound, "no pending effect \(id)")
        }
        if effect.type == Effect.fetch {
            let (queued, error) = navigator.arrive(effect, ok: ok, result: result, reader: reader)
            run(queued)
            if let error { throw error }
            return
        }
        if let action = effect.followUp(ok: ok, result: result) {
            try dispatch(action)
        }
    }

    /// Finishes effect `id` with its result as JSON text (nil: null), as
    /// `finishEffect(_:ok:result:)`; the page that finishes a
    /// `navigation/fetch` effect is read as `loadPage` reads one, its
    /// errors with their line:column. Text that does not parse finishes
    /// nothing, except a fetch's page: that fetch failed.
    public func finishEffect(_ id: Int, ok: Bool, text: UnsafeRawBufferPointer?) throws(EngineError) {
        guard let text else { return try finishEffect(id, ok: ok, result: .null) }
        guard ok, let effect = scheduler.pendingEffects[id], effect.type == Effect.fetch else {
            return try finishEffect(id, ok: ok, result: parse(text))
        }
        _ = scheduler.finish(id)
        let (queued, error) = navigator.arrive(effect, ok: true, result: .null, page: Array(text), reader: reader)
        run(queued)
        if let error { throw error }
    }
}
