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
    /// which costs the engine only what changed.
    public var state: JSON {
        get { current }
        set {
            undo.append(JSONUndo(path: [], step: .restore(current)))
            change.noteReplaced(from: current)
            current = newValue
        }
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

    init(action: Action, service: String, state: JSON, versions: (Int64, Int64), store: Store) {
        self.action = action
        self.service = service
        self.current = state
        self.versions = versions
        self.store = store
    }

    /// Before the handler runs: an empty undo list whose capacity a
    /// previous handler left, so the first change needs no allocation.
    mutating func reuse(undoStorage: consuming [JSONUndo]) {
        undo = undoStorage
    }

    /// Sets the value at `path` in the state (nil removes it), in place:
    /// see `JSON.set(_:at:)`. On error the state is unchanged.
    public mutating func set(_ value: JSON?, at path: JSONPath) throws(JSONPathError) {
        var objectRoot = false
        if case .object = current { objectRoot = true }
        guard let record = try current.set(value, at: path) else { return }
        if case .key(let key)? = record.path.first, objectRoot {
            change.insertKey(key)
        } else if case .restore(let old) = record.step, record.path.isEmpty {
            change.noteReplaced(from: old)
        } else {
            change.noteReplaced(from: nil)
        }
        undo.append(record)
    }

    public var payload: JSON { action.payload }

    /// Queues a follow-up action; it runs after this handler, never inside it.
    public mutating func dispatch(_ action: Action) {
        queued.append(action)
    }

    /// Asks for an effect; it runs only if the whole dispatch succeeds.
    public mutating func emit(_ effect: Effect) {
        effects.append(effect)
    }

    /// Reports a problem that does not fail the handler.
    public mutating func warn(_ message: String) {
        warnings.append(message)
    }

    /// Takes back everything this handler did so far, so it can start over:
    /// its state changes (undone newest first), what it changed, its queued
    /// follow-ups, its effects and its warnings. The state is then exactly
    /// the one it received.
    public mutating func rollback() {
        for record in undo.reversed() {
            current.undo(record)
        }
        undo.removeAll()
        change = StateChange()
        queued.removeAll()
        effects.removeAll()
        warnings.removeAll()
    }

    /// Reads any service, this one included, with this dispatch's changes so far.
    public func state(of service: String, at path: JSONPath = .root) -> JSON? {
        service == self.service ? current.value(at: path) : store.value(of: service, at: path)
    }
}

/// Runs one action against its service's state.
public typealias ActionHandler = (_ context: inout HandlerContext) throws -> Void
