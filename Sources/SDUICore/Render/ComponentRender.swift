/// The outcome of rendering one component.
public struct ComponentRender {
    /// What the screen shows for it; nil when it was dropped.
    public var rendered: RenderedComponent?
    /// The service reads its factory made.
    public var reads: [Read]
    /// The component's own type.
    public let type: String
    /// The type of each fallback passed to, up to the one that rendered
    /// (empty when the component rendered itself: no array made).
    public var fallbackTypes: [String] = []
    /// The types consulted: its own, then each fallback's, up to the one that rendered.
    public var types: [String] { [type] + fallbackTypes }
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

    /// A render of a component of `type` as `choice` settled it: with no
    /// factory run, nothing rendered yet and the choice's diagnostics noted;
    /// after a run, `noted` holds the choice's and the factory's.
    init(_ type: String, choice: FallbackChoice, noted: [Diagnostic]? = nil, fallbackTypes: [String] = [],
         rendered: RenderedComponent? = nil, reads: [Read] = [], factoryRan: Bool = false,
         unlabelledButtons: Bool = false)
    {
        self.rendered = rendered
        self.reads = reads
        self.type = type
        self.fallbackTypes = fallbackTypes
        self.noted = noted ?? choice.diagnostics
        self.choice = choice
        self.factoryRan = factoryRan
        self.unlabelledButtons = unlabelledButtons
    }

    /// Whether rendering it consulted `type`: its own or a fallback's.
    public func consulted(_ type: String) -> Bool {
        self.type == type || fallbackTypes.contains(type)
    }

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
