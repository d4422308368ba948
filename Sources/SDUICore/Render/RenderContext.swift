/// What a component factory sees besides its data: which component it is
/// building, and read access to the services. Every read is recorded, so
/// the engine re-renders the component exactly when what it read changes.
public struct RenderContext {
    public let componentId: String
    public let componentType: String
    let store: Store
    let log: ReadLog
    /// The theme's values in force (`ThemeValues`).
    let theme: ThemeValues

    /// The state of `service` at `path`, or nil when either is missing.
    public func state(_ service: String, at path: JSONPath = .root) -> JSON? {
        let value = store.state(of: service)?.value(at: path)
        log.reads.append(Read(service: service, path: path, value: value))
        return value
    }

    /// The appearance in force (light or dark), recorded as a read: the
    /// component renders again when it switches.
    public var appearance: Appearance {
        log.reads.append(theme.appearanceRead)
        return theme.appearance
    }

    /// The value of the theme's token `name` of `kind` (nil when it has
    /// none), recorded as a read (`ThemeResolver` resolves a view's tokens).
    func token(_ kind: ThemeValues.Kind, _ name: String) -> String? {
        let (value, read) = theme.token(kind, name)
        log.reads.append(read)
        return value
    }

    /// Reports a problem that does not fail the render: it becomes a
    /// "factory-warning" diagnostic naming this component, for this render.
    public func warn(_ message: String) {
        log.warnings.append(message)
    }

    /// Takes back the warnings reported so far (a factory starting over);
    /// the reads stay recorded, so the component still re-renders when
    /// what it read changes.
    public func rollback() {
        log.warnings.removeAll()
    }
}
