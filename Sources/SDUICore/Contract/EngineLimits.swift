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
    /// Most nodes one component's view may have (`ViewLimits`): a factory
    /// whose view has more fails, as any failing factory does.
    public var maxViewNodes = 100_000
    /// Most bytes one component's view may take in the form the engine
    /// keeps it (`FlatView`), its texts included: unless set, as many as
    /// the largest payload (`maxPayloadBytes`), since a view shows data
    /// that came in one.
    public var maxViewBytes: Int {
        get { viewBytes ?? maxPayloadBytes }
        set { viewBytes = newValue }
    }
    private var viewBytes: Int?
    /// Most actions one call into the engine may run (`DispatchBudget`): the
    /// action, its follow-ups, and the actions subscribers, effects and
    /// timers queue in later rounds; each effect emitted counts as one too.
    public var maxActions = 10_000
    /// Most bytes one call's handlers may write into the state: the packed
    /// size (`PackedValue.size`) of every value they set, summed.
    public var maxWriteBytes = 64 << 20
    /// Most bytes every service's state together may hold, as the packed
    /// size of the states (`PackedValue.size`).
    public var maxStateBytes = 256 << 20

    public init() {}

    var parseOptions: JSONParseOptions {
        JSONParseOptions(maxDepth: maxDepth, maxBytes: maxPayloadBytes)
    }

    /// What one component's view may hold.
    public var view: ViewLimits {
        ViewLimits(nodes: maxViewNodes, bytes: maxViewBytes)
    }
}
