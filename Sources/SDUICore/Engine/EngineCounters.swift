/// How much work the engine did, for tests and benchmarks.
public struct EngineCounters: Sendable, Equatable {
    /// Factory invocations.
    public var factoryRuns = 0
    /// Components rendered, first renders and re-renders alike.
    public var componentRenders = 0
    /// Actions run, follow-ups included.
    public var actions = 0
    /// Component layouts computed (not served from the layout cache).
    public var layouts = 0
    /// States of persistent services saved (`Engine.persist`).
    public var saves = 0
    /// Factory views a binding handed over in the engine's flat form, kept
    /// as they came (`Engine.noteFlatView`).
    public var flatViews = 0

    public init() {}
}
