/// Turns components into rendered view trees by running their factories.
///
/// A component renders through the factory of its type. Without one it
/// renders its fallback component, is dropped (`"fallback": "drop"`), or
/// becomes a visible `fallback` node naming the type. A factory that throws
/// or returns an invalid tree becomes an `error` node for that component
/// only. Each of these records a diagnostic, as does each warning a factory
/// reports (`RenderContext.warn`) and each button labelled with symbols only
/// (★) that has no accessibility label ("unlabelled-button",
/// `Accessibility.isIconOnly`); the page always renders.
public struct Renderer {
    public let registry: ComponentRegistry
    public let store: Store
    /// The inputs' validation errors to show, by node id (`Engine.press`).
    public let inputErrors: [String: String]

    public init(registry: ComponentRegistry, store: Store, inputErrors: [String: String] = [:]) {
        self.registry = registry
        self.store = store
        self.inputErrors = inputErrors
    }

    /// Renders a whole page at once (no caching), collecting diagnostics.
    public func render(_ page: Page, diagnostics: inout [Diagnostic]) -> Screen {
        var screen = Screen(pageId: page.id, version: page.version)
        screen.components.reserveCapacity(page.components.count)
        for component in page.components {
            let result = render(component)
            diagnostics += result.diagnostics
            if let rendered = result.rendered { screen.components.append(rendered) }
        }
        return screen
    }

    /// Renders one component, following fallbacks. The result keeps the
    /// original component's id and type whatever rendered it.
    public func render(_ component: Component) -> ComponentRender {
        var result = ComponentRender(rendered: nil, reads: [], types: [component.type], diagnostics: [], factoryRan: false)
        var current = component
        while registry.factory(for: current.type) == nil {
            switch current.fallback {
            case .component(let replacement)?:
                result.diagnostics.append(Diagnostic(.warning, "fallback-used", component: component.id,
                    "no factory for type \"\(current.type)\"; rendered its fallback of type \"\(replacement.type)\""))
                current = replacement
                result.types.append(current.type)
            case .drop?:
                result.diagnostics.append(Diagnostic(.warning, "dropped", component: component.id,
                    "no factory for type \"\(current.type)\"; dropped as its fallback asks"))
                return result
            case nil:
                result.diagnostics.append(Diagnostic(.error, "unknown-type", component: component.id,
                    "no factory for type \"\(current.type)\" and no fallback"))
                result.rendered = RenderedComponent(id: component.id, type: component.type,
                                                    view: ViewNode.fallback(componentType: current.type))
                return result
            }
        }
        let factory = registry.factory(for: current.type)!
        let log = ReadLog()
        let context = RenderContext(componentId: component.id, componentType: current.type, store: store, log: log)
        let view: FlatView
        do {
            // bound inputs' values, validation errors
            view = InputBinding.fill(try factory(current.factoryData, context), context: context, errors: inputErrors)
        } catch {
            result.diagnostics.append(Diagnostic(.error, "factory-failed", component: component.id,
                "factory for \"\(current.type)\" failed: \(error)"))
            view = FlatView(ViewNode.error("\(error)"))
        }
        for warning in log.warnings {
            result.diagnostics.append(Diagnostic(.warning, "factory-warning", component: component.id, warning))
        }
        for id in view.iconOnlyButtons(componentId: component.id) {
            result.diagnostics.append(Diagnostic(.warning, "unlabelled-button", component: component.id,
                "button \"\(id)\" shows only symbols; give it an accessibility label for screen readers"))
        }
        result.factoryRan = true
        result.reads = log.reads
        result.rendered = RenderedComponent(id: component.id, type: component.type, flat: view)
        return result
    }
}
