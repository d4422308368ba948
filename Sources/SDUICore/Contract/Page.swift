/// A page: `{"id", "version", "components": [...]}`, or a bare array of components.
public struct Page: Sendable, Equatable {
    public var id: String?
    public var version: JSON?
    public var components: [Component]

    public init(id: String? = nil, version: JSON? = nil, components: [Component]) {
        self.id = id
        self.version = version
        self.components = components
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
        case .object(let o):
            try Decode.onlyKeys(o, ["id", "version", "components"], at: .root, "a page")
            id = try Decode.string(o["id"], at: JSONPath.root.appending("id"), required: false)
            version = o["version"]
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
        if let version { o["version"] = version }
        o["components"] = .array(components.map(\.json))
        return .object(o)
    }
}
