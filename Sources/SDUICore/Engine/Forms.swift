/// The forms of the current page: the validation errors its inputs show
/// (renders draw them under the inputs: `Renderer.inputErrors`), what a
/// press gathers from a component's inputs, and finding a node of the
/// screen by id. The engine keeps one for the page on top; the navigator
/// keeps the errors of the pages below (`Navigator.Entry.inputErrors`).
struct Forms {
    /// The message each input that failed its validation shows, by node id.
    var errors: [String: String] = [:]

    /// Checks `inputs` (`InputValidation`): each failing one gets its
    /// message, the others lose theirs. Returns the problems, and whether
    /// any shown message changed (the component then renders again).
    mutating func validate(_ inputs: [ViewNode]) -> (problems: [String], changed: Bool) {
        var problems: [String] = []
        var changed = false
        for node in inputs {
            let input = InputContent(node.props)
            let rules = node.props["validation"].map(InputValidation.init(text:)) ?? InputValidation()
            if let problem = InputValidation.problem(of: input, rules: rules) {
                problems.append(problem)
                if errors[node.id] != problem {
                    errors[node.id] = problem
                    changed = true
                }
            } else if errors.removeValue(forKey: node.id) != nil {
                changed = true
            }
        }
        return (problems, changed)
    }

    /// Drops the message input `id` shows; whether it had one.
    mutating func clearError(of id: String) -> Bool {
        errors.removeValue(forKey: id) != nil
    }

    /// The action a press of `node` (in its component's `root`) dispatches:
    /// when it asks for `inputs` (`ActionInputs`), the values of those
    /// inputs of the component (`name` → `value` as the screen shows it, ""
    /// for none; for `.named`, in that order) are added to its payload, an
    /// object (null becomes one; a member of the same name is replaced).
    /// Also the inputs gathered, for validation. Throws `.invalid` for a
    /// node without an action, `.notFound` for a named input the component
    /// lacks, `.contract` for inputs asked with a payload that is not an object.
    static func pressed(_ node: ViewNode, root: ViewNode) throws(EngineError) -> (action: Action, gathered: [ViewNode]) {
        guard var action = node.action else { throw EngineError(.invalid, "node \"\(node.id)\" has no action") }
        guard let inputs = action.inputs else { return (action, []) }
        var payload: JSONObject
        switch action.payload {
        case .null: payload = JSONObject()
        case .object(let o): payload = o
        default:
            throw EngineError(.contract, "node \"\(node.id)\": an action with inputs needs an object payload, got \(action.payload.typeName)")
        }
        var all: [ViewNode] = []
        func collect(_ n: ViewNode) {
            if n.kind == .input, n.props["name"] != nil { all.append(n) }
            n.children.forEach(collect)
        }
        collect(root)
        var gathered: [ViewNode] = []
        switch inputs {
        case .all:
            gathered = all
        case .named(let names):
            for name in names {
                guard let input = all.first(where: { $0.props["name"] == name }) else {
                    throw EngineError(.notFound, "node \"\(node.id)\": no input named \"\(name)\" in component \"\(root.id)\"")
                }
                gathered.append(input)
            }
        }
        for input in gathered { payload[input.props["name"]!] = .string(input.props["value"] ?? "") }
        action.payload = .object(payload)
        action.inputs = nil
        return (action, gathered)
    }

    /// The node `nodeId` of `screen` and its component's root.
    static func node(_ nodeId: String, on screen: Screen) throws(EngineError) -> (node: ViewNode, root: ViewNode) {
        for component in screen.components where nodeId.hasPrefix(component.id) {
            let root = component.flat.node(componentId: component.id)
            if let node = node(nodeId, in: root) { return (node, root) }
        }
        throw EngineError(.notFound, "no node \"\(nodeId)\" on the screen")
    }

    /// The node of id `id` in `node`'s subtree.
    private static func node(_ id: String, in node: ViewNode) -> ViewNode? {
        if node.id == id { return node }
        for child in node.children { // keyed nodes' ids need not follow the path: the whole tree
            if let found = self.node(id, in: child) { return found }
        }
        return nil
    }
}
