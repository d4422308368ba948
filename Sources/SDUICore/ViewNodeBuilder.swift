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
        guard let kind = ViewNode.Kind(rawValue: type) else {
            _ = try ViewNode(type: type, at: childPath()) // throws, naming the path
            return
        }
        open.append(ViewNode(kind))
    }

    /// Sets a member of the open node from a string (see `ViewNode.setMember(_:string:at:)`).
    public mutating func set(_ name: String, string value: String) throws(ContractError) {
        guard !open.isEmpty else { throw ContractError(.root, "no open node to set \"\(name)\" on") }
        do throws(ContractError) {
            try open[open.count - 1].setMember(name, string: value, at: { .root })
        } catch {
            let at = path().appending(name)
            try open[open.count - 1].setMember(name, string: value, at: { at })
        }
    }

    /// Sets a member of the open node from any JSON value ("action", a style object…).
    public mutating func set(_ name: String, json value: JSON) throws(ContractError) {
        guard !open.isEmpty else { throw ContractError(.root, "no open node to set \"\(name)\" on") }
        // The path costs more than the member: work it out only for an error.
        do throws(ContractError) {
            try open[open.count - 1].setMember(name, value, at: .root)
        } catch {
            try open[open.count - 1].setMember(name, value, at: path().appending(name))
        }
    }

    /// Closes the open node: returns the finished tree when it was the root, else nil.
    public mutating func end() throws(ContractError) -> ViewNode? {
        guard !open.isEmpty else { throw ContractError(.root, "no open node to end") }
        let node = open.removeLast()
        if !node.hasRequired {
            try node.checkRequired(at: childPath()) // throws, with the path it had while open
        }
        guard !open.isEmpty else { return node }
        open[open.count - 1].children.append(node)
        return nil
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
