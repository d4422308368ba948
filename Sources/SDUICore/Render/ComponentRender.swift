/// The outcome of rendering one component.
public struct ComponentRender {
    /// What the screen shows for it; nil when it was dropped.
    public var rendered: RenderedComponent?
    /// The service reads its factory made.
    public var reads: [Read]
    /// The types consulted: its own, then each fallback's, up to the one that rendered.
    public var types: [String]
    public var diagnostics: [Diagnostic]
    /// Which link of the fallback chain rendered, and why the others did not.
    public var choice: FallbackChoice
    /// Whether a factory ran (false for fallback nodes and drops).
    public var factoryRan: Bool
}
