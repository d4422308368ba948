/// One component as rendered: its id and type, and the view tree its
/// factory built, kept flat (`FlatView`).
public struct RenderedComponent: Sendable, Equatable {
    public var id: String
    public var type: String
    private var storage: Storage

    /// Where the view is: flat as the engine keeps it, or a tree given as
    /// one (a host's copy that patches change, whose ids are its own). The
    /// tree is boxed: both cases are one pointer, and copying a component
    /// reads no bytes a flat one leaves unset.
    private enum Storage: Sendable {
        case flat(FlatView)
        indirect case tree(ViewNode)
    }

    public init(id: String, type: String, view: ViewNode) {
        self.id = id
        self.type = type
        self.storage = .flat(FlatView(view))
    }

    public init(id: String, type: String, flat: FlatView) {
        self.id = id
        self.type = type
        self.storage = .flat(flat)
    }

    /// The view as the engine keeps it (ids follow from positions and keys).
    public var flat: FlatView {
        switch storage {
        case .flat(let flat): return flat
        case .tree(let node): return FlatView(node)
        }
    }

    /// The view as a tree, with its ids: made from the flat form at each
    /// read (code on the hot paths reads `flat`). A tree assigned here is
    /// kept as it is, ids included: patches change a host's copy this way,
    /// and a removal must not renumber the ids of the children after it.
    public var view: ViewNode {
        get {
            switch storage {
            case .flat(let flat): return flat.node(componentId: id)
            case .tree(let node): return node
            }
        }
        set { storage = .tree(newValue) }
    }

    /// Whether the view is kept flat (not a tree assigned through `view`).
    var isFlat: Bool {
        if case .flat = storage { return true }
        return false
    }

    /// Appends the view's JSON form.
    func writeView(into sink: inout ByteSink) {
        switch storage {
        case .flat(let flat): flat.write(into: &sink, componentId: id)
        case .tree(let node): node.write(into: &sink)
        }
    }

    public static func == (lhs: RenderedComponent, rhs: RenderedComponent) -> Bool {
        guard lhs.id == rhs.id, lhs.type == rhs.type else { return false }
        if case .flat(let a) = lhs.storage, case .flat(let b) = rhs.storage { return a == b }
        return lhs.view == rhs.view
    }

    public var json: JSON {
        .object(JSONObject([("id", .string(id)), ("type", .string(type)), ("view", view.json)]))
    }
}
