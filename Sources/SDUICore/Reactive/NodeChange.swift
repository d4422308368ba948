/// One change inside a component's view tree, keyed by stable node id.
public enum NodeChange: Sendable, Equatable {
    /// Node `id` keeps its children but its own members (content, disabled,
    /// style, action, key) are now those of `node` (whose `children` are empty).
    case set(id: String, node: ViewNode)
    /// Node `id` and its subtree are replaced by `node` (a different kind or id).
    case replace(id: String, node: ViewNode)
    /// Child `id` of `parent` is removed.
    case remove(parent: String, id: String)
    /// `node` is inserted among the children of `parent` at `index`.
    case insert(parent: String, index: Int, node: ViewNode)
    /// Child `id` of `parent` moves to `index`.
    case move(parent: String, id: String, index: Int)

    public var json: JSON {
        switch self {
        case .set(let id, let node):
            return .object(JSONObject([("op", "set"), ("id", .string(id)), ("node", node.json)]))
        case .replace(let id, let node):
            return .object(JSONObject([("op", "replace"), ("id", .string(id)), ("node", node.json)]))
        case .remove(let parent, let id):
            return .object(JSONObject([("op", "remove"), ("parent", .string(parent)), ("id", .string(id))]))
        case .insert(let parent, let index, let node):
            return .object(JSONObject([("op", "insert"), ("parent", .string(parent)), ("index", .int(Int64(index))),
                                       ("node", node.json)]))
        case .move(let parent, let id, let index):
            return .object(JSONObject([("op", "move"), ("parent", .string(parent)), ("id", .string(id)),
                                       ("index", .int(Int64(index)))]))
        }
    }
}
