/// A page: `{"id", "version", "requires", "components": [...]}`, or a bare
/// array of components.
public struct Page: Sendable, Equatable {
    public var id: String?
    /// The contract version the page is written for: it requires "sdui" at
    /// this version (`requirements`). The screen shows it as written.
    public var version: Version?
    /// What every component of the page requires (`Requirements`).
    public var requires: Requirements
    public var components: [Component]

    public init(id: String? = nil, version: Version? = nil, requires: Requirements = .none, components: [Component]) {
        self.id = id
        self.version = version
        self.requires = requires
        self.components = components
    }

    /// What each component of the page requires before its own: `version`
    /// as "sdui", then `requires`.
    public var requirements: Requirements {
        Requirements.contract(version) + requires
    }

    /// Decodes and checks a page: member types, and component ids unique
    /// within the page (a duplicate names both positions). `PageScanner`
    /// checks the same rules on bytes: change both together.
    public init(json: JSON) throws(ContractError) {
        let list: [JSON]
        let listPath: JSONPath
        switch json {
        case .array(let items):
            list = items
            listPath = .root
            id = nil
            version = nil
            requires = .none
        case .object(let o):
            try Decode.onlyKeys(o, ["id", "version", "requires", "components"], at: .root, "a page")
            id = try Decode.string(o["id"], at: JSONPath.root.appending("id"), required: false)
            version = try Decode.version(o["version"], at: JSONPath.root.appending("version"))
            requires = try Decode.requirements(o["requires"], at: JSONPath.root.appending("requires"))
            listPath = JSONPath.root.appending("components")
            guard let c = o["components"] else { throw ContractError(listPath, "a page needs \"components\"") }
            guard case .array(let items) = c else {
                throw ContractError(listPath, "components must be an array, got \(c.typeName)")
            }
            list = items
        default:
            throw ContractError(.root, "a page must be an object or an array of components, got \(json.typeName)")
        }
        var components: [Component] = []
        components.reserveCapacity(list.count)
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            let at = listPath.appending(i)
            let component = try Component(json: item, at: at)
            if let earlier = firstIndex.updateValue(i, forKey: component.id) {
                throw ContractError(at.appending("id"),
                                    "duplicate component id \"\(component.id)\": first at \(listPath.appending(earlier)), again at \(at)")
            }
            components.append(component)
        }
        self.components = components
    }

    public var json: JSON {
        var o = JSONObject()
        if let id { o["id"] = .string(id) }
        if let version { o["version"] = version.json }
        if !requires.isEmpty { o["requires"] = requires.json }
        o["components"] = .array(components.map(\.json))
        return .object(o)
    }
}
