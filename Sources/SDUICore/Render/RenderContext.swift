/// What a component factory sees besides its data: which component it is
/// building, and read access to the services. Every read is recorded, so
/// the engine re-renders the component exactly when what it read changes.
///
/// One a factory run, and a class: the run's log (reads, warnings, unknown
/// tokens) is its own, and handing the context on (to the factory, to a C
/// call) copies one reference, not its strings and the theme.
public final class RenderContext {
    public let componentId: String
    public let componentType: String
    let store: Store
    /// The theme's values in force (`ThemeValues`).
    let theme: ThemeValues
    /// The reads the factory made.
    private(set) var reads: [Read] = []
    /// Problems the factory reported without failing (`warn`).
    private(set) var warnings: [String] = []
    /// The tokens the view named that the theme lacks, each with its path
    /// (`ThemeResolver`).
    var unknownTokens: [String] = []
    /// What the view may hold (`EngineLimits.view`): the readers of a
    /// binding's view stop at it, and a tree is checked against it.
    public let viewLimits: ViewLimits

    init(componentId: String, componentType: String, store: Store, theme: ThemeValues,
         viewLimits: ViewLimits = .unlimited)
    {
        self.componentId = componentId
        self.componentType = componentType
        self.store = store
        self.theme = theme
        self.viewLimits = viewLimits
    }

    /// The state of `service` at `path`, or nil when either is missing.
    public func state(_ service: String, at path: JSONPath = .root) -> JSON? {
        let value = store.value(of: service, at: path)
        reads.append(Read(service: service, path: path, value: value))
        return value
    }

    /// The appearance in force (light or dark), recorded as a read: the
    /// component renders again when it switches.
    public var appearance: Appearance {
        reads.append(theme.appearanceRead)
        return theme.appearance
    }

    /// The value of the theme's token `name` of `kind` (nil when it has
    /// none), recorded as a read (`ThemeResolver` resolves a view's tokens).
    func token(_ kind: ThemeValues.Kind, _ name: String) -> String? {
        let (value, read) = theme.token(kind, name)
        reads.append(read)
        return value
    }

    /// Reports a problem that does not fail the render: it becomes a
    /// "factory-warning" diagnostic naming this component, for this render.
    public func warn(_ message: String) {
        warnings.append(message)
    }

    /// Takes back the warnings reported so far (a factory starting over);
    /// the reads stay recorded, so the component still re-renders when
    /// what it read changes.
    public func rollback() {
        warnings.removeAll()
    }
}
