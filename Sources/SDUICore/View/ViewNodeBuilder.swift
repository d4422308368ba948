/// Builds a view tree node by node, with the checks `ViewNode(json:)` makes,
/// for callers that hold the tree in another form (a binding's tables) and
/// would otherwise write it out as JSON text only to have it parsed again.
///
///     var b = ViewNodeBuilder()
///     try b.begin("vstack")
///     try b.begin("text"); try b.set("text", string: "Hi"); _ = try b.end()
///     let root = try b.end()   // the vstack, once its last node closes
///
/// Errors name the JSON path the member would have in the JSON form
/// (`$.children[1].text`). After an error the builder should be discarded.
public struct ViewNodeBuilder: Sendable {
    /// The open nodes, outermost first; children are added to the last.
    private var open: [ViewNode] = []

    public init() {}

    /// True while a node is open.
    public var isBuilding: Bool { !open.isEmpty }

    /// How many nodes are open (the depth of the next node begun).
    public var depth: Int { open.count }

    /// Opens a node of kind `type` as the next child of the open node (or as the root).
    public mutating func begin(_ type: String) throws(ContractError) {
        if let parent = open.last, !parent.kind.isContainer {
            throw ContractError(path().appending("children"), "a \(parent.kind.rawValue) node has no children")
        }
        do throws(ContractError) {
            open.append(try ViewNode(type: type, at: .root))
        } catch {
            throw error.under(childPath())
        }
    }

    /// Sets a member of the open node from a string (see `ViewNode.setMember(_:string:at:)`).
    public mutating func set(_ name: String, string value: String) throws(ContractError) {
        try change(name) { (node) throws(ContractError) in try node.setMember(name, string: value, at: .root) }
    }

    /// Sets a member of the open node from any JSON value ("action", a style object…).
    public mutating func set(_ name: String, json value: JSON) throws(ContractError) {
        try change(name) { (node) throws(ContractError) in try node.setMember(name, value, at: .root) }
    }

    /// Closes the open node: returns the finished tree when it was the root, else nil.
    public mutating func end() throws(ContractError) -> ViewNode? {
        guard !open.isEmpty else { throw ContractError(.root, "no open node to end") }
        let node = open.removeLast()
        do throws(ContractError) {
            try node.checkRequired(at: .root)
        } catch {
            throw error.under(childPath()) // the path it had while open
        }
        guard !open.isEmpty else { return node }
        open[open.count - 1].children.append(node)
        return nil
    }

    /// Runs `body` on the open node. Members are set at `.root`, so nothing
    /// builds a path unless there is an error; then the error is moved under
    /// the member's real path.
    private mutating func change(_ name: String, _ body: (inout ViewNode) throws(ContractError) -> Void)
        throws(ContractError)
    {
        guard !open.isEmpty else { throw ContractError(.root, "no open node to set \"\(name)\" on") }
        do throws(ContractError) {
            try body(&open[open.count - 1])
        } catch {
            throw error.under(path().appending(name))
        }
    }

    /// The JSON path of the open node.
    private func path() -> JSONPath {
        var at = JSONPath.root
        for level in open.indices.dropLast() {
            at = at.appending("children").appending(open[level].children.count)
        }
        return at
    }

    /// The JSON path a node begun now would have.
    private func childPath() -> JSONPath {
        guard let parent = open.last else { return .root }
        return path().appending("children").appending(parent.children.count)
    }
}

extension ContractError {
    /// This error, found in a value that sits at `base` in the whole.
    func under(_ base: JSONPath) -> ContractError {
        ContractError(JSONPath(base.segments + path.segments), message)
    }
}
