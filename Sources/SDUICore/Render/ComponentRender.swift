/// The outcome of rendering one component.
public struct ComponentRender {
    /// What the screen shows for it; nil when it was dropped.
    public var rendered: RenderedComponent?
    /// The service reads its factory made.
    public var reads: [Read]
    /// The types consulted: its own, then each fallback's, up to the one that rendered.
    public var types: [String]
    /// What the render noticed, but the warnings about unlabelled buttons (see `diagnostics`).
    var noted: [Diagnostic]
    /// Which link of the fallback chain rendered, and why the others did not.
    public var choice: FallbackChoice
    /// Whether a factory ran (false for fallback nodes and drops).
    public var factoryRan: Bool
    /// Whether its view holds a button labelled with symbols only and no
    /// accessibility label (`FlatView.hasIconOnlyButtons`): the warnings
    /// naming them are made from the view when asked for, not kept (a page
    /// of 10,000 cards, each with an unlabelled star, would keep 10,000).
    var unlabelledButtons = false

    /// What the render noticed, in order: the fallback chain's, the
    /// factory's failure or warnings, unknown theme tokens, then an
    /// "unlabelled-button" warning for each button labelled with symbols
    /// only (★, ♥, ▶) that has no accessibility label.
    public var diagnostics: [Diagnostic] {
        guard unlabelledButtons, let rendered else { return noted }
        return noted + rendered.flat.iconOnlyButtons(componentId: rendered.id).map { id in
            Diagnostic(.warning, "unlabelled-button", component: rendered.id,
                       "button \"\(id)\" shows only symbols; give it an accessibility label for screen readers")
        }
    }
}
