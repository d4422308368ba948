/// What a component factory sees besides its data: which component it is
/// building, and read access to the services. Every read is recorded, so
/// the engine re-renders the component exactly when what it read changes.
public struct RenderContext {
    public let componentId: String
    public let componentType: String
    let store: Store
    let log: ReadLog

    /// The state of `service` at `path`, or nil when either is missing.
    public func state(_ service: String, at path: JSONPath = .root) -> JSON? {
        let value = store.services[service]?.value(at: path)
        log.reads.append(Read(service: service, path: path, value: value))
        return value
    }
}

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
