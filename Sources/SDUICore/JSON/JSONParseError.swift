/// Why and where a JSON document was rejected.
///
/// `description` reads like a compiler diagnostic:
/// `3:14: $.components[3].data.title: expected ',' or '}' after an object member, found 'x'`.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of failure.
    public enum Kind: String, Sendable {
        /// The text is not RFC 8259 JSON.
        case syntax
        /// The bytes are not well-formed UTF-8.
        case invalidUTF8 = "invalid-utf8"
        /// Arrays and objects nest deeper than `JSONParseOptions.maxDepth`.
        case tooDeep = "too-deep"
        /// The input is longer than `JSONParseOptions.maxBytes`.
        case tooLarge = "too-large"
        /// An object has the same key twice.
        case duplicateKey = "duplicate-key"
    }

    /// The class of failure.
    public var kind: Kind
    /// What went wrong, in words.
    public var message: String
    /// 0-based byte offset of the offending byte (the input length for a premature end).
    public var offset: Int
    /// 1-based line of `offset`.
    public var line: Int
    /// 1-based column of `offset`, counted in Unicode scalars from the start of its line.
    public var column: Int
    /// The member or element being parsed when the failure happened.
    public var path: JSONPath

    /// Creates an error; the parser is the usual source of these.
    public init(kind: Kind, message: String, offset: Int, line: Int, column: Int, path: JSONPath) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
        self.path = path
    }

    /// `line:column: path: message`.
    public var description: String {
        "\(line):\(column): \(path): \(message)"
    }
}
