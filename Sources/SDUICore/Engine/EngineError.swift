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

extension Engine {
    /// A contract error as an engine error whose message starts with the
    /// line:column of the offending value in `bytes`, or of its nearest
    /// enclosing value when it is missing.
    public static func located(_ error: ContractError, in bytes: UnsafeRawBufferPointer) -> EngineError {
        var path = error.path
        while true {
            if let offset = JSONLocator.offset(of: path, in: bytes) {
                let (line, column) = JSONLocator.lineColumn(of: offset, in: bytes)
                return EngineError(.contract, "\(line):\(column): \(error.description)")
            }
            guard !path.segments.isEmpty else { return EngineError(.contract, error.description) }
            path.segments.removeLast()
        }
    }
}
