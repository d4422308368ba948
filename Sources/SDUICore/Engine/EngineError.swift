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
