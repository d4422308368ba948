/// What an action handler works with: the action, its service's state to
/// change, read access to the other services, and a queue for follow-up
/// actions.
public struct HandlerContext {
    public let action: Action
    /// The service this handler owns ("favorites" for "favorites/toggle").
    public let service: String
    /// The version of the state this handler received, and the version the
    /// state carries once it returns (see `Store.version(of:)`).
    public let versions: (received: Int64, result: Int64)
    /// The service's state. Assigning it, or changing it through this
    /// property, replaces the whole state; `set(_:at:)` changes one place,
    /// which costs the engine only what changed. A state over a limit
    /// (`replaceState(with:size:)`) is not taken: `limitError` says why.
    public var state: JSON {
        get { current }
        set { try? replaceState(with: newValue) }
    }
    /// Follow-ups, run in order after this handler returns.
    public private(set) var queued: [Action] = []
    /// Effects, run after the whole dispatch commits.
    public private(set) var effects: [Effect] = []
    /// Problems the handler reported without failing (`warn`); the engine
    /// lists them in its diagnostics whether the dispatch commits or not.
    public private(set) var warnings: [String] = []
    private(set) var current: JSON
    /// How to take back this handler's changes, oldest first.
    private(set) var undo: [JSONUndo] = []
    /// What this handler changed.
    private(set) var change = StateChange()
    private let store: Store
    /// The limit a change, follow-up or effect of this handler ran into
    /// (`DispatchBudget`, `Store.maxStateBytes`): the change was not made,
    /// and the dispatch fails with this error whatever the handler does.
    public private(set) var limitError: EngineError?
    /// The packed size of the state (`PackedValue.size`, kept as it
    /// changes), as received, and of every other service's.
    private(set) var bytes: Int
    private let receivedBytes: Int, otherBytes: Int
    /// The bytes this handler's changes wrote (counted in the budget too).
    private var written = 0

    init(action: Action, service: String, state: JSON, versions: (Int64, Int64), store: Store,
         bytes: Int = 0, otherBytes: Int = 0)
    {
        self.action = action
        self.service = service
        self.current = state
        self.versions = versions
        self.store = store
        self.bytes = bytes
        self.receivedBytes = bytes
        self.otherBytes = otherBytes
    }

    /// Before the handler runs: an empty undo list whose capacity a
    /// previous handler left, so the first change needs no allocation.
    mutating func reuse(undoStorage: consuming [JSONUndo]) {
        undo = undoStorage
    }

    /// Sets the value at `path` in the state (nil removes it), in place:
    /// see `JSON.set(_:at:)`. On error the state is unchanged; a change over
    /// the write or state limit throws too, and `limitError` says which.
    public mutating func set(_ value: JSON?, at path: JSONPath) throws(JSONPathError) {
        var keyBytes = 0 // a member's key counts with its value
        if case .key(let key)? = path.segments.last { keyBytes = 4 + key.utf8.count }
        var added = 0
        if let value { added = PackedValue.size(of: value) + keyBytes }
        let budget = store.budget
        if added > budget.maxWriteBytes - budget.written, let error = budget.refuses(write: added) {
            throw refuse(error, at: path)
        }
        var objectRoot = false
        if case .object = current { objectRoot = true }
        guard let record = try current.set(value, at: path) else { return }
        let removed: Int
        switch record.step {
        case .restore(let old), .reinsert(let old, _): removed = PackedValue.size(of: old) + keyBytes
        case .remove: removed = 0
        }
        if added > removed, let error = Self.refuses(bytes, to: bytes + added - removed, others: otherBytes, store: store) {
            current.undo(record)
            throw refuse(error, at: path)
        }
        bytes += added - removed
        written += added
        budget.wrote(added)
        if case .key(let key)? = record.path.first, objectRoot {
            change.insertKey(key)
        } else if case .restore(let old) = record.step, record.path.isEmpty {
            change.noteReplaced(from: old)
        } else {
            change.noteReplaced(from: nil)
        }
        undo.append(record)
    }

    /// Replaces the whole state with `value`, whose packed size is `size`
    /// when the caller knows it (a packed value's length). Throws, changing
    /// nothing, when that is over the write or state limit (`limitError`
    /// says which too).
    public mutating func replaceState(with value: JSON, size: Int? = nil) throws(EngineError) {
        let added = size ?? PackedValue.size(of: value)
        if let error = store.budget.refuses(write: added) ?? Self.refuses(bytes, to: added, others: otherBytes, store: store) {
            limitError = limitError ?? error
            throw error
        }
        undo.append(JSONUndo(path: [], step: .restore(current)))
        change.noteReplaced(from: current)
        current = value
        bytes = added
        written += added
        store.budget.wrote(added)
    }

    /// The write limit's error (noted as `limitError`) when `size` more
    /// bytes cannot be written; nil when they can. For a caller that knows
    /// a value's packed size before it reads it.
    public mutating func refuses(write size: Int) -> EngineError? {
        guard let error = store.budget.refuses(write: size) else { return nil }
        limitError = limitError ?? error
        return error
    }

    /// The state limit's error when a state of `old` bytes growing to `new`
    /// would take every service's state (`others` besides it) past it.
    private static func refuses(_ old: Int, to new: Int, others: Int, store: Store) -> EngineError? {
        guard new > old, new > store.maxStateBytes - others else { return nil }
        return EngineError(.limit, "the state limit of \(store.maxStateBytes) bytes was reached (SDUI_LIMIT_STATE_BYTES): "
            + "every service's state together may take that much; the change would make it \(others + new)")
    }

    /// Notes `error` as the limit this handler hit; the path error to throw.
    private mutating func refuse(_ error: EngineError, at path: JSONPath) -> JSONPathError {
        limitError = limitError ?? error
        return JSONPathError(path: path.description, message: error.message)
    }

    public var payload: JSON { action.payload }

    /// Queues a follow-up action; it runs after this handler, never inside
    /// it. One the action limit leaves no room for is not queued, and
    /// `limitError` says so.
    public mutating func dispatch(_ action: Action) {
        if let error = store.budget.refuses(actions: queued.count + effects.count + 1) {
            limitError = limitError ?? error
            return
        }
        queued.append(action)
    }

    /// Asks for an effect; it runs only if the whole dispatch succeeds.
    /// One the action limit leaves no room for (effects count as actions)
    /// is dropped, and `limitError` says so.
    public mutating func emit(_ effect: Effect) {
        if let error = store.budget.refuses(actions: queued.count + effects.count + 1) {
            limitError = limitError ?? error
            return
        }
        effects.append(effect)
    }

    /// Reports a problem that does not fail the handler.
    public mutating func warn(_ message: String) {
        warnings.append(message)
    }

    /// Takes back everything this handler did so far, so it can start over:
    /// its state changes (undone newest first), what it changed, its queued
    /// follow-ups, its effects, its warnings and the limit it hit. The state
    /// is then exactly the one it received.
    public mutating func rollback() {
        for record in undo.reversed() {
            current.undo(record)
        }
        undo.removeAll()
        change = StateChange()
        queued.removeAll()
        effects.removeAll()
        warnings.removeAll()
        store.budget.wrote(-written)
        written = 0
        bytes = receivedBytes
        limitError = nil
    }

    /// Reads any service, this one included, with this dispatch's changes so far.
    public func state(of service: String, at path: JSONPath = .root) -> JSON? {
        service == self.service ? current.value(at: path) : store.value(of: service, at: path)
    }
}

/// Runs one action against its service's state.
public typealias ActionHandler = (_ context: inout HandlerContext) throws -> Void
