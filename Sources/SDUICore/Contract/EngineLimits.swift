/// Limits on what the engine accepts, each configurable per engine.
public struct EngineLimits: Sendable, Equatable {
    /// Largest JSON input accepted, in bytes.
    public var maxPayloadBytes = 64 << 20
    /// Deepest nesting of arrays and objects in any JSON input.
    public var maxDepth = 512
    /// Most actions one dispatch may run, follow-ups included.
    public var queueLimit = 10_000

    public init() {}

    var parseOptions: JSONParseOptions {
        JSONParseOptions(maxDepth: maxDepth, maxBytes: maxPayloadBytes)
    }
}
