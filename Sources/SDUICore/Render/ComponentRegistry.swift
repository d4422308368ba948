/// Builds the view tree of one component from its data.
public typealias ComponentFactory = (_ data: JSON, _ context: RenderContext) throws -> ViewNode

/// Component type name → factory.
///
/// Registering a type again replaces its factory; the next render uses the
/// new one. This is the mechanism script hot-swap relies on.
public struct ComponentRegistry {
    private var factories: [String: ComponentFactory] = [:]

    public init() {}

    public mutating func register(_ type: String, _ factory: @escaping ComponentFactory) {
        factories[type] = factory
    }

    /// Removes a type; returns whether it was registered.
    @discardableResult
    public mutating func unregister(_ type: String) -> Bool {
        factories.removeValue(forKey: type) != nil
    }

    public func factory(for type: String) -> ComponentFactory? {
        factories[type]
    }

    /// Registered type names, sorted.
    public var types: [String] { factories.keys.sorted() }
}
