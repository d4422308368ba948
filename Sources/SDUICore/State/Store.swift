/// The application state: named services, each a JSON value with the
/// handlers for its actions ("service/name").
///
/// A dispatch runs the action's handler, then the follow-ups it queued, in
/// order, until the queue is empty: one transaction. If any handler fails
/// the services are restored to what they were before the dispatch, by
/// undoing each change (no copy of the state is taken up front, so a
/// change costs what it touches, not what the state holds).
///
/// Each service has a slot that it keeps for the store's lifetime, and each
/// action type a route to its handler and its service's slot: a dispatch
/// looks up its type once, and reaches the state and its version by
/// position.
public final class Store {
    /// Every service's state (a dictionary built on each call: to read one
    /// service, `state(of:)`).
    public var services: [String: JSON] {
        var all: [String: JSON] = [:]
        for slot in slots {
            if let state = slot.state { all[slot.name] = state }
        }
        return all
    }
    /// The services' slots, in order of registration; never removed.
    private var slots: [Slot] = []
    /// Each service's position in `slots`.
    private var slotIndex: [String: Int] = [:]
    private var lastVersion: Int64 = 0
    private var routes: [String: Route] = [:]
    private var middleware: [(id: Int, run: Middleware)] = []
    private var nextMiddlewareId = 1
    /// Most actions one dispatch may run, follow-ups included.
    public var queueLimit = 10_000
    /// What one call may run and write (`DispatchBudget`): each dispatch
    /// counts in the budget of the call it is part of.
    public let budget = DispatchBudget()
    /// Most bytes every service's state together may take, as the packed
    /// size of the states (`PackedValue.size`): a handler's change or a
    /// service's new state that would pass it is refused.
    @exclusivity(unchecked) public var maxStateBytes = EngineLimits().maxStateBytes
    /// The packed size of every service's state, kept as they change (read
    /// and set by every handler: no access overlaps another).
    @exclusivity(unchecked) public private(set) var stateBytes = 0
    /// The warnings handlers reported (`HandlerContext.warn`), with their
    /// action types, in order, kept whether their dispatch committed or
    /// not until `takeWarnings` (the engine's diagnostics take them).
    public private(set) var warnings: [(action: String, message: String)] = []

    /// One service: its state (nil while a handler holds it, or when a
    /// rollback took back its creation) and its version (see `version(of:)`).
    private struct Slot {
        let name: String
        var state: JSON?
        var version: Int64?
        /// The packed size of `state` (`PackedValue.size`), kept as it changes.
        var bytes = 0

        /// Moves the state out (null for none), leaving nil, so a handler
        /// changes it without a copy; and its version.
        mutating func take() -> (state: JSON, version: Int64?, bytes: Int) {
            (state.take() ?? .null, version, bytes)
        }

        /// Puts back the state a handler changed, with its new version.
        mutating func put(_ state: JSON, version: Int64, bytes: Int) {
            self.state = state
            self.version = version
            self.bytes = bytes
        }
    }

    /// An action type's handler and the slot of the service it runs on.
    private struct Route {
        let handler: ActionHandler
        let service: String
        let slot: Int
    }

    public init() {}

    /// Takes the limits of `limits` the store keeps: the queue's, the
    /// state's, and the budget's actions and writes.
    public func apply(_ limits: EngineLimits) {
        queueLimit = limits.queueLimit
        maxStateBytes = limits.maxStateBytes
        budget.maxActions = limits.maxActions
        budget.maxWriteBytes = limits.maxWriteBytes
    }

    /// The state of `service`, or nil when there is no such service.
    public func state(of service: String) -> JSON? {
        guard let slot = slotIndex[service] else { return nil }
        return slots[slot].state
    }

    /// The value at `path` in the state of `service`, or nil when either is
    /// missing: `state(of:)?.value(at:)`, read in place (the state is not copied).
    public func value(of service: String, at path: JSONPath) -> JSON? {
        guard let slot = slotIndex[service] else { return nil }
        return slots[slot].state?.value(at: path)
    }

    /// Creates `name` with `state`, or replaces the state of an existing
    /// service. Throws `.limit` when every service's state would then take
    /// more than `maxStateBytes`.
    public func register(service name: String, state: JSON) throws(EngineError) {
        guard !name.isEmpty, !name.contains("/") else {
            throw EngineError(.invalid, "bad service name \"\(name)\": it must be non-empty and contain no '/'")
        }
        if let c = name.unicodeScalars.first(where: \.isIdentifierControl) { // as component ids (`Decode.identifier`)
            throw EngineError(.contract, "bad service name \(JSONWriter.quoted(name)): it must not contain control "
                + "characters, found \(String(c).escapingControlCharacters())")
        }
        let bytes = PackedValue.size(of: state)
        let old = slotIndex[name].map { slots[$0].bytes } ?? 0
        guard bytes <= old || bytes - old <= maxStateBytes - stateBytes else {
            throw EngineError(.limit, "the state limit of \(maxStateBytes) bytes was reached (SDUI_LIMIT_STATE_BYTES): "
                + "every service's state together may take that much; service \"\(name)\" would make it \(stateBytes - old + bytes)")
        }
        let version = newVersion()
        if let slot = slotIndex[name] {
            slots[slot].state = state
            slots[slot].version = version
            slots[slot].bytes = bytes
        } else {
            slotIndex[name] = slots.count
            slots.append(Slot(name: name, state: state, version: version, bytes: bytes))
        }
        stateBytes += bytes - old
    }

    /// A number that names the current state of `service`: every state
    /// stored gets one never used before, and a failed dispatch puts back
    /// the versions of the states it restores. Equal versions mean equal
    /// states, so a binding can keep its own copy of a state between
    /// dispatches and know when it is out of date.
    public func version(of service: String) -> Int64? {
        guard let slot = slotIndex[service] else { return nil }
        return slots[slot].version
    }

    private func newVersion() -> Int64 {
        lastVersion += 1
        return lastVersion
    }

    /// Registers (or replaces) the handler for `type` ("service/name"); the service must exist.
    public func register(action type: String, _ handler: @escaping ActionHandler) throws(EngineError) {
        guard Action.isWellFormedType(type) else {
            throw EngineError(.invalid, "bad action type \"\(type)\": expected \"service/name\"")
        }
        let service = String(Action(type: type).service)
        guard let slot = slotIndex[service], slots[slot].state != nil else {
            throw EngineError(.notFound, "no service \"\(service)\" for action \"\(type)\"; register the service first")
        }
        routes[type] = Route(handler: handler, service: service, slot: slot)
    }

    /// Removes the handler of `type`; the service and its state stay.
    public func unregister(action type: String) throws(EngineError) {
        guard routes.removeValue(forKey: type) != nil else {
            throw EngineError(.notFound, "no handler for action \"\(type)\"")
        }
    }

    /// Drops every handler and middleware; the services keep their state.
    public func removeAllHandlers() {
        routes = [:]
        middleware = []
    }

    /// Adds a middleware; returns its id for `removeMiddleware`.
    public func addMiddleware(_ run: @escaping Middleware) -> Int {
        let id = nextMiddlewareId
        nextMiddlewareId += 1
        middleware.append((id, run))
        return id
    }

    @discardableResult
    public func removeMiddleware(_ id: Int) -> Bool {
        guard let i = middleware.firstIndex(where: { $0.id == id }) else { return false }
        middleware.remove(at: i)
        return true
    }

    public func hasHandler(for type: String) -> Bool {
        routes[type] != nil
    }

    /// The state of `service` at `path`.
    public func state(_ service: String, at path: JSONPath = .root) throws(EngineError) -> JSON {
        guard let root = state(of: service) else {
            throw EngineError(.notFound, "no service \"\(service)\"")
        }
        guard let value = root.value(at: path) else {
            throw EngineError(.notFound, "nothing at \(path) in service \"\(service)\"")
        }
        return value
    }

    /// Runs one action and its follow-ups as one transaction; see `dispatch(_:)` for a list.
    @discardableResult
    public func dispatch(_ action: Action) throws(EngineError) -> DispatchOutcome {
        try dispatch(action, then: [])
    }

    /// Runs `actions` and their follow-ups as one transaction.
    ///
    /// Throws `.notFound` for an action type without a handler, `.callback`
    /// when a handler or middleware fails (the message names the action
    /// type), `.limit` when the queue runs past `queueLimit`. On any error
    /// every service is as it was before the call and no effect survives.
    @discardableResult
    public func dispatch(_ actions: [Action]) throws(EngineError) -> DispatchOutcome {
        guard let first = actions.first else { return DispatchOutcome() }
        return try dispatch(first, then: actions.dropFirst())
    }

    /// Stores `value` at `path` in `service` as a dispatch of `action`
    /// whose handler did only that would: one transaction (middleware sees
    /// `action`; nothing changes on error), a new version, the change
    /// recorded for the engine. How an input's value is set (`Engine.setInput`).
    @discardableResult
    public func set(_ value: JSON, at path: JSONPath, in service: String, as action: Action)
        throws(EngineError) -> DispatchOutcome
    {
        guard let slot = slotIndex[service], slots[slot].state != nil else {
            throw EngineError(.notFound, "no service \"\(service)\"")
        }
        let route = Route(handler: { context in try context.set(value, at: path) }, service: service, slot: slot)
        return try dispatch(action, then: [], route: route)
    }

    /// `dispatch(_:)` of `first` followed by `rest`: the queue is an array
    /// only once there is more than one action. `route`, when given, runs
    /// `first` instead of its type's handler.
    private func dispatch(_ first: Action, then rest: ArraySlice<Action>, route: Route? = nil)
        throws(EngineError) -> DispatchOutcome
    {
        // The first action's route, looked up once: nothing runs between
        // this check and its use.
        guard let firstRoute = route ?? routes[first.type] else {
            throw EngineError(.notFound, "no handler for action \"\(first.type)\"")
        }
        for action in rest where routes[action.type] == nil {
            throw EngineError(.notFound, "no handler for action \"\(action.type)\"")
        }
        // Counted in the budget of the call this dispatch is part of (its own when none is open).
        budget.open()
        defer { budget.close() }
        // The journal's buffer is kept between dispatches (taken, so a
        // nested dispatch gets its own).
        var journal = spareJournal
        spareJournal = []
        defer {
            // (removeLast keeps the capacity and, unlike removeAll, costs no generic replaceSubrange)
            while !journal.isEmpty { keepSpare(journal.removeLast().undo) }
            spareJournal = journal
        }
        // The actions after `current`, and how many of them ran.
        var queue = Array(rest)
        var next = 0
        var current = first
        var outcome = DispatchOutcome()
        do throws(EngineError) {
            while true {
                guard outcome.actions < queueLimit else {
                    throw EngineError(.limit, "dispatch ran \(queueLimit) actions without emptying its queue (SDUI_LIMIT_QUEUE); a handler may be dispatching itself")
                }
                try budget.countAction()
                let route: Route
                if outcome.actions == 0 {
                    route = firstRoute
                } else if let found = routes[current.type] {
                    route = found
                } else {
                    throw EngineError(.notFound, "no handler for follow-up action \"\(current.type)\" (queued by \"\(first.type)\")")
                }
                outcome.actions += 1
                let ran = try run(route, for: current, journal: &journal)
                if !ran.queued.isEmpty {
                    queue.append(contentsOf: ran.queued)
                }
                outcome.changes.merge(ran.change, into: ran.service)
                if !ran.effects.isEmpty {
                    outcome.effects += ran.effects
                }
                guard next < queue.count else { break }
                current = queue[next]
                next += 1
            }
        } catch {
            for entry in journal.reversed() {
                if entry.version == nil {
                    slots[entry.slot].state = nil // it did not exist
                } else {
                    entry.undo.reversed().forEach { slots[entry.slot].state?.undo($0) }
                }
                slots[entry.slot].version = entry.version
                stateBytes += entry.bytes - slots[entry.slot].bytes
                slots[entry.slot].bytes = entry.bytes
            }
            if error.code == .limit { budget.hit(error) } // the call this dispatch is part of fails with it
            throw error
        }
        return outcome
    }

    /// The journal's storage between dispatches (empty).
    private var spareJournal: [Journal] = []
    /// An undo list's storage between handlers (empty), so a handler's
    /// first change needs no allocation.
    private var spareUndo: [JSONUndo] = []

    /// The kept undo list storage, taken (a nested dispatch finds none).
    private func takeSpareUndo() -> [JSONUndo] {
        var undo: [JSONUndo] = []
        swap(&undo, &spareUndo)
        return undo
    }

    /// Keeps the storage of a finished handler's undo list for the next one
    /// (unless it grew large).
    private func keepSpare(_ undo: consuming [JSONUndo]) {
        guard undo.capacity <= 64 else { return }
        while !undo.isEmpty { undo.removeLast() } // (see the journal's)
        spareUndo = undo
    }

    /// One handler's changes as the transaction records them.
    private struct Journal {
        var slot: Int
        var undo: [JSONUndo]
        /// The service's version before the handler ran.
        var version: Int64?
        /// The state's packed size before the handler ran.
        var bytes: Int
    }

    /// Runs one handler and its middleware on its service's state, in place;
    /// whatever it changed, even when it fails, goes in the journal.
    private func run(_ route: Route, for action: Action, journal: inout [Journal])
        throws(EngineError) -> Ran
    {
        let slot = route.slot
        let (state, version, bytes) = slots[slot].take()
        let result = newVersion()
        var context = HandlerContext(action: action, service: route.service, state: state,
                                     versions: (version ?? 0, result), store: self,
                                     bytes: bytes, otherBytes: stateBytes - bytes)
        context.reuse(undoStorage: takeSpareUndo())
        defer {
            slots[slot].put(context.current, version: result, bytes: context.bytes)
            stateBytes += context.bytes - bytes
            journal.append(Journal(slot: slot, undo: context.undo, version: version, bytes: bytes))
            if !context.warnings.isEmpty {
                warnings += context.warnings.map { (action.type, $0) }
                if warnings.count > 64 { warnings.removeFirst(warnings.count - 64) }
            }
        }
        do {
            for m in middleware { try m.run(.before, action) }
            try route.handler(&context)
        } catch {
            if let limit = context.limitError { // what made it fail, in the handler's words when they say it
                let said = "\(error)"
                throw EngineError(.limit, "action \"\(action.type)\" failed: \(said.contains(limit.message) ? said : limit.message)")
            }
            throw EngineError(.callback, "action \"\(action.type)\" failed: \(error)")
        }
        if let limit = context.limitError { // a refused change the handler went on after
            throw EngineError(.limit, "action \"\(action.type)\" failed: \(limit.message)")
        }
        do {
            for m in middleware { try m.run(.after, action) }
        } catch {
            throw EngineError(.callback, "action \"\(action.type)\" failed in middleware: \(error)")
        }
        // What the dispatch needs of the context (returning the context
        // itself would copy it whole: the `defer` above still reads it).
        return Ran(service: route.service, queued: context.queued, change: context.change, effects: context.effects)
    }

    /// What `run` hands back to the dispatch.
    private struct Ran {
        var service: String
        var queued: [Action]
        var change: StateChange
        var effects: [Effect]
    }

    /// Hands over the warnings handlers reported since the last call.
    public func takeWarnings() -> [(action: String, message: String)] {
        defer { warnings.removeAll() }
        return warnings
    }
}
