/// Turns a page into a screen by running each component's factory.
///
/// A component renders through the factory of its type. Without one it
/// renders its fallback component, is dropped (`"fallback": "drop"`), or
/// becomes a visible `fallback` node naming the type. A factory that throws
/// or returns an invalid tree becomes an `error` node for that component
/// only. Each of these records a diagnostic; the page always renders.
public struct Renderer {
    public let registry: ComponentRegistry
    public let store: Store

    public init(registry: ComponentRegistry, store: Store) {
        self.registry = registry
        self.store = store
    }

    public func render(_ page: Page, diagnostics: inout [Diagnostic]) -> Screen {
        var screen = Screen(pageId: page.id, version: page.version)
        screen.components.reserveCapacity(page.components.count)
        for component in page.components {
            if let rendered = render(component, diagnostics: &diagnostics) {
                screen.components.append(rendered)
            }
        }
        return screen
    }

    /// Renders one component, following fallbacks; nil when it is dropped.
    /// The result keeps the original component's id whatever rendered it.
    public func render(_ component: Component, diagnostics: inout [Diagnostic]) -> RenderedComponent? {
        var current = component
        while registry.factory(for: current.type) == nil {
            switch current.fallback {
            case .component(let replacement)?:
                diagnostics.append(Diagnostic(.warning, "fallback-used", component: component.id,
                    "no factory for type \"\(current.type)\"; rendered its fallback of type \"\(replacement.type)\""))
                current = replacement
            case .drop?:
                diagnostics.append(Diagnostic(.warning, "dropped", component: component.id,
                    "no factory for type \"\(current.type)\"; dropped as its fallback asks"))
                return nil
            case nil:
                diagnostics.append(Diagnostic(.error, "unknown-type", component: component.id,
                    "no factory for type \"\(current.type)\" and no fallback"))
                var node = ViewNode.fallback(componentType: current.type)
                node.id = component.id
                return RenderedComponent(id: component.id, type: component.type, view: node)
            }
        }
        let factory = registry.factory(for: current.type)!
        let context = RenderContext(componentId: component.id, componentType: current.type, store: store)
        var view: ViewNode
        do {
            view = try factory(current.data, context)
            try view.assignIds(componentId: component.id)
        } catch {
            diagnostics.append(Diagnostic(.error, "factory-failed", component: component.id,
                "factory for \"\(current.type)\" failed: \(error)"))
            view = ViewNode.error("\(error)")
            view.id = component.id
        }
        return RenderedComponent(id: component.id, type: component.type, view: view)
    }
}
