/// Which input values an action carries when the host presses the node
/// that holds it (`Engine.press`, `sdui_press`): its `"inputs"` member,
/// `true` for every input of the node's component, or an array of input
/// names. A press adds each one's value (its `value` as the screen shows
/// it, bound inputs' from their service; "" when it has none) to the
/// payload under the input's `name`.
public enum ActionInputs: Sendable, Equatable {
    /// Every input of the component (`true`).
    case all
    /// The inputs of these names, in this order.
    case named([String])

    /// Decodes `true` or an array of non-empty names; the error names the path.
    init(json: JSON, at path: JSONPath) throws(ContractError) {
        switch json {
        case .bool(true):
            self = .all
        case .array(let items):
            var names: [String] = []
            for (i, item) in items.enumerated() {
                names.append(try Decode.nonEmptyString(item, at: path.appending(i)))
            }
            self = .named(names)
        default:
            throw ContractError(path, "inputs must be true (every input of the component) or an array of input names, got \(json.typeName)")
        }
    }

    /// The JSON form: `true`, or the array of names.
    public var json: JSON {
        switch self {
        case .all: return .bool(true)
        case .named(let names): return .array(names.map { .string($0) })
        }
    }
}
