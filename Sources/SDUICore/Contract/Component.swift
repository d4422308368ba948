/// One server component: `{"id", "type", "data", "version", "requires", "fallback"}`.
public struct Component: Sendable, Equatable {
    /// What to render when no factory is registered for `type`, or the
    /// component's requirements are not met.
    public indirect enum Fallback: Sendable, Equatable {
        /// Render this component instead (it inherits the id when it has none).
        case component(Component)
        /// Leave the component out of the screen.
        case drop
    }

    /// Where `data` lives: a value, or the text of one in a scanned page.
    private enum Payload: Sendable {
        case value(JSON)
        case text(JSONText)

        var value: JSON {
            switch self {
            case .value(let value): return value
            case .text(let text): return text.value
            }
        }

        /// `JSON.isIdentical` of the two values, settled by their bytes
        /// when both are text and the bytes are the same.
        func isIdentical(to other: Payload) -> Bool {
            if case .text(let a) = self, case .text(let b) = other, a.hasSameBytes(as: b) { return true }
            return value.isIdentical(to: other.value)
        }
    }

    public var id: String
    public var type: String
    /// The factory's input. A component of a page loaded from bytes keeps
    /// it as text and parses it on every read (`JSONText`); assigning
    /// stores the value.
    public var data: JSON {
        get { payload.value }
        set { payload = .value(newValue) }
    }
    /// The contract version the component is written for: it requires
    /// "sdui" at this version (`requirements`).
    public var version: Version?
    /// What the component requires besides its page's (`Requirements`).
    public var requires: Requirements
    public var fallback: Fallback?
    private var payload: Payload

    /// What the component itself requires: `version` as "sdui", then
    /// `requires` (its page's come before them, `Page.requirements`).
    public var requirements: Requirements {
        Requirements.contract(version) + requires
    }

    /// The data as the factory gets it: a value, or the text it was scanned from.
    public var factoryData: ComponentData {
        switch payload {
        case .value(let value): return ComponentData(value)
        case .text(let text): return ComponentData(text)
        }
    }

    public init(id: String, type: String, data: JSON = .null, version: Version? = nil, requires: Requirements = .none,
                fallback: Fallback? = nil)
    {
        self.id = id
        self.type = type
        self.payload = .value(data)
        self.version = version
        self.requires = requires
        self.fallback = fallback
    }

    /// A component whose data is text `PageScanner` checked (nil: no data, null).
    init(id: String, type: String, dataText: JSONText?, version: Version?, requires: Requirements, fallback: Fallback?) {
        self.id = id
        self.type = type
        self.payload = dataText.map { .text($0) } ?? .value(.null)
        self.version = version
        self.requires = requires
        self.fallback = fallback
    }

    /// Decodes a component. `inheritedId` lets a fallback component omit its id.
    /// `PageScanner` checks the same rules on bytes: change both together.
    public init(json: JSON, at path: JSONPath, inheritedId: String? = nil) throws(ContractError) {
        let o = try Decode.object(json, at: path, "a component")
        try Decode.onlyKeys(o, ["id", "type", "data", "version", "requires", "fallback"], at: path, "a component")
        if let inheritedId, o["id"] == nil {
            id = inheritedId
        } else {
            id = try Decode.identifier(o["id"], at: path.appending("id"))
        }
        type = try Decode.identifier(o["type"], at: path.appending("type"))
        payload = .value(o["data"] ?? .null)
        version = try Decode.version(o["version"], at: path.appending("version"))
        requires = try Decode.requirements(o["requires"], at: path.appending("requires"))
        switch o["fallback"] {
        case nil, .null?:
            fallback = nil
        case .string("drop")?:
            fallback = .drop
        case .object?:
            fallback = .component(try Component(json: o["fallback"]!, at: path.appending("fallback"), inheritedId: id))
        case let other?:
            throw ContractError(path.appending("fallback"),
                                "fallback must be a component object or \"drop\", got \(other.typeName)")
        }
    }

    /// Exact equality: data compared with `JSON.isIdentical`, so a change a
    /// factory could see makes the component change (the same bytes of two
    /// scanned pages are equal without being parsed).
    public static func == (lhs: Component, rhs: Component) -> Bool {
        lhs.id == rhs.id && lhs.type == rhs.type && lhs.payload.isIdentical(to: rhs.payload) && lhs.version == rhs.version
            && lhs.requires == rhs.requires && lhs.fallback == rhs.fallback
    }

    public var json: JSON {
        var o = JSONObject([("id", .string(id)), ("type", .string(type)), ("data", data)])
        if let version { o["version"] = version.json }
        if !requires.isEmpty { o["requires"] = requires.json }
        switch fallback {
        case nil: break
        case .drop: o["fallback"] = "drop"
        case .component(let c): o["fallback"] = c.json
        }
        return .object(o)
    }
}
