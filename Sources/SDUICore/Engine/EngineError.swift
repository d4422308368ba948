/// A failure reported by the engine: a code the C facade maps to a status,
/// and a message for a person.
public struct EngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure; each maps to one `SDUI_E*` status.
    public enum Code: Sendable, Equatable {
        /// Input is not well-formed JSON.
        case parse
        /// Well-formed JSON that breaks a contract (page, action, view node).
        case contract
        /// Unknown action type, service or state path.
        case notFound
        /// A configured limit was hit.
        case limit
        /// A factory or handler reported failure.
        case callback
        /// A bad argument.
        case invalid
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Maps a parser failure: size and depth are limits, the rest is syntax.
    init(_ error: JSONParseError) {
        switch error.kind {
        case .tooDeep, .tooLarge: self.init(.limit, error.description)
        default: self.init(.parse, error.description)
        }
    }
}

/// A contract violation found while decoding a JSON value into a model type,
/// located by its JSON path (the engine adds line:column when it has the bytes).
public struct ContractError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: JSONPath
    public var message: String

    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Small checked readers shared by the model decoders.
enum Decode {
    static func object(_ value: JSON, at path: JSONPath, _ what: String) throws(ContractError) -> JSONObject {
        guard case .object(let o) = value else {
            throw ContractError(path, "\(what) must be an object, got \(value.typeName)")
        }
        return o
    }

    static func string(_ value: JSON?, at path: JSONPath, required: Bool) throws(ContractError) -> String? {
        guard let value, !value.isNull || required else { return nil }
        guard case .string(let s) = value else {
            throw ContractError(path, "expected a string, got \(value.typeName)")
        }
        return s
    }

    static func nonEmptyString(_ value: JSON?, at path: JSONPath) throws(ContractError) -> String {
        guard let value else { throw ContractError(path, "missing required string") }
        guard case .string(let s) = value else {
            throw ContractError(path, "expected a string, got \(value.typeName)")
        }
        guard !s.isEmpty else { throw ContractError(path, "must not be empty") }
        return s
    }

    static func number(_ value: JSON, at path: JSONPath) throws(ContractError) -> Double {
        guard let d = value.doubleValue else {
            throw ContractError(path, "expected a number, got \(value.typeName)")
        }
        return d
    }

    /// Rejects members outside `allowed`, naming the first stray one.
    static func onlyKeys(_ object: JSONObject, _ allowed: some Collection<String>, at path: JSONPath, _ what: String)
        throws(ContractError)
    {
        // Callers pass a few names as an array literal (a linear `contains`,
        // no set built per call) or a stored set (`Style.fieldNames`).
        for key in object.keys where !allowed.contains(key) {
            let list = allowed.sorted().joined(separator: ", ")
            throw ContractError(path.appending(key), "unknown member \"\(key)\" in \(what) (allowed: \(list))")
        }
    }
}
