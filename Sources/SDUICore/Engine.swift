/// Limits on what the engine accepts, each configurable per engine.
public struct EngineLimits: Sendable, Equatable {
    /// Largest JSON input accepted, in bytes.
    public var maxPayloadBytes = 64 << 20
    /// Deepest nesting of arrays and objects in any JSON input.
    public var maxDepth = 512
    /// Most actions one dispatch may run, follow-ups included.
    public var queueLimit = 10_000

    public init() {}

    var parseOptions: JSONParseOptions {
        JSONParseOptions(maxDepth: maxDepth, maxBytes: maxPayloadBytes)
    }
}

/// The engine: a page, the component registry, the services, and the last
/// render's diagnostics. It is a plain single-threaded object; the C facade
/// adds the lock.
public final class Engine {
    public var limits = EngineLimits() {
        didSet { store.queueLimit = limits.queueLimit }
    }
    public private(set) var registry = ComponentRegistry()
    public let store = Store()
    /// The current page; nil until one loads.
    public private(set) var page: Page?
    /// What the last render noticed (unknown types, fallbacks, failed factories).
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {
        store.queueLimit = limits.queueLimit
    }

    /// Parses JSON input under the engine's size and depth limits.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> JSON {
        do {
            return try JSONParser.parse(bytes, options: limits.parseOptions)
        } catch {
            throw EngineError(error)
        }
    }

    /// Parses and checks a page and makes it current. On error the previous
    /// page stays; contract errors carry line:column and the JSON path.
    public func loadPage(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        let json = try parse(bytes)
        do {
            page = try Page(json: json)
        } catch {
            throw Engine.located(error, in: bytes)
        }
    }

    /// Makes an already decoded page current.
    public func loadPage(_ page: Page) {
        self.page = page
    }

    /// Registers (or replaces) the factory for a component type.
    public func register(component type: String, _ factory: @escaping ComponentFactory) throws(EngineError) {
        guard !type.isEmpty else { throw EngineError(.invalid, "component type must not be empty") }
        registry.register(type, factory)
    }

    /// Removes the factory of a component type.
    public func unregister(component type: String) throws(EngineError) {
        guard registry.unregister(type) else {
            throw EngineError(.notFound, "no factory for component type \"\(type)\"")
        }
    }

    /// Drops every factory and handler (and so whatever they hold), keeping
    /// the page and the services' state.
    public func releaseCallbacks() {
        registry = ComponentRegistry()
        store.removeAllHandlers()
    }

    /// Renders the current page (an empty screen without one) and records its diagnostics.
    public func render() -> Screen {
        guard let page else {
            diagnostics = []
            return Screen()
        }
        var found: [Diagnostic] = []
        let screen = Renderer(registry: registry, store: store).render(page, diagnostics: &found)
        diagnostics = found
        return screen
    }

    /// Decodes an action from JSON input (with line:column on contract errors).
    public func action(from bytes: UnsafeRawBufferPointer) throws(EngineError) -> Action {
        let json = try parse(bytes)
        do {
            return try Action(json: json)
        } catch {
            throw Engine.located(error, in: bytes)
        }
    }

    /// Parses an action and dispatches it; see `Store.dispatch`.
    public func dispatch(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        try store.dispatch(action(from: bytes))
    }

    /// A contract error as an engine error whose message starts with the
    /// line:column of the offending value in `bytes`, or of its nearest
    /// enclosing value when it is missing.
    public static func located(_ error: ContractError, in bytes: UnsafeRawBufferPointer) -> EngineError {
        var path = error.path
        while true {
            if let offset = JSONLocator.offset(of: path, in: bytes) {
                let (line, column) = JSONLocator.lineColumn(of: offset, in: bytes)
                return EngineError(.contract, "\(line):\(column): \(error.description)")
            }
            guard !path.segments.isEmpty else { return EngineError(.contract, error.description) }
            path.segments.removeLast()
        }
    }
}
