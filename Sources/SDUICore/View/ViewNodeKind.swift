/// The kinds of view node, and what the engine knows of each, in one place.
///
/// Adding a kind starts here: its case (last: its place is its byte in
/// `FlatView`), its content members (`props`), whether it holds children,
/// takes an action, is the engine's own, and its `index`. The rest follows
/// from these: `ViewContract.kinds` (and from it the DSL's builders, the
/// JSON Schema and the flat layout's C tables, `make contract`), the
/// decoders and writers, and the defaults of the per-kind code (a
/// container with no rule of its own lays out, reads and draws its children
/// as a vstack; a leaf with no content shows nothing).
extension ViewNode {
    /// Every kind of node the core knows.
    public enum Kind: String, Sendable, CaseIterable {
        case text, image, button, vstack, hstack, zstack, spacer, list, input
        /// Rendered by the engine for a component whose type has no factory.
        case fallback
        /// Rendered by the engine for a component whose factory failed.
        case error
        /// Rows (its children) whose cells (the rows' children) share column
        /// widths: a table, a list of facts. (Last: a kind's place here is
        /// its byte in `FlatView`, which must not change.)
        case grid
        /// A text of styled spans (`runs`: `TextRun`) that wraps as one text.
        case paragraph
        /// Children left to right, wrapping onto new lines (an image set, tags).
        case wrap
        /// Children left to right at their own widths, never narrowed: a row
        /// the host scrolls sideways (a rail of genres, of posters).
        case rail
        /// Pages (its children), one shown at a time (`page`, from 0), with a
        /// page indicator the host draws: a carousel.
        case pager
        /// A thin horizontal line separating content: as wide as offered,
        /// one line high, its line (`thickness`, 1 by default; the host's
        /// finest line where it cannot be thinner) across its middle in its
        /// style's `color`.
        case divider

        /// The content members a node of this kind may carry, and which are
        /// required, in the order the JSON form writes them (a button's
        /// `disabled`, kept as a flag, follows them: `takesDisabled`).
        var props: [(name: String, required: Bool, type: ViewContract.ValueType)] {
            switch self {
            case .text: return Kind.textProps
            case .image: return Kind.imageProps
            case .button: return Kind.buttonProps
            case .input: return Kind.inputProps
            case .fallback: return Kind.fallbackProps
            case .error: return Kind.errorProps
            case .paragraph: return Kind.paragraphProps
            case .pager: return Kind.pagerProps
            case .divider: return Kind.dividerProps
            case .vstack, .hstack, .zstack, .spacer, .list, .grid, .wrap, .rail: return []
            }
        }

        // Built once: `props` runs for every node decoded or written.
        private static let textProps = [(name: "text", required: true, type: ViewContract.ValueType.string)]
        private static let imageProps = [(name: "url", required: true, type: ViewContract.ValueType.string),
                                         ("placeholder", false, .string), ("alt", false, .string)]
        private static let buttonProps = [(name: "label", required: false, type: ViewContract.ValueType.string),
                                          ("tooltip", false, .string)]
        /// An input's members: those of every kind, then those of some
        /// kinds (`InputContent.members(of:)`).
        private static let inputProps = [
            (name: "name", required: true, type: ViewContract.ValueType.string), ("value", false, .string),
            ("placeholder", false, .string), ("kind", false, .oneOf(InputKind.allCases.map(\.rawValue))),
            ("format", false, .oneOf(InputKind.Format.allCases.map(\.rawValue))), ("min", false, .number),
            ("max", false, .number), ("title", false, .string), ("onValue", false, .string),
            ("offValue", false, .string), ("display", false, .oneOf(InputKind.Display.allCases.map(\.rawValue))),
            ("multiple", false, .boolean), ("options", false, .options), ("bind", false, .binding),
            ("validation", false, .validation), ("error", false, .string),
        ]
        private static let fallbackProps = [(name: "componentType", required: true, type: ViewContract.ValueType.string),
                                             ("text", false, .string)]
        private static let paragraphProps = [(name: "runs", required: true, type: ViewContract.ValueType.runs)]
        private static let pagerProps = [(name: "page", required: false, type: ViewContract.ValueType.number)]
        private static let dividerProps = [(name: "thickness", required: false, type: ViewContract.ValueType.number)]
        private static let errorProps = [(name: "message", required: true, type: ViewContract.ValueType.string)]

        /// Kinds that hold children.
        public var isContainer: Bool {
            switch self {
            case .vstack, .hstack, .zstack, .list, .grid, .wrap, .rail, .pager, .button: return true
            default: return false
            }
        }

        /// Kinds that may carry an action: buttons and inputs, and the
        /// containers and images, which are then tap targets with no button chrome.
        public var takesAction: Bool {
            switch self {
            case .button, .input, .vstack, .hstack, .zstack, .list, .grid, .wrap, .rail, .pager, .image: return true
            case .text, .spacer, .fallback, .error, .paragraph, .divider: return false
            }
        }

        /// Kinds that may be disabled (the boolean member "disabled").
        public var takesDisabled: Bool { self == .button }

        /// Rendered by the engine only (fallback, error): a factory cannot
        /// build one (`ViewContract.Kind.engineOnly`).
        public var isEngineOnly: Bool { self == .fallback || self == .error }

        /// The kind's index in `allCases`: its byte in `FlatView`. Exhaustive
        /// on purpose: a new kind takes the next number, and no kind's
        /// number ever changes.
        var index: UInt8 {
            switch self {
            case .text: return 0
            case .image: return 1
            case .button: return 2
            case .vstack: return 3
            case .hstack: return 4
            case .zstack: return 5
            case .spacer: return 6
            case .list: return 7
            case .input: return 8
            case .fallback: return 9
            case .error: return 10
            case .grid: return 11
            case .paragraph: return 12
            case .wrap: return 13
            case .rail: return 14
            case .pager: return 15
            case .divider: return 16
            }
        }
    }
}
