/// Limits applied while parsing JSON that may come from an untrusted server.
public struct JSONParseOptions: Sendable {
    /// Deepest allowed nesting of arrays and objects; the root container has depth 1.
    ///
    /// The parser recurses once per level, so this also bounds its stack use.
    public var maxDepth: Int = 512
    /// Largest accepted input in bytes; longer input fails before parsing starts.
    public var maxBytes: Int = 64 << 20
    /// What a key given twice in one object means.
    public var duplicateKeys: DuplicateKeys = .reject

    /// What a key given twice in one object means.
    public enum DuplicateKeys: Sendable {
        /// An error (RFC 8259 leaves it open; sdui's contract refuses it).
        case reject
        /// The last value is kept, in the key's first place, as many JSON
        /// parsers (and Adaptive Cards' hosts) do; the parser reports where.
        case lastWins
    }

    /// Creates parse limits.
    public init(maxDepth: Int = 512, maxBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }
}
