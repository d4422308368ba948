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
