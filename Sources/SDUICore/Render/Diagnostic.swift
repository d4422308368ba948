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

extension Diagnostic {
    /// A "duplicate-key" warning for each key given again in `bytes` (at the
    /// byte offsets the parser reported), naming its line:column, its path
    /// and, on a page of `components`, the component it is in.
    static func duplicateKeys(at offsets: [Int], in bytes: UnsafeRawBufferPointer, components: [Component]?)
        -> [Diagnostic]
    {
        offsets.map { offset in
            let (line, column) = JSONLocator.lineColumn(of: offset, in: bytes)
            let path = JSONLocator.path(ofKeyAt: offset, in: bytes)
            var component: String?
            if let components, let segments = path?.segments {
                // $.components[i]… or, for a bare array page, $[i]…
                let at = segments.first == .key("components") ? 1 : 0
                if segments.count > at, case .index(let i) = segments[at], i < components.count {
                    component = components[i].id
                }
            }
            let key: String
            if case .key(let name)? = path?.segments.last { key = JSONWriter.quoted(name) } else { key = "a key" }
            return Diagnostic(.warning, "duplicate-key", component: component,
                              "\(line):\(column): \(path.map { "\($0)" } ?? "$"): duplicate key \(key): the last value is used")
        }
    }
}
