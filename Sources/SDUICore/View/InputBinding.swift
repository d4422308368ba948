/// Where an input's value lives: its `bind` member, `"service/path"` (a
/// service name, a slash, a state path as `sdui_state_json` takes them:
/// `form/email`, `signup/address.city`, `cart/items[0].qty`).
///
/// When a component renders, the engine reads each bound input's place
/// (`fill`: a read like any other, so the component renders again when it
/// changes) and shows it as the input's `value`; the host changes it with
/// `Engine.setInput` (`sdui_set_input`), which stores the new value there
/// as a dispatch would.
public struct InputBinding: Sendable, Equatable {
    /// The service holding the value.
    public var service: String
    /// Where in the service's state (never the whole state).
    public var path: JSONPath

    /// Reads a `bind` member; the error is at `at`.
    public init(parsing text: String, at: JSONPath) throws(ContractError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ContractError(at, "bind must be \"service/path\" (a service, a slash, a state path), got \"\(text)\"")
        }
        service = String(parts[0])
        do throws(JSONPathError) {
            path = try JSONPath(parsing: String(parts[1]))
        } catch {
            throw ContractError(at, "bind \"\(text)\": \(error.message)")
        }
        guard !path.segments.isEmpty else {
            throw ContractError(at, "bind \"\(text)\" names a whole service: give a path inside it")
        }
    }

    /// A state value as an input shows it: a string as it is, a number or
    /// a boolean as its JSON text, an array of strings comma-separated (a
    /// multiple choice's values); nil for null, objects and other arrays
    /// (the factory's `value` stays).
    public static func shown(_ value: JSON) -> String? {
        switch value {
        case .string(let s): return s
        case .int, .double, .bool: return JSONWriter.string(value)
        case .array(let items):
            var strings: [String] = []
            for item in items {
                guard case .string(let s) = item else { return nil }
                strings.append(s)
            }
            return strings.joined(separator: ",")
        case .null, .object: return nil
        }
    }

    /// What `Engine.setInput` stores for `text` typed into `input`: a
    /// number for a number input whose text is one, else the string.
    public static func stored(_ text: String, for input: InputContent) -> JSON {
        if input.kind == .number, let number = try? JSONParser.parse(text), number.doubleValue != nil {
            return number
        }
        return .string(text)
    }

    /// The `bind` member's bit in an input's `FlatView` content bits.
    static let flatBit: UInt16 = {
        let i = ViewNode.Kind.input.props.firstIndex { $0.name == "bind" }!
        return 1 << UInt16(i)
    }()

    /// `view` with each bound input's `value` read from its place through
    /// `context` (recorded as reads; an empty string leaves no value, so
    /// the placeholder shows), and the `error` of each input `errors` (by
    /// node id) names; `view` itself when there is nothing to fill.
    static func fill(_ view: FlatView, context: RenderContext, errors: [String: String] = [:]) -> FlatView {
        let id = context.componentId
        let hasErrors = !errors.isEmpty && errors.keys.contains { $0.hasPrefix(id) }
        guard hasErrors || view.hasBoundInput else { return view }
        var node = view.node(componentId: id)
        fill(&node, context, hasErrors ? errors : [:])
        return FlatView(node)
    }

    private static func fill(_ node: inout ViewNode, _ context: RenderContext, _ errors: [String: String]) {
        if node.kind == .input, let error = errors[node.id] { node.props["error"] = error }
        if node.kind == .input, let bind = node.props["bind"],
           let binding = try? InputBinding(parsing: bind, at: .root) // checked when the view was made
        {
            if let value = context.state(binding.service, at: binding.path), let shown = shown(value) {
                node.props["value"] = shown.isEmpty ? nil : shown // empty: the placeholder shows
            }
        }
        for i in node.children.indices { fill(&node.children[i], context, errors) }
    }
}

extension FlatView {
    /// Whether an input node of the view has a `bind` member.
    var hasBoundInput: Bool {
        guard has(.input) else { return false }
        return bytes.withUnsafeBytes { raw in
            var at = 0
            let input = ViewNode.Kind.input.index
            while at < raw.count {
                if raw[at] == input && FlatView.present(raw, at) & InputBinding.flatBit != 0 { return true }
                FlatView.skipFields(raw, &at)
            }
            return false
        }
    }
}
