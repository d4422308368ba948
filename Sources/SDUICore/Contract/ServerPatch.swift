/// A server's change to the current page by component id, as DivKit
/// patches do:
///
///     {"patch": {"changes": [{"id": "movie-7", "components": [...]}],
///                "mode": "transactional"}}
///
/// Each change replaces the component `id` with its list of components:
/// none removes it, several insert new ones around it. "transactional"
/// (the default) applies every change or none; "partial" applies those
/// that can be applied and reports the others.
public struct ServerPatch: Sendable, Equatable {
    public enum Mode: String, Sendable {
        case transactional, partial
    }

    public struct Change: Sendable, Equatable {
        public var id: String
        public var components: [Component]
    }

    public var changes: [Change]
    public var mode: Mode

    public init(changes: [Change], mode: Mode = .transactional) {
        self.changes = changes
        self.mode = mode
    }

    /// Decodes `{"patch": {"changes": [...], "mode": ...}}`; other members
    /// beside "patch" are a contract error (`Engine.loadPage` reads an
    /// object with more members as a page).
    public init(json: JSON) throws(ContractError) {
        let root = try Decode.object(json, at: .root, "a patch payload")
        try Decode.onlyKeys(root, ["patch"], at: .root, "a patch payload")
        let at = JSONPath.root.appending("patch")
        let o = try Decode.object(root["patch"] ?? .null, at: at, "\"patch\"")
        try Decode.onlyKeys(o, ["changes", "mode"], at: at, "a patch")
        switch o["mode"] {
        case nil, .null?: mode = .transactional
        case .string(let name)? where Mode(rawValue: name) != nil: mode = Mode(rawValue: name)!
        default: throw ContractError(at.appending("mode"), "mode must be \"transactional\" or \"partial\"")
        }
        guard case .array(let items)? = o["changes"] else {
            throw ContractError(at.appending("changes"), "a patch needs \"changes\": an array")
        }
        changes = []
        for (i, item) in items.enumerated() {
            let path = at.appending("changes").appending(i)
            let change = try Decode.object(item, at: path, "a change")
            try Decode.onlyKeys(change, ["id", "components"], at: path, "a change")
            let id = try Decode.nonEmptyString(change["id"], at: path.appending("id"))
            guard case .array(let list)? = change["components"] else {
                throw ContractError(path.appending("components"), "a change needs \"components\": an array (empty removes)")
            }
            var components: [Component] = []
            for (j, c) in list.enumerated() {
                components.append(try Component(json: c, at: path.appending("components").appending(j)))
            }
            changes.append(Change(id: id, components: components))
        }
    }

    /// The components after the patch, and a message for each change a
    /// partial patch skipped. A transactional patch throws on the first
    /// change it cannot apply: `.notFound` for an unknown id, `.contract`
    /// for a duplicate id.
    public func apply(to components: [Component]) throws(EngineError) -> ([Component], [String]) {
        var result = components
        var ids = Set(components.map(\.id)) // kept up to date: a change costs its own components
        var skipped: [String] = []
        for change in changes {
            guard let index = result.firstIndex(where: { $0.id == change.id }) else {
                let message = "patch names no component \"\(change.id)\" of the page"
                if mode == .transactional { throw EngineError(.notFound, message + "; nothing was applied") }
                skipped.append(message)
                continue
            }
            // A new id may repeat the replaced one, but no other id of the
            // page, and no other new id.
            var added = Set<String>()
            if let duplicate = change.components.first(where: {
                ($0.id != change.id && ids.contains($0.id)) || !added.insert($0.id).inserted
            }) {
                let message = "patch for \"\(change.id)\" would give two components the id \"\(duplicate.id)\""
                if mode == .transactional { throw EngineError(.contract, message + "; nothing was applied") }
                skipped.append(message)
                continue
            }
            ids.remove(change.id)
            ids.formUnion(added)
            result.replaceSubrange(index...index, with: change.components)
        }
        return (result, skipped)
    }
}
