/// The view contract as data: the node kinds with their members, and the
/// style fields with the values each takes.
///
/// This is the one description of what a factory may return. The decoders
/// read their names from it (`Style.fieldNames`, the padding edges, the
/// action's members), the node kinds are read off `ViewNode.Kind` itself, and
/// `ViewContractTests` checks the rest against the decoders field by field,
/// so a decoder cannot change without this changing too. The Lua DSL's
/// tables are generated from it (`lua/sdui/contract.lua`, written by the
/// tests: `Tests/SDUICoreTests/ContractLuaModule.swift`), and
/// README's "View nodes" table is checked against it.
public enum ViewContract {
    /// What a style field (or a content member) holds, as its decoder checks it.
    public enum ValueType: Sendable, Equatable {
        /// A string.
        case string
        /// A finite number ≥ 0.
        case nonNegative
        /// A finite number ≥ 0, or "fill".
        case dimension
        /// A finite number ≥ 0 for every edge, or an object of some of
        /// `paddingEdges` with such numbers (the others 0).
        case padding
        /// A number from 0 to 1.
        case opacity
        /// A whole number from 0 to `Int32.max` (0: no limit).
        case lineLimit
        /// A finite number above 0.
        case positive
        /// One of these strings.
        case oneOf([String])
        /// Any finite number (a content member: kept as its JSON text).
        case number
        /// true or false (a content member: a button's "disabled", kept as a
        /// flag, `ViewNode.disabled`; an input's "multiple", kept as its JSON text).
        case boolean
        /// A string `"service/path"`: where an input's value lives (`InputBinding`).
        case binding
        /// An object of `InputValidation.members` (required, pattern,
        /// minLength, maxLength, message; kept as its JSON text).
        case validation
        /// An array of `{"title": string, "value": string}` objects, the
        /// choices of an input (`InputOption`; kept as its JSON text).
        case options
        /// A non-empty array of `TextRun` objects (`{"text": string, "font",
        /// "weight", "italic", "underline", "strikethrough", "color",
        /// "highlight", "action"}`; kept as its JSON text).
        case runs

        /// True for the types a content member keeps as JSON text and
        /// writes as it is (numbers, booleans, options); false for strings.
        public var isJSON: Bool {
            switch self {
            case .number, .boolean, .options, .validation, .runs: return true
            default: return false
            }
        }

        /// The type's name in the generated Lua table.
        public var name: String {
            switch self {
            case .string: return "string"
            case .nonNegative: return "nonNegative"
            case .dimension: return "dimension"
            case .padding: return "padding"
            case .opacity: return "opacity"
            case .lineLimit: return "lineLimit"
            case .positive: return "positive"
            case .oneOf: return "enum"
            case .number: return "number"
            case .boolean: return "boolean"
            case .options: return "options"
            case .runs: return "runs"
            case .binding: return "binding"
            case .validation: return "validation"
            }
        }
    }

    /// A style field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var type: ValueType
    }

    /// A content member of a node kind ("text", "url", "label"…): a string,
    /// one of some strings, for "disabled" a boolean (kept as a flag,
    /// `ViewNode.disabled`), or for an input's typed members a number, a
    /// boolean or its options.
    public struct Member: Sendable, Equatable {
        public var name: String
        public var type: ValueType
        public var required: Bool
    }

    /// A node kind and what a node of it may carry besides `id`, `key` and `style`.
    public struct Kind: Sendable, Equatable {
        public var name: String
        /// Its content members, in the order the JSON form writes them: the
        /// strings, then "disabled" for the kinds that take it.
        public var members: [Member]
        /// Takes `children`.
        public var children: Bool
        /// Takes an `action`.
        public var action: Bool
        /// Rendered by the engine only (fallback, error): a factory cannot build one.
        public var engineOnly: Bool
    }

    /// The style fields, in declaration order (`Style`'s stored properties).
    public static let styleFields: [Field] = [
        Field(name: "font", type: .string),
        Field(name: "fontWeight", type: .string),
        Field(name: "color", type: .string),
        Field(name: "background", type: .string),
        Field(name: "padding", type: .padding),
        Field(name: "spacing", type: .nonNegative),
        Field(name: "alignment", type: .oneOf(Style.Alignment.allCases.map(\.rawValue))),
        Field(name: "distribution", type: .oneOf(Style.Distribution.allCases.map(\.rawValue))),
        Field(name: "width", type: .dimension),
        Field(name: "height", type: .dimension),
        Field(name: "minWidth", type: .nonNegative),
        Field(name: "maxWidth", type: .nonNegative),
        Field(name: "minHeight", type: .nonNegative),
        Field(name: "maxHeight", type: .nonNegative),
        Field(name: "weight", type: .nonNegative),
        Field(name: "cornerRadius", type: .nonNegative),
        Field(name: "opacity", type: .opacity),
        Field(name: "lineLimit", type: .lineLimit),
        Field(name: "aspectRatio", type: .positive),
        Field(name: "fit", type: .oneOf(Style.Fit.allCases.map(\.rawValue))),
        Field(name: "textAlignment", type: .oneOf(Style.TextAlignment.allCases.map(\.rawValue))),
        Field(name: "borderWidth", type: .nonNegative),
        Field(name: "borderColor", type: .string),
        Field(name: "backgroundImage", type: .string),
        Field(name: "backgroundFit", type: .oneOf(Style.BackgroundFit.allCases.map(\.rawValue))),
        Field(name: "direction", type: .oneOf(Style.Direction.allCases.map(\.rawValue))),
        Field(name: "bleed", type: .boolean),
    ]

    /// The members of a padding object.
    public static let paddingEdges = ["top", "leading", "bottom", "trailing"]

    /// The members of an action object.
    public static let actionMembers = ["type", "payload", "inputs"]

    /// The members every node may carry besides its content, in the order the
    /// JSON form writes them (`ViewNode.structuralKeys`).
    public static let nodeMembers = ["type", "id", "key", "style", "action", "accessibility", "children"]

    /// The members of an accessibility object (`Accessibility`).
    public static let accessibilityMembers = Accessibility.members

    /// The roles an accessibility object may name (`Accessibility.Role`).
    public static let accessibilityRoles = Accessibility.Role.allCases.map(\.rawValue)

    /// Every node kind, in `ViewNode.Kind`'s order, read off the kind itself.
    public static let kinds: [Kind] = ViewNode.Kind.allCases.map { kind in
        Kind(name: kind.rawValue,
             members: kind.props.map { Member(name: $0.name, type: $0.type, required: $0.required) }
                + (kind.takesDisabled ? [Member(name: "disabled", type: .boolean, required: false)] : []),
             children: kind.isContainer, action: kind.takesAction, engineOnly: kind.isEngineOnly)
    }
}
