/// The forms of a page: the validation errors its inputs show (renders draw
/// them under the inputs: `Renderer.inputErrors`), what setting a bound
/// input stores, what a press gathers from a component's inputs, and finding
/// a node of the screen by id. Each `PageSession` has its own.
struct Forms {
    /// The message each input that failed its validation shows, by node id.
    var errors: [String: String] = [:]
    /// The problems of the last press of each component that failed its
    /// validation, by component id: a "validation-failed" diagnostic while
    /// the component's inputs still show an error (`diagnostics`).
    private var failures: [String: String] = [:]
    /// The sequence number of the host's last edit of each bound input, by
    /// node id: the input's `ack`, which tells the host which of its edits
    /// the value shown reflects (`acknowledge`).
    var acks: [String: Int64] = [:]

    /// Records that the value of input `nodeId` now reflects the host's
    /// edits up to `seq`. Throws `.invalid` for a `seq` below 1 or not above
    /// the last one acknowledged (a stale or repeated edit: nothing is set).
    mutating func acknowledge(_ nodeId: String, _ seq: Int64) throws(EngineError) {
        guard seq > 0 else { throw EngineError(.invalid, "node \"\(nodeId)\": seq must be above 0, got \(seq)") }
        if let last = acks[nodeId], seq <= last {
            throw EngineError(.invalid, "node \"\(nodeId)\": seq \(seq) is not above the last acknowledged, \(last)")
        }
        acks[nodeId] = seq
    }

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

    /// What setting the bound input `nodeId` of `screen` to `text` stores:
    /// the value (`InputDomain`: a number input's number as a number), the
    /// service and the path its `bind` names (`InputBinding`), and the
    /// action middleware sees (`{"type": "SERVICE/sdui.input", "payload":
    /// {"node", "bind", "value"}}`). Throws `.notFound` for no such node,
    /// `.invalid` for a node that is not an input with a `bind`,
    /// `.limit`/`.contract` for a value outside the input's domain.
    static func edit(_ nodeId: String, to text: String, on screen: Screen, limit: Int) throws(EngineError) -> InputEdit {
        let (node, root) = try Forms.node(nodeId, on: screen)
        guard node.kind == .input, let bind = node.props["bind"] else {
            throw EngineError(.invalid, "node \"\(nodeId)\" is not an input with a bind")
        }
        let binding: InputBinding
        do throws(ContractError) {
            binding = try InputBinding(parsing: bind, at: .root)
        } catch {
            throw EngineError(.invalid, "node \"\(nodeId)\": \(error.message)")
        }
        let value = try InputDomain.value(text, for: InputContent(node.props), node: nodeId, limit: limit)
        let action = Action(type: binding.service + "/sdui.input", payload: .object(JSONObject([
            ("node", .string(nodeId)), ("bind", .string(bind)), ("value", value),
        ])))
        return InputEdit(component: root.id, service: binding.service, path: binding.path, value: value,
                         action: action)
    }

    /// What a press of node `nodeId` of `screen` dispatches (`pressed`),
    /// once the inputs it gathers pass their validation; the errors they
    /// show are updated either way. Returns the action and the id of the
    /// node's component, and the validation problems (nothing is to be
    /// dispatched when there are any) and whether a shown error changed.
    mutating func press(_ nodeId: String, on screen: Screen) throws(EngineError)
        -> (action: Action, component: String, problems: [String], changed: Bool)
    {
        let (node, root) = try Forms.node(nodeId, on: screen)
        let (action, gathered) = try Forms.pressed(node, root: root)
        let (problems, changed) = validate(gathered)
        failures[root.id] = problems.isEmpty ? nil : problems.joined(separator: "; ")
        return (action, root.id, problems, changed)
    }

    /// A "validation-failed" warning for each component whose last press
    /// failed its validation and whose inputs still show an error, by
    /// component id: gone once a press passes or the errors are cleared.
    var diagnostics: [Diagnostic] {
        failures.keys.sorted().compactMap { component in
            guard errors.keys.contains(where: { Forms.node($0, isIn: component) }) else { return nil }
            return Diagnostic(.warning, "validation-failed", component: component, failures[component]!)
        }
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
        for component in screen.components where Forms.node(nodeId, isIn: component.id) {
            let root = component.flat.node(componentId: component.id)
            if let node = node(nodeId, in: root) { return (node, root) }
        }
        throw EngineError(.notFound, "no node \"\(nodeId)\" on the screen")
    }

    /// Sets the value input `id` of `node`'s subtree shows to `text` (none
    /// when empty: the placeholder shows, as a bound input's); whether found.
    static func show(_ text: String, in id: String, of node: inout ViewNode) -> Bool {
        if node.id == id, node.kind == .input {
            node.props["value"] = text.isEmpty ? nil : text
            return true
        }
        for i in node.children.indices where show(text, in: id, of: &node.children[i]) { return true }
        return false
    }

    /// Whether node `id` belongs to component `component`: its root's id is
    /// the component's, the others' `component/…` (by position) or
    /// `component#…` (by key).
    static func node(_ id: String, isIn component: String) -> Bool {
        guard id.hasPrefix(component) else { return false }
        let next = id.utf8.dropFirst(component.utf8.count).first
        return next == nil || next == UInt8(ascii: "/") || next == UInt8(ascii: "#")
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

/// A bound input's new value and where it goes (`Forms.edit`).
struct InputEdit {
    /// The component of the input.
    let component: String
    /// The service and the path in its state the input's `bind` names.
    let service: String
    let path: JSONPath
    /// The value stored there.
    let value: JSON
    /// The action middleware sees for it.
    let action: Action
}
