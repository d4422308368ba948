/// Turns components into rendered view trees by running their factories.
///
/// A component renders through the factory of its type when its
/// requirements are met (`Capabilities.unmet`: its page's, then its own;
/// a fallback component's are its own only, as in Adaptive Cards) and
/// the type has a factory. Otherwise it renders its fallback component
/// (which is checked the same way, and so on down the chain), is dropped
/// (`"fallback": "drop"`), or becomes a visible `fallback` node naming the
/// type (`FallbackChoice`). A factory that throws or returns an invalid
/// tree becomes an `error` node for that component only. Each of these
/// records a diagnostic, as does each warning a factory reports
/// (`RenderContext.warn`), each theme token the view names that the
/// theme lacks ("unknown-token", `ThemeResolver`) and each button labelled
/// with symbols only (★) that has no accessibility label
/// ("unlabelled-button", `Accessibility.isIconOnly`); the page always renders.
public struct Renderer {
    public let registry: ComponentRegistry
    public let store: Store
    /// The inputs' validation errors to show, by node id (`Engine.press`).
    public let inputErrors: [String: String]
    /// The theme's values the views' tokens resolve to (`ThemeResolver`).
    public let theme: ThemeValues
    /// What the host supports, which requirements are checked against.
    public let capabilities: Capabilities
    /// What the page requires of each of its components (`Page.requirements`).
    public let pageRequirements: Requirements
    /// What the capabilities lack of `pageRequirements` alone, worked out
    /// once: the answer for every component that requires nothing more.
    private let pageUnmet: String?
    /// What one component's view may hold: a factory whose view has more fails.
    public let viewLimits: ViewLimits

    public init(registry: ComponentRegistry, store: Store, inputErrors: [String: String] = [:],
                theme: ThemeValues = ThemeValues(),
                capabilities: Capabilities = Capabilities(), pageRequirements: Requirements = .none,
                viewLimits: ViewLimits = EngineLimits().view)
    {
        self.viewLimits = viewLimits
        self.registry = registry
        self.store = store
        self.inputErrors = inputErrors
        self.theme = theme
        self.capabilities = capabilities
        self.pageRequirements = pageRequirements
        self.pageUnmet = pageRequirements.isEmpty ? nil : capabilities.unmet(pageRequirements)
    }

    /// Renders a whole page at once (no caching), collecting diagnostics;
    /// the page's requirements apply, whatever `pageRequirements` holds.
    public func render(_ page: Page, diagnostics: inout [Diagnostic]) -> Screen {
        let renderer = Renderer(registry: registry, store: store, inputErrors: inputErrors, theme: theme,
                                capabilities: capabilities, pageRequirements: page.requirements)
        var screen = Screen(pageId: page.id, version: page.version?.json)
        screen.components.reserveCapacity(page.components.count)
        for component in page.components {
            let result = renderer.render(component)
            diagnostics += result.diagnostics
            if let rendered = result.rendered { screen.components.append(rendered) }
        }
        return screen
    }

    /// Which link of `component`'s fallback chain renders (the component
    /// being one of the page), and that link; no factory runs.
    public func choose(_ component: Component) -> (choice: FallbackChoice, link: Component) {
        let (choice, link, _) = chooseLink(component)
        return (choice, link)
    }

    /// `choose`, with the factory of the link when one renders it.
    private func chooseLink(_ component: Component)
        -> (choice: FallbackChoice, link: Component, factory: ComponentDataFactory?)
    {
        var choice = FallbackChoice()
        var current = component
        var unmet = unmetFirst(component)
        while true {
            if unmet == nil, let factory = registry.factory(for: current.type) { return (choice, current, factory) }
            let reason = unmet.map { "type \"\(current.type)\": \($0)" } ?? "no factory for type \"\(current.type)\""
            switch current.fallback {
            case .component(let replacement)?:
                choice.diagnostics.append(Diagnostic(.warning, unmet == nil ? "fallback-used" : "requires-unmet",
                    component: component.id, "\(reason); rendered its fallback of type \"\(replacement.type)\""))
                current = replacement
                let needs = replacement.requirements
                unmet = needs.isEmpty ? nil : capabilities.unmet(needs)
                choice.link += 1
            case .drop?:
                choice.diagnostics.append(Diagnostic(.warning, unmet == nil ? "dropped" : "requires-unmet",
                    component: component.id, "\(reason); dropped as its fallback asks"))
                choice.ending = .drop
                return (choice, current, nil)
            case nil:
                choice.diagnostics.append(Diagnostic(.error, unmet == nil ? "unknown-type" : "requires-unmet",
                    component: component.id, "\(reason)\(unmet == nil ? " and" : ";") no fallback"))
                choice.ending = .fallbackNode
                return (choice, current, nil)
            }
        }
    }

    /// What the capabilities lack of what `component` (one of the page) requires, its page's requirements first.
    private func unmetFirst(_ component: Component) -> String? {
        let own = component.requirements
        return own.isEmpty ? pageUnmet : capabilities.unmet(pageRequirements + own)
    }

    /// Renders one component of the page, following fallbacks
    /// (`choose`). The result keeps the original component's id and type
    /// whatever rendered it.
    public func render(_ component: Component) -> ComponentRender {
        // The usual case, with no copy of the component: its own factory renders it.
        if unmetFirst(component) == nil, let factory = registry.factory(for: component.type) {
            return run(factory, for: component, link: component, choice: FallbackChoice())
        }
        let (choice, current, chosen) = chooseLink(component)
        switch choice.ending {
        case .drop:
            return ComponentRender(component.type, choice: choice,
                                   fallbackTypes: fallbackTypes(of: component, links: choice.link))
        case .fallbackNode:
            return ComponentRender(component.type, choice: choice,
                                   fallbackTypes: fallbackTypes(of: component, links: choice.link),
                                   rendered: RenderedComponent(id: component.id, type: component.type,
                                                               view: ViewNode.fallback(componentType: current.type)))
        case .factory:
            guard let factory = chosen else { preconditionFailure("a factory ending without its factory") }
            return run(factory, for: component, link: current, choice: choice)
        }
    }

    /// The types of the first `links` fallbacks of `component`'s chain.
    private func fallbackTypes(of component: Component, links: Int) -> [String] {
        guard links > 0 else { return [] } // the usual render: the chain is not looked at
        var types: [String] = []
        var link = component.fallback
        for _ in 0..<links {
            guard case .component(let next)? = link else { break }
            types.append(next.type)
            link = next.fallback
        }
        return types
    }

    /// Renders `component` through `factory`, the factory of `link` (the
    /// component itself, or the fallback `choice` settled on).
    private func run(_ factory: ComponentDataFactory, for component: Component, link: Component,
                     choice: FallbackChoice) -> ComponentRender
    {
        var noted = choice.diagnostics
        let context = RenderContext(componentId: component.id, componentType: link.type, store: store, theme: theme,
                                    viewLimits: viewLimits)
        let view: FlatView
        do {
            // bound inputs' values, validation errors, then the theme's tokens
            let filled = InputBinding.fill(try factory(link.factoryData, context), context: context,
                                           errors: inputErrors)
            view = ThemeResolver.resolve(filled, context: context)
        } catch {
            noted.append(Diagnostic(.error, "factory-failed", component: component.id,
                "factory for \"\(link.type)\" failed: \(error)"))
            view = FlatView(ViewNode.error("\(error)"))
        }
        for warning in context.warnings {
            noted.append(Diagnostic(.warning, "factory-warning", component: component.id, warning))
        }
        for problem in context.unknownTokens {
            noted.append(Diagnostic(.warning, "unknown-token", component: component.id, problem))
        }
        return ComponentRender(component.type, choice: choice, noted: noted,
                               fallbackTypes: fallbackTypes(of: component, links: choice.link),
                               rendered: RenderedComponent(id: component.id, type: component.type, flat: view),
                               reads: context.reads, factoryRan: true, unlabelledButtons: view.hasIconOnlyButtons)
    }
}
