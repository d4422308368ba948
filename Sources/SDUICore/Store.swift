/// What an action handler works with: the action, its service's state to
/// change in place, read access to the other services, and a queue for
/// follow-up actions.
public struct HandlerContext {
    public let action: Action
    /// The service this handler owns ("favorites" for "favorites/toggle").
    public let service: String
    /// The service's state; the handler changes it in place.
    public var state: JSON
    /// Follow-ups, run in order after this handler returns.
    public private(set) var queued: [Action] = []
    /// Effects, run after the whole dispatch commits.
    public private(set) var effects: [Effect] = []
    private let store: Store

    init(action: Action, service: String, state: JSON, store: Store) {
        self.action = action
        self.service = service
        self.state = state
        self.store = store
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

    /// Reads any service, this one included, with this dispatch's changes so far.
    public func state(of service: String, at path: JSONPath = .root) -> JSON? {
        let value = service == self.service ? state : store.services[service]
        return value?.value(at: path)
    }
}

/// Runs one action against its service's state.
public typealias ActionHandler = (_ context: inout HandlerContext) throws -> Void

/// When a middleware sees an action: before its handler runs, or after.
public enum MiddlewarePhase: String, Sendable {
    case before, after
}

/// Sees every action before and after its handler (logging, analytics,
/// guards). A middleware that throws fails the dispatch like a handler.
public typealias Middleware = (_ phase: MiddlewarePhase, _ action: Action) throws -> Void

/// What a committed dispatch did: the services its handlers ran on and the
/// effects they emitted, in order.
public struct DispatchOutcome {
    public var touched: Set<String> = []
    public var effects: [Effect] = []
    /// How many actions ran, follow-ups included.
    public var actions = 0
}

/// The application state: named services, each a JSON value with the
/// handlers for its actions ("service/name").
///
/// A dispatch runs the action's handler, then the follow-ups it queued, in
/// order, until the queue is empty: one transaction. If any handler fails
/// the services are restored to what they were before the dispatch.
public final class Store {
    public private(set) var services: [String: JSON] = [:]
    private var handlers: [String: ActionHandler] = [:]
    private var middleware: [(id: Int, run: Middleware)] = []
    private var nextMiddlewareId = 1
    /// Most actions one dispatch may run, follow-ups included.
    public var queueLimit = 10_000

    public init() {}

    /// Creates `name` with `state`, or replaces the state of an existing service.
    public func register(service name: String, state: JSON) throws(EngineError) {
        guard !name.isEmpty, !name.contains("/") else {
            throw EngineError(.invalid, "bad service name \"\(name)\": it must be non-empty and contain no '/'")
        }
        services[name] = state
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
        for action in actions where handlers[action.type] == nil {
            throw EngineError(.notFound, "no handler for action \"\(action.type)\"")
        }
        let before = services
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
                guard let handler = handlers[current.type] else {
                    throw EngineError(.notFound, "no handler for follow-up action \"\(current.type)\" (queued by \"\(queue[0].type)\")")
                }
                let service = String(current.service)
                // Move the state out so the handler mutates it without a copy.
                let state = services.removeValue(forKey: service) ?? .null
                var context = HandlerContext(action: current, service: service, state: state, store: self)
                do {
                    for m in middleware { try m.run(.before, current) }
                    try handler(&context)
                } catch {
                    throw EngineError(.callback, "action \"\(current.type)\" failed: \(error)")
                }
                services[service] = context.state
                do {
                    for m in middleware { try m.run(.after, current) }
                } catch {
                    throw EngineError(.callback, "action \"\(current.type)\" failed in middleware: \(error)")
                }
                queue.append(contentsOf: context.queued)
                outcome.touched.insert(service)
                outcome.effects += context.effects
            }
        } catch {
            services = before
            throw error
        }
        outcome.actions = next
        return outcome
    }

    /// Runs one action and its follow-ups as one transaction; see `dispatch(_:)` for a list.
    @discardableResult
    public func dispatch(_ action: Action) throws(EngineError) -> DispatchOutcome {
        try dispatch([action])
    }
}
