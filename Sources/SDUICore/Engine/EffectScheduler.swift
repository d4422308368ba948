/// What reacts to committed changes besides the screen: subscriptions,
/// effect performers and the effects handed to them, the timer queue and
/// engine time.
///
/// Invariants:
/// - One id counter numbers subscriptions, performed effects and timers,
///   so no id is handed out twice.
/// - `timers` is sorted by due time; timers due at the same time keep the
///   order they were scheduled in.
/// - `pendingEffects` holds exactly the effects handed to a performer that
///   have not finished yet, each with its id in its JSON.
/// - `clock` (the last `tick`) never goes back.
/// - A timer scheduled at or after a `mark` comes after every timer due
///   by then that was scheduled before it (its due time is the clock's or
///   later), so `takeDueTimer(before:)` stops at the first such one.
final class EffectScheduler {
    typealias SubscriptionEntry = (id: Int, service: String, path: JSONPath, run: Subscriber)
    /// A subscription with the value it watched before a dispatch.
    typealias Watched = (subscription: SubscriptionEntry, value: JSON?)

    private var subscriptions: [SubscriptionEntry] = []
    private var performers: [String: EffectPerformer] = [:]
    private(set) var pendingEffects: [Int: Effect] = [:]
    private var timers: [(due: Int64, sequence: Int, action: Action)] = []
    private var nextId = 1
    /// Engine time in milliseconds: the last `tick`.
    private(set) var clock: Int64 = 0

    private func newId() -> Int {
        let id = nextId
        nextId += 1
        return id
    }

    // MARK: Registration

    /// Watches `service` at `path`; returns the subscription id.
    func subscribe(_ service: String, at path: JSONPath, _ run: @escaping Subscriber) -> Int {
        let id = newId()
        subscriptions.append((id, service, path, run))
        return id
    }

    func unsubscribe(_ id: Int) -> Bool {
        guard let i = subscriptions.firstIndex(where: { $0.id == id }) else { return false }
        subscriptions.remove(at: i)
        return true
    }

    func register(effect type: String, _ performer: @escaping EffectPerformer) {
        performers[type] = performer
    }

    func unregister(effect type: String) -> Bool {
        performers.removeValue(forKey: type) != nil
    }

    /// Drops every subscriber and performer.
    func removeCallbacks() {
        subscriptions = []
        performers = [:]
    }

    // MARK: Reacting to a dispatch

    /// Each subscription with the value it watches now, taken before a
    /// dispatch so `react` can tell what changed.
    func watchedValues(in store: Store) -> [Watched] {
        subscriptions.map { ($0, store.value(of: $0.service, at: $0.path)) }
    }

    /// What `react` leaves to the engine: the "navigate" and "appearance"
    /// effects, which it performs itself, and the `navigation/fetch` effects
    /// their performers finished at once (each with its outcome), in order.
    struct EngineEffects {
        var navigations: [Effect] = []
        var appearances: [Effect] = []
        var fetched: [(effect: Effect, ok: Bool, result: JSON, page: [UInt8]?)] = []
    }

    /// After a committed change: fires the subscribers whose value changed,
    /// schedules and performs the effects, leaving the engine's own to
    /// `own`; problems go to `note`. Returns the actions they queued. Each
    /// effect counts as an action in the store's budget: those it has no
    /// room for are dropped (noted, and the call fails with the limit).
    func react(watched: [Watched], outcome: DispatchOutcome, store: Store, own: inout EngineEffects,
               note: (Diagnostic) -> Void) -> [Action]
    {
        var queued: [Action] = []
        for (subscription, old) in watched where outcome.changes[subscription.service] != nil {
            let new = store.value(of: subscription.service, at: subscription.path)
            guard !JSON.identical(old, new) else { continue }
            var context = SubscriptionContext(service: subscription.service, path: subscription.path, value: new)
            do {
                try subscription.run(&context)
                queued += context.queued
            } catch {
                note(Diagnostic(.error, "subscriber-failed", component: nil,
                                "subscriber of \(subscription.service) \(subscription.path): \(error)"))
            }
        }
        for (i, effect) in outcome.effects.enumerated() {
            do throws(EngineError) {
                try store.budget.countAction()
            } catch {
                store.budget.hit(error)
                note(Diagnostic(.error, "effects-dropped", component: nil,
                                "\(outcome.effects.count - i) effect(s) from \"\(effect.type)\" on were dropped: \(error.message)"))
                break
            }
            if effect.type == "after" {
                let ms = Int64(effect.json["ms"]!.doubleValue!.rounded(.up))
                let (due, overflow) = clock.addingReportingOverflow(ms)
                schedule(try! Action(json: effect.json["action"]!), due: overflow ? .max : due)
                continue
            }
            if effect.type == Effect.navigate {
                own.navigations.append(effect)
                continue
            }
            if effect.type == Effect.appearance {
                own.appearances.append(effect)
                continue
            }
            guard let (context, _) = perform(effect, note: note) else { continue }
            queued += context.queued
            if effect.type == Effect.fetch, let outcome = context.outcome {
                own.fetched.append((context.effect, outcome.ok, outcome.result, context.page))
            }
        }
        return queued
    }

    /// Numbers `effect` and hands it to its performer; nil when it has
    /// none (noted as "unknown-effect"; it is dropped). A performer that
    /// throws finishes it as failed (noted as "effect-failed") and the
    /// error comes back with its context; one that did not finish it
    /// leaves it pending.
    func perform(_ effect: Effect, note: (Diagnostic) -> Void) -> (EffectContext, (any Error)?)? {
        let id = newId()
        guard let performer = performers[effect.type] else {
            note(Diagnostic(.error, "unknown-effect", component: nil,
                            "no performer for effect \"\(effect.type)\"; it was dropped"))
            return nil
        }
        // Checked when it was emitted: numbering it needs no second decode.
        var numbered = effect
        var json = effect.json.objectValue!
        json["id"] = .int(Int64(id))
        numbered.json = .object(json)
        pendingEffects[id] = numbered
        var context = EffectContext(id: id, effect: numbered)
        var failure: (any Error)?
        do {
            try performer(&context)
        } catch {
            note(Diagnostic(.error, "effect-failed", component: nil, "effect \"\(effect.type)\" (\(id)): \(error)"))
            context.finish(ok: false, result: .string("\(error)"))
            failure = error
        }
        if context.finished { pendingEffects[id] = nil }
        return (context, failure)
    }

    /// Removes pending effect `id` (it finished from outside its performer).
    func finish(_ id: Int) -> Effect? {
        pendingEffects.removeValue(forKey: id)
    }

    // MARK: Time

    private func schedule(_ action: Action, due: Int64) {
        let sequence = newId()
        let at = timers.firstIndex { $0.due > due } ?? timers.count
        timers.insert((due, sequence, action), at: at)
    }

    /// Moves engine time to `now`, unless that is earlier.
    func advance(to now: Int64) {
        clock = max(clock, now)
    }

    /// What `takeDueTimer(before:)` takes timers scheduled before: a tick
    /// marks its start, so the timers its actions schedule (at 0 ms too)
    /// wait for the next tick and the host gets control back.
    var mark: Int { nextId }

    /// Takes the earliest timer due by now and scheduled before `mark`, if any.
    func takeDueTimer(before mark: Int = .max) -> Action? {
        guard let first = timers.first, first.due <= clock, first.sequence < mark else { return nil }
        timers.removeFirst()
        return first.action
    }

    /// Milliseconds of engine time until the next timer, or nil.
    var nextTimer: Int64? {
        timers.first.map { timer in
            let (left, overflow) = timer.due.subtractingReportingOverflow(clock)
            return overflow ? .max : max(0, left)
        }
    }
}
