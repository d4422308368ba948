/// When a middleware sees an action: before its handler runs, or after.
public enum MiddlewarePhase: String, Sendable {
    case before, after
}

/// Sees every action before and after its handler (logging, analytics,
/// guards). A middleware that throws fails the dispatch like a handler.
public typealias Middleware = (_ phase: MiddlewarePhase, _ action: Action) throws -> Void
