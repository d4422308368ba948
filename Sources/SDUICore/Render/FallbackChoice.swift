/// Which link of a component's fallback chain renders, and why the links
/// before it were passed over: everything about a render that the factory
/// does not decide, worked out without running one (`Renderer.choose`).
///
/// Link 0 is the component itself, link 1 its fallback, and so on. A link is
/// passed over when its requirements are not met (`Capabilities.unmet`) or
/// no factory is registered for its type; its fallback then decides. The
/// engine compares a component's choice before and after the capabilities
/// or the page's requirements change, and renders again exactly the
/// components whose choice differs.
public struct FallbackChoice: Sendable, Equatable {
    /// How the chain ended at `link`.
    public enum Ending: Sendable, Equatable {
        /// The link's factory runs.
        case factory
        /// The component is left out (`"fallback": "drop"`).
        case drop
        /// The engine's `fallback` node stands in (no fallback left).
        case fallbackNode
    }

    /// The link that rendered or ended the chain.
    public var link: Int
    public var ending: Ending
    /// One for each link passed over, in order: "requires-unmet",
    /// "fallback-used", "dropped" or "unknown-type".
    public var diagnostics: [Diagnostic]

    public init(link: Int = 0, ending: Ending = .factory, diagnostics: [Diagnostic] = []) {
        self.link = link
        self.ending = ending
        self.diagnostics = diagnostics
    }
}
