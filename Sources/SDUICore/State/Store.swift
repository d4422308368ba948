/// The application state: named services, each a JSON value with the
/// handlers for its actions ("service/name").
///
/// A dispatch runs the action's handler, then the follow-ups it queued, in
/// order, until the queue is empty: one transaction. If any handler fails
/// the services are restored to what they were before the dispatch, by
/// undoing each change (no copy of the state is taken up front, so a
/// change costs what it touches, not what the state holds).
public final class Store {
    public private(set) var services: [String: JSON] = [:]
    /// Each service's version; see `version(of:)`.
    private var versions: [String: Int64] = [:]
    private var lastVersion: Int64 = 0
    private var handlers: [String: ActionHandler] = [:]
    private var middleware: [(id: Int, run: Middleware)] = []
    private var nextMiddlewareId = 1
    /// Most actions one dispatch may run, follow-ups included.
    public var queueLimit = 10_000
    /// The warnings handlers reported (`HandlerContext.warn`), with their
    /// action types, in order, kept whether their dispatch committed or
    /// not until `takeWarnings` (the engine's diagnostics take them).
    public private(set) var warnings: [(action: String, message: String)] = []

    public init() {}

    /// Creates `name` with `state`, or replaces the state of an existing service.
    public func register(service name: String, state: JSON) throws(EngineError) {
        guard !name.isEmpty, !name.contains("/") else {
            throw EngineError(.invalid, "bad service name \"\(name)\": it must be non-empty and contain no '/'")
        }
        services[name] = state
        versions[name] = newVersion()
    }

    /// A number that names the current state of `service`: every state
    /// stored gets one never used before, and a failed dispatch puts back
    /// the versions of the states it restores. Equal versions mean equal
    /// states, so a binding can keep its own copy of a state between
    /// dispatches and know when it is out of date.
    public func version(of service: String) -> Int64? {
        versions[service]
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
        guard services[service] != nil else {
            throw EngineError(.notFound, "no service \"\(service)\" for action \"\(type)\"; register the service first")
        }
        handlers[type] = handler
    }

    /// Removes the handler of `type`; the service and its state stay.
    public func unregister(action type: String) throws(EngineError) {
        guard handlers.removeValue(forKey: type) != nil else {
            throw EngineError(.notFound, "no handler for action \"\(type)\"")
        }
    }

    /// Drops every handler and middleware; the services keep their state.
    public func removeAllHandlers() {
        handlers = [:]
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
        handlers[type] != nil
    }

    /// The state of `service` at `path`.
    public func state(_ service: String, at path: JSONPath = .root) throws(EngineError) -> JSON {
        guard let root = services[service] else {
            throw EngineError(.notFound, "no service \"\(service)\"")
        }
        guard let value = root.value(at: path) else {
            throw EngineError(.notFound, "nothing at \(path) in service \"\(service)\"")
        }
        return value
    }

    /// Runs `actions` and their follow-ups as one transaction.
    ///
    /// Throws `.notFound` for an action type without a handler, `.callback`
    /// when a handler or middleware fails (the message names the action
    /// type), `.limit` when the queue runs past `queueLimit`. On any error
    /// every service is as it was before the call and no effect survives.
    @discardableResult
    public func dispatch(_ actions: [Action]) throws(EngineError) -> DispatchOutcome {
        // The first action's handler, looked up once: nothing runs between
        // this check and its use.
        var firstHandler: ActionHandler?
        for action in actions {
            guard let handler = handlers[action.type] else {
                throw EngineError(.notFound, "no handler for action \"\(action.type)\"")
            }
            if firstHandler == nil { firstHandler = handler }
        }
        // The journal's buffer is kept between dispatches (taken, so a
        // nested dispatch gets its own).
        var journal = spareJournal
        spareJournal = []
        defer {
            // (removeLast keeps the capacity and, unlike removeAll, costs no generic replaceSubrange)
            while !journal.isEmpty { journal.removeLast() }
            spareJournal = journal
        }
        var queue = actions
        var next = 0
        var outcome = DispatchOutcome()
        do throws(EngineError) {
            while next < queue.count {
                guard next < queueLimit else {
                    throw EngineError(.limit, "dispatch ran \(queueLimit) actions without emptying its queue (SDUI_LIMIT_QUEUE); a handler may be dispatching itself")
                }
                let current = queue[next]
                next += 1
                let handler: ActionHandler
                if next == 1, let firstHandler {
                    handler = firstHandler
                } else if let found = handlers[current.type] {
                    handler = found
                } else {
                    throw EngineError(.notFound, "no handler for follow-up action \"\(current.type)\" (queued by \"\(queue[0].type)\")")
                }
                let context = try run(handler, for: current, journal: &journal)
                if !context.queued.isEmpty {
                    queue.append(contentsOf: context.queued)
                }
                outcome.changes[context.service, default: StateChange()].merge(context.change)
                if !context.effects.isEmpty {
                    outcome.effects += context.effects
                }
            }
        } catch {
            for entry in journal.reversed() {
                if entry.version == nil {
                    services[entry.service] = nil // it did not exist
                } else {
                    entry.undo.reversed().forEach { services[entry.service]?.undo($0) }
                }
                versions[entry.service] = entry.version
            }
            throw error
        }
        outcome.actions = next
        return outcome
    }

    /// The journal's storage between dispatches (empty).
    private var spareJournal: [Journal] = []

    /// One handler's changes as the transaction records them.
    private struct Journal {
        var service: String
        var undo: [JSONUndo]
        /// The service's version before the handler ran.
        var version: Int64?
    }

    /// Runs one handler and its middleware on its service's state, in place;
    /// whatever it changed, even when it fails, goes in the journal.
    private func run(_ handler: ActionHandler, for action: Action, journal: inout [Journal])
        throws(EngineError) -> Ran
    {
        let service = String(action.service)
        let version = versions[service]
        let result = newVersion()
        // Move the state out so the handler mutates it without a copy.
        var context = HandlerContext(action: action, service: service,
                                     state: services.removeValue(forKey: service) ?? .null,
                                     versions: (version ?? 0, result), store: self)
        defer {
            services[service] = context.current
            versions[service] = result
            journal.append(Journal(service: service, undo: context.undo, version: version))
            if !context.warnings.isEmpty {
                warnings += context.warnings.map { (action.type, $0) }
                if warnings.count > 64 { warnings.removeFirst(warnings.count - 64) }
            }
        }
        do {
            for m in middleware { try m.run(.before, action) }
            try handler(&context)
        } catch {
            throw EngineError(.callback, "action \"\(action.type)\" failed: \(error)")
        }
        do {
            for m in middleware { try m.run(.after, action) }
        } catch {
            throw EngineError(.callback, "action \"\(action.type)\" failed in middleware: \(error)")
        }
        // What the dispatch needs of the context (returning the context
        // itself would copy it whole: the `defer` above still reads it).
        return Ran(service: service, queued: context.queued, change: context.change, effects: context.effects)
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

    /// Runs one action and its follow-ups as one transaction; see `dispatch(_:)` for a list.
    @discardableResult
    public func dispatch(_ action: Action) throws(EngineError) -> DispatchOutcome {
        try dispatch([action])
    }
}
