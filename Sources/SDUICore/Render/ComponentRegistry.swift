/// Builds the view tree of one component from its data.
public typealias ComponentFactory = (_ data: JSON, _ context: RenderContext) throws -> ViewNode

/// Builds the view of one component from its data as it came
/// (`ComponentData`), in the form the engine keeps (`FlatView`, checked):
/// for factories that read the JSON text themselves.
public typealias ComponentDataFactory = (_ data: ComponentData, _ context: RenderContext) throws -> FlatView

/// Component type name → factory.
///
/// Registering a type again replaces its factory; the next render uses the
/// new one. This is the mechanism script hot-swap relies on.
public struct ComponentRegistry {
    private var factories: [String: ComponentDataFactory] = [:]

    public init() {}

    public mutating func register(_ type: String, _ factory: @escaping ComponentFactory) {
        factories[type] = { data, context in
            let view = try FlatView(checking: try factory(data.value, context), componentId: context.componentId)
            try context.viewLimits.check(view)
            return view
        }
    }

    public mutating func register(_ type: String, data factory: @escaping ComponentDataFactory) {
        factories[type] = factory
    }

    /// Removes a type; returns whether it was registered.
    @discardableResult
    public mutating func unregister(_ type: String) -> Bool {
        factories.removeValue(forKey: type) != nil
    }

    public func factory(for type: String) -> ComponentDataFactory? {
        factories[type]
    }

    /// Registered type names, sorted.
    public var types: [String] { factories.keys.sorted() }
}
