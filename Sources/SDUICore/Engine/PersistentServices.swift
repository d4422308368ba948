/// The services whose state outlives the engine (`Engine.persist`): which
/// they are, where their states go (`StateStorage`), which have been
/// restored, and how many saves were made.
///
/// A service is saved only once its saved state was looked for (restored,
/// rejected or absent), so a storage chosen late never loses what it holds
/// to an initial value saved over it.
///
/// The theme's appearance persists like a service, under a name no service
/// can have (`appearance`, with a "/"): declared with `Engine.persist`, it
/// is restored at once (or when a storage is set) and saved after each switch.
final class PersistentServices {
    /// The name the appearance persists under.
    static let appearance = "sdui/appearance"
    /// Where states are loaded from and saved to; nil keeps them in memory.
    var storage: StateStorage?
    /// The appearance the storage holds, as restored or last saved: a
    /// switch to it saves nothing.
    private var storedAppearance: Appearance?
    /// The services declared persistent, in order of declaration.
    private(set) var declared: [String] = []
    /// Those whose saved state was looked for: the ones saved from now on.
    private var restored: Set<String> = []
    /// States saved so far.
    private(set) var saves = 0

    /// Declares `service` persistent; false when it was already.
    func declare(_ service: String) -> Bool {
        guard !declared.contains(service) else { return false }
        declared.append(service)
        return true
    }

    /// The declared services not restored yet, now marked restored (none
    /// without a storage).
    func takePending() -> [String] {
        guard storage != nil else { return [] }
        let pending = declared.filter { !restored.contains($0) }
        restored.formUnion(pending)
        return pending
    }

    /// The state saved for `service`, checked (`SavedState.decode`); nil
    /// when none was saved, or when it cannot be used: then `note` hears why.
    func saved(_ service: String, options: JSONParseOptions, note: (Diagnostic) -> Void) -> JSON? {
        guard let storage else { return nil }
        do throws(EngineError) {
            guard let bytes = try storage.load(service) else { return nil }
            return try SavedState.decode(bytes, service: service, options: options)
        } catch {
            note(Self.rejected(service, error.message))
            return nil
        }
    }

    /// The transaction that restores `service` from its saved state, for the
    /// engine to commit without saving (`Engine.persist`); nil when there is
    /// nothing to restore (`saved`). When the action "service/sdui.restore"
    /// has a handler, it runs with the saved state as its payload (to check
    /// or migrate it) and refuses it by failing; else the state is replaced,
    /// refused when of another JSON type than the current one.
    func restore(_ service: String, in store: Store, options: JSONParseOptions, note: (Diagnostic) -> Void)
        -> (() throws(EngineError) -> DispatchOutcome)?
    {
        guard let saved = saved(service, options: options, note: note) else { return nil }
        return { () throws(EngineError) -> DispatchOutcome in
            let restoreType = service + "/sdui.restore"
            if store.hasHandler(for: restoreType) {
                return try store.dispatch(Action(type: restoreType, payload: saved))
            }
            guard let current = store.state(of: service), current.typeName == saved.typeName else {
                let holds = store.state(of: service)?.typeName ?? "nothing"
                throw EngineError(.contract, "the service holds \(holds), the saved state \(saved.typeName)")
            }
            var change = StateChange()
            change.noteReplaced(from: current)
            try store.register(service: service, state: saved)
            var outcome = DispatchOutcome()
            outcome.changes.merge(change, into: service)
            return outcome
        }
    }

    /// The saved appearance (`appearance`), checked; nil when none was saved
    /// or it cannot be used: then `note` hears why.
    func savedAppearance(options: JSONParseOptions, note: (Diagnostic) -> Void) -> Appearance? {
        guard let state = saved(Self.appearance, options: options, note: note) else { return nil }
        guard let appearance = state.stringValue.flatMap(Appearance.init(rawValue:)) else {
            note(Self.rejected(Self.appearance, "not \"light\" or \"dark\""))
            return nil
        }
        storedAppearance = appearance
        return appearance
    }

    /// Saves `appearance` when the appearance persists, was restored, and
    /// the storage does not hold it already.
    func save(appearance: Appearance, note: (Diagnostic) -> Void) {
        guard restored.contains(Self.appearance), appearance != storedAppearance else { return }
        if write(Self.appearance, .string(appearance.rawValue), note: note) { storedAppearance = appearance }
    }

    /// The diagnostic of a saved state `service` does not start from.
    static func rejected(_ service: String, _ why: String) -> Diagnostic {
        Diagnostic(.error, "persist-rejected", component: nil,
                   "service \(JSONWriter.quoted(service)): saved state not used (\(why)); it starts from its initial value")
    }

    /// Saves the restored persistent services that `outcome` changed, in the
    /// order they first ran; a save that fails is noted and the others go on.
    func save(_ outcome: DispatchOutcome, store: Store, note: (Diagnostic) -> Void) {
        guard storage != nil, !restored.isEmpty else { return }
        outcome.changes.forEach { service, change in
            guard change.changedAnything, restored.contains(service), let state = store.state(of: service) else { return }
            _ = write(service, state, note: note)
        }
    }

    /// Saves `state` as `service`'s in the storage; whether it was (a save
    /// that fails is noted, "persist-failed", and the last saved one stays).
    private func write(_ service: String, _ state: JSON, note: (Diagnostic) -> Void) -> Bool {
        guard let storage else { return false }
        do throws(EngineError) {
            try storage.save(service, SavedState.encode(service: service, state: state))
            saves += 1
            return true
        } catch {
            note(Diagnostic(.error, "persist-failed", component: nil,
                            "service \(JSONWriter.quoted(service)): state not saved (\(error.message)); the last saved one stays"))
            return false
        }
    }
}
