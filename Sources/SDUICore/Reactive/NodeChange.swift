/// One change inside a component's view tree, keyed by stable node id.
public enum NodeChange: Sendable, Equatable {
    /// Node `id` keeps its children but its own members (content, disabled,
    /// style, action, key) are now those of `node` (whose `children` are empty).
    case set(id: String, node: ViewNode)
    /// `set` as a re-render's flat diff finds it: node `id`'s own members,
    /// in `node`, a one-node `FlatView` (no children) read off the new
    /// render, written to the host as it is with no tree made. It equals
    /// (`==`) and means the `set` that `materialized` gives.
    case setFlat(id: String, node: FlatView)
    /// Node `id` and its subtree are replaced by `node` (a different kind or id).
    case replace(id: String, node: ViewNode)
    /// Child `id` of `parent` is removed.
    case remove(parent: String, id: String)
    /// `node` is inserted among the children of `parent` at `index`.
    case insert(parent: String, index: Int, node: ViewNode)
    /// Child `id` of `parent` moves to `index`.
    case move(parent: String, id: String, index: Int)

    /// This change with a `setFlat` made the `set` it stands for.
    public var materialized: NodeChange {
        if case .setFlat(let id, let node) = self { return .set(id: id, node: node.ownNode(id: id)) }
        return self
    }

    public static func == (lhs: NodeChange, rhs: NodeChange) -> Bool {
        switch (lhs.materialized, rhs.materialized) {
        case let (.set(a, x), .set(b, y)), let (.replace(a, x), .replace(b, y)): return a == b && x == y
        case let (.remove(p, a), .remove(q, b)): return p == q && a == b
        case let (.insert(p, i, x), .insert(q, j, y)): return p == q && i == j && x == y
        case let (.move(p, a, i), .move(q, b, j)): return p == q && a == b && i == j
        default: return false
        }
    }

    public var json: JSON {
        switch self {
        case .setFlat:
            return materialized.json
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
