/// Something the engine noticed while loading or rendering a page that the
/// host or the server author should know, without failing the page.
public struct Diagnostic: Sendable, Equatable {
    public enum Severity: String, Sendable {
        case warning, error
    }

    public var severity: Severity
    /// Stable machine-readable code: "unknown-type", "requires-unmet", "fallback-used", "dropped", "factory-failed",
    /// "factory-warning", "unknown-token", "unlabelled-button", "handler-warning", "callback-warning",
    /// "persist-rejected", "persist-failed"…
    public var code: String
    /// The component concerned, if any.
    public var component: String?
    public var message: String

    public init(_ severity: Severity, _ code: String, component: String?, _ message: String) {
        self.severity = severity
        self.code = code
        self.component = component
        self.message = message
    }

    public var json: JSON {
        var o = JSONObject([("severity", .string(severity.rawValue)), ("code", .string(code))])
        if let component { o["component"] = .string(component) }
        o["message"] = .string(message)
        return .object(o)
    }
}
