/// Limits on what the engine accepts, each configurable per engine.
public struct EngineLimits: Sendable, Equatable {
    /// Largest JSON input accepted, in bytes.
    public var maxPayloadBytes = 64 << 20
    /// Deepest nesting of arrays and objects in any JSON input, at most
    /// `depthCeiling` (larger values are cut to it).
    public var maxDepth = 512 {
        didSet { maxDepth = min(max(maxDepth, 0), Self.depthCeiling) }
    }
    /// The highest `maxDepth` can go. Nested values are parsed, converted,
    /// written and freed recursively on the calling thread's stack (a few
    /// hundred bytes a level): 10,000 levels fit in the 8 MiB of a main
    /// thread; the default 512 fits in 256 KiB.
    public static let depthCeiling = 10_000
    /// Most actions one dispatch may run, follow-ups included.
    public var queueLimit = 10_000
    /// Most pages the navigation stack holds, the current one included:
    /// opening one more fails (the pages below keep their renders).
    public var maxPages = 64

    public init() {}

    var parseOptions: JSONParseOptions {
        JSONParseOptions(maxDepth: maxDepth, maxBytes: maxPayloadBytes)
    }
}
