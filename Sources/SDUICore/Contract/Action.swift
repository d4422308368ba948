/// An action: `{"type": "service/name", "payload": any}`, and for a
/// submit `"inputs"`: which input values it carries (`ActionInputs`).
///
/// Buttons carry one; dispatching it runs the handler registered for its type
/// on the service named before the slash.
public struct Action: Sendable, Equatable {
    public var type: String
    public var payload: JSON
    /// The input values a press adds to the payload (`Engine.press`); nil for none.
    public var inputs: ActionInputs?

    public init(type: String, payload: JSON = .null, inputs: ActionInputs? = nil) {
        self.type = type
        self.payload = payload
        self.inputs = inputs
    }

    /// The service part of the type: "favorites" for "favorites/toggle".
    public var service: Substring {
        let utf8 = type.utf8
        // The bytes in place when the string has them contiguous (a native
        // string does): a plain scan, not the view's iteration.
        if let found = utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: UInt8(ascii: "/")) }) {
            guard let offset = found else { return type[...] }
            return type[..<utf8.index(utf8.startIndex, offsetBy: offset)]
        }
        guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return type[...] }
        return type[..<slash]
    }

    /// Decodes `{"type", "payload"}`; other members are a contract error.
    public init(json: JSON, at path: JSONPath = .root) throws(ContractError) {
        let o = try Decode.object(json, at: path, "an action")
        try Decode.onlyKeys(o, ViewContract.actionMembers, at: path, "an action")
        if case .string(let s)? = o["type"], !s.isEmpty {
            type = s // the common case, without building the error's path
        } else {
            type = try Decode.nonEmptyString(o["type"], at: path.appending("type"))
        }
        payload = o["payload"] ?? .null
        if let inputs = o["inputs"] { self.inputs = try ActionInputs(json: inputs, at: path.appending("inputs")) }
    }

    public var json: JSON {
        var o = JSONObject([("type", .string(type)), ("payload", payload)])
        if let inputs { o["inputs"] = inputs.json }
        return .object(o)
    }

    /// Exact equality: the payload must be identical as JSON text shows it
    /// (see `JSON.isIdentical`), so a view whose action changed from `1` to
    /// `1.0` is a changed view.
    public static func == (lhs: Action, rhs: Action) -> Bool {
        lhs.type == rhs.type && lhs.payload.isIdentical(to: rhs.payload) && lhs.inputs == rhs.inputs
    }

    /// True when `type` has the form "service/name" with both parts non-empty.
    public static func isWellFormedType(_ type: String) -> Bool {
        let parts = type.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }
}
