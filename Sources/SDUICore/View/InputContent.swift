/// An `input` node's content members read as what they mean: its kind, the
/// members only some kinds take, and what it shows.
///
/// The decoders check each member alone (`ViewNode.setMember`); `check`
/// then refuses members its kind does not take. The text renderer and the
/// layout draw and size an input from `lines`.
public struct InputContent: Sendable, Equatable {
    /// The input's name (the key of its value in a press's payload).
    public var name: String
    /// What it asks for ("text" when not given).
    public var kind: InputKind
    /// Its value as shown (a bound input's from its service), or nil.
    public var value: String?
    /// Shown while it has no value.
    public var placeholder: String?
    /// A text input's format (email, tel, url, password), or nil.
    public var format: InputKind.Format?
    /// A number input's lowest value, or nil.
    public var min: Double?
    /// A number input's highest value, or nil.
    public var max: Double?
    /// A toggle's title (its name when nil).
    public var title: String?
    /// A toggle's value when on: "true" unless given.
    public var onValue: String
    /// A toggle's value when off: "false" unless given.
    public var offValue: String
    /// How a choice shows its options (compact unless given).
    public var display: InputKind.Display
    /// Whether a choice takes several values (comma-separated).
    public var multiple: Bool
    /// A choice's options, in order.
    public var options: [InputOption]
    /// The validation error the engine shows on the input (`InputValidation`), or nil.
    public var error: String?

    /// Reads the members of an input node (kept as the decoders left them).
    public init(_ props: NodeProps) {
        name = props["name"] ?? ""
        kind = InputContent.kind(of: props)
        value = props["value"]
        placeholder = props["placeholder"]
        format = props["format"].flatMap(InputKind.Format.init(rawValue:))
        min = props["min"].flatMap { try? JSONParser.parse($0).doubleValue }
        max = props["max"].flatMap { try? JSONParser.parse($0).doubleValue }
        title = props["title"]
        onValue = props["onValue"] ?? "true"
        offValue = props["offValue"] ?? "false"
        display = props["display"].flatMap(InputKind.Display.init(rawValue:)) ?? .compact
        multiple = props["multiple"] == "true"
        options = props["options"].map(InputOption.list(text:)) ?? []
        error = props["error"]
    }

    /// The kind of the input node with members `props`: its `kind`, "text" when it has none.
    static func kind(of props: NodeProps) -> InputKind {
        props["kind"].flatMap(InputKind.init(rawValue:)) ?? .text
    }

    /// The members each kind takes besides name, value, placeholder and kind.
    static func members(of kind: InputKind) -> [String] {
        switch kind {
        case .text: return ["format"]
        case .number: return ["min", "max"]
        case .toggle: return ["title", "onValue", "offValue"]
        case .choice: return ["display", "multiple", "options"]
        case .multiline, .date, .time: return []
        }
    }

    /// The members only some kinds take.
    static let kindMembers = ["format", "min", "max", "title", "onValue", "offValue", "display", "multiple", "options"]

    /// The members `check` looks at besides the kind's: read the long way
    /// (`PackedViewReader` leaves them to `ViewNode.setMember`).
    static let checkedMembers = kindMembers + ["kind", "bind"]

    /// Throws when an input node at `path` carries a member its kind does not
    /// take, a `min` above its `max`, or is a choice without `options`.
    static func check(_ props: NodeProps, at path: JSONPath) throws(ContractError) {
        let input = InputContent(props)
        let allowed = members(of: input.kind)
        for member in kindMembers where props[member] != nil && !allowed.contains(member) {
            let takers = InputKind.allCases.filter { members(of: $0).contains(member) }.map { "\"\($0.rawValue)\"" }
            throw ContractError(path.appending(member),
                                "\(member) is for an input of kind \(takers.joined(separator: " or ")), "
                                    + "not \"\(input.kind.rawValue)\"")
        }
        if let min = input.min, let max = input.max, min > max {
            throw ContractError(path.appending("max"), "max (\(props["max"]!)) is below min (\(props["min"]!))")
        }
        if input.kind == .choice && props["options"] == nil {
            throw ContractError(path, "a choice input needs \"options\" (an array of {\"title\", \"value\"})")
        }
    }

    /// The values chosen: a multiple choice's comma-separated values, else the value alone.
    public var chosen: [String] {
        guard let value, !value.isEmpty else { return [] }
        return multiple ? value.split(separator: ",", omittingEmptySubsequences: true).map(String.init) : [value]
    }

    /// Whether a toggle is on: its value is `onValue`.
    public var isOn: Bool { value == onValue }

    /// What the input shows, line by line, without a frame: the value (a
    /// password as one `•` a Unicode scalar) or the placeholder in parentheses, a toggle as
    /// `[x] title`, a compact choice as the chosen titles and `▾`, an
    /// expanded one as one `(•) title` (`[x] title` when multiple) line per option.
    public var lines: [String] {
        switch kind {
        case .toggle:
            return ["\(isOn ? "[x]" : "[ ]") \(title ?? name)"]
        case .choice:
            let chosen = self.chosen
            if display == .expanded {
                return options.map { option in
                    let on = chosen.contains(option.value)
                    return (multiple ? (on ? "[x] " : "[ ] ") : (on ? "(•) " : "( ) ")) + option.title
                }
            }
            let titles = options.filter { chosen.contains($0.value) }.map(\.title)
            let shown = titles.isEmpty ? placeholder.map { "(\($0))" } ?? "" : titles.joined(separator: ", ")
            return [shown + " ▾"]
        case .multiline:
            let text = shownValue
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .text, .number, .date, .time:
            return [shownValue]
        }
    }

    /// The text the layout measures (a leaf's text, `LayoutTree`): the
    /// value or else the placeholder, a password masked, the other kinds'
    /// `lines`, one a line.
    public var measuredText: String {
        switch kind {
        case .toggle, .choice: return lines.joined(separator: "\n")
        case .text, .multiline, .number, .date, .time:
            if let value { return format == .password ? String(repeating: "•", count: value.unicodeScalars.count) : value }
            return placeholder ?? ""
        }
    }

    /// The value as shown (a password masked), or the placeholder in parentheses.
    private var shownValue: String {
        if let value {
            return format == .password ? String(repeating: "•", count: value.unicodeScalars.count) : value
        }
        return placeholder.map { "(\($0))" } ?? ""
    }
}
