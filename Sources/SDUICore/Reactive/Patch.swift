/// One change to the screen the host holds, keyed by component or node id.
///
/// Patches come in order: applying them one after the other to the previous
/// screen (`Screen.applying`) gives exactly the new one. Indexes are
/// positions in the list as it is when that patch applies.
public enum Patch: Sendable, Equatable {
    /// The page's id or version changed.
    case page(id: String?, version: JSON?)
    /// Component `id` left the screen.
    case remove(id: String)
    /// A new component at `index`.
    case insert(index: Int, component: RenderedComponent)
    /// Component `id` moves to `index` (taken out, then put back there).
    case move(id: String, index: Int)
    /// Component `id` changed inside; `type` is its (possibly new) type.
    case update(id: String, type: String, changes: [NodeChange])

    public var json: JSON {
        switch self {
        case .page(let id, let version):
            return .object(JSONObject([("op", "page"), ("id", id.map(JSON.string) ?? .null), ("version", version ?? .null)]))
        case .remove(let id):
            return .object(JSONObject([("op", "remove"), ("id", .string(id))]))
        case .insert(let index, let component):
            return .object(JSONObject([("op", "insert"), ("index", .int(Int64(index))), ("component", component.json)]))
        case .move(let id, let index):
            return .object(JSONObject([("op", "move"), ("id", .string(id)), ("index", .int(Int64(index)))]))
        case .update(let id, let type, let changes):
            return .object(JSONObject([("op", "update"), ("id", .string(id)), ("type", .string(type)),
                                       ("changes", .array(changes.map(\.json)))]))
        }
    }
}

/// A failure applying patches: the screen does not match what they expect.
public struct PatchError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Screen {
    /// The screen after `patches`, applied in order. This is what a host
    /// does with them; the engine uses it to check its own output.
    public func applying(_ patches: [Patch]) throws(PatchError) -> Screen {
        var screen = self
        for patch in patches {
            switch patch {
            case .page(let id, let version):
                screen.pageId = id
                screen.version = version
            case .remove(let id):
                guard let i = screen.components.firstIndex(where: { $0.id == id }) else {
                    throw PatchError(message: "remove: no component \"\(id)\"")
                }
                screen.components.remove(at: i)
            case .insert(let index, let component):
                guard index <= screen.components.count else {
                    throw PatchError(message: "insert: index \(index) past \(screen.components.count)")
                }
                screen.components.insert(component, at: index)
            case .move(let id, let index):
                guard let i = screen.components.firstIndex(where: { $0.id == id }) else {
                    throw PatchError(message: "move: no component \"\(id)\"")
                }
                let component = screen.components.remove(at: i)
                guard index <= screen.components.count else {
                    throw PatchError(message: "move: index \(index) past \(screen.components.count)")
                }
                screen.components.insert(component, at: index)
            case .update(let id, let type, let changes):
                guard let i = screen.components.firstIndex(where: { $0.id == id }) else {
                    throw PatchError(message: "update: no component \"\(id)\"")
                }
                screen.components[i].type = type
                for change in changes {
                    try screen.components[i].view.apply(change)
                }
            }
        }
        return screen
    }
}

extension ViewNode {
    /// Applies one node change somewhere in this subtree.
    mutating func apply(_ change: NodeChange) throws(PatchError) {
        switch change {
        case .setFlat:
            try apply(change.materialized)
        case .set(let id, let node):
            try modify(id) { (target) throws(PatchError) in
                let children = target.children
                target = node
                target.children = children
            }
        case .replace(let id, let node):
            try modify(id) { (target) throws(PatchError) in target = node }
        case .remove(let parent, let id):
            try modify(parent) { (target) throws(PatchError) in
                guard let i = target.children.firstIndex(where: { $0.id == id }) else {
                    throw PatchError(message: "remove: no child \"\(id)\" in \"\(parent)\"")
                }
                target.children.remove(at: i)
            }
        case .insert(let parent, let index, let node):
            try modify(parent) { (target) throws(PatchError) in
                guard index <= target.children.count else {
                    throw PatchError(message: "insert: index \(index) past the children of \"\(parent)\"")
                }
                target.children.insert(node, at: index)
            }
        case .move(let parent, let id, let index):
            try modify(parent) { (target) throws(PatchError) in
                guard let i = target.children.firstIndex(where: { $0.id == id }) else {
                    throw PatchError(message: "move: no child \"\(id)\" in \"\(parent)\"")
                }
                let child = target.children.remove(at: i)
                guard index <= target.children.count else {
                    throw PatchError(message: "move: index \(index) past the children of \"\(parent)\"")
                }
                target.children.insert(child, at: index)
            }
        }
    }

    /// Runs `body` on the node with `id` in this subtree.
    private mutating func modify(_ id: String, _ body: (inout ViewNode) throws(PatchError) -> Void) throws(PatchError) {
        if self.id == id {
            try body(&self)
            return
        }
        if let i = children.firstIndex(where: { $0.contains(id) }) {
            try children[i].modify(id, body)
            return
        }
        throw PatchError(message: "no node \"\(id)\"")
    }

    private func contains(_ id: String) -> Bool {
        self.id == id || children.contains { $0.contains(id) }
    }
}
