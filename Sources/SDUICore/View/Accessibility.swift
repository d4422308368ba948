/// What assistive technology (a screen reader) is told about a node: the
/// `accessibility` member every node may carry,
///
///     "accessibility": {"label": "Favourite", "role": "button", "hint": "Adds the film to your list"}
///
/// each member optional. `label` is the accessible name (what a reader says
/// for the node), `role` what kind of element it is (one of `Role`), `hint`
/// what happens when it is used (ARIA's description). Nothing here is
/// required: every node has a default name and role (`name(of:)`,
/// `defaultRole(of:)`), so authors write one only where the default is
/// wrong, as for an icon-only button (`isIconOnly`).
public struct Accessibility: Sendable, Equatable {
    /// The roles a node may take, a fixed list; each maps to an ARIA role (`aria`).
    public enum Role: String, Sendable, CaseIterable {
        case button, link, heading, image, text, checkbox, radio, radiogroup, `switch`, slider, textbox
        case list, listitem, tab, group, alert, progressbar
        /// "none": nothing to a reader (a decorative image, a container that
        /// only lays out). Named apart from its JSON name so that it cannot
        /// be taken for an optional role's `.none` (no role given).
        case presentation = "none"

        /// The ARIA role (`role` attribute) it stands for; nil for `text`,
        /// plain text, which ARIA gives no role.
        public var aria: String? {
            switch self {
            case .image: return "img"
            case .text: return nil
            default: return rawValue
            }
        }

        /// A role whose node a reader visits as one element, its subtree
        /// inside it (a button, an image, a text); the others (`list`,
        /// `listitem`, `group`, `radiogroup`, `none`) group what is inside,
        /// whose elements are visited one by one (`ReadingOrder`).
        public var isElement: Bool {
            switch self {
            case .list, .listitem, .group, .radiogroup, .presentation: return false
            default: return true
            }
        }
    }

    /// The accessible name; nil: the default (`name(of:)`).
    public var label: String?
    /// The role; nil: the default (`defaultRole(of:)`).
    public var role: Role?
    /// What using the node does.
    public var hint: String?

    /// The members of an accessibility object, in the order the JSON form writes them.
    public static let members = ["label", "role", "hint"]

    public init(label: String? = nil, role: Role? = nil, hint: String? = nil) {
        self.label = label
        self.role = role
        self.hint = hint
    }

    /// No member given: the same as no accessibility member at all.
    public var isEmpty: Bool { label == nil && role == nil && hint == nil }

    /// Decodes `{"label", "role", "hint"}` (strings; the role one of
    /// `Role`); the error names the JSON path of the offending value.
    public init(json: JSON, at path: JSONPath) throws(ContractError) {
        self.init()
        let o = try Decode.object(json, at: path, "accessibility")
        try Decode.onlyKeys(o, Accessibility.members, at: path, "accessibility")
        for (key, value) in o {
            let at = path.appending(key)
            switch key {
            case "label": label = try Decode.string(value, at: at, required: false)
            case "hint": hint = try Decode.string(value, at: at, required: false)
            default:
                guard let name = try Decode.string(value, at: at, required: false) else { continue }
                guard let role = Role(rawValue: name) else {
                    let names = Role.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ContractError(at, "unknown role \"\(name)\" (known: \(names))")
                }
                self.role = role
            }
        }
    }

    /// `{"label", "role", "hint"}`, the members given.
    public var json: JSON {
        var o = JSONObject()
        if let label { o["label"] = .string(label) }
        if let role { o["role"] = .string(role.rawValue) }
        if let hint { o["hint"] = .string(hint) }
        return .object(o)
    }

    // MARK: Defaults

    /// The role of `node`: its own, else its kind's default.
    public static func role(of node: ViewNode) -> Role? {
        node.accessibility?.role ?? defaultRole(of: node)
    }

    /// The role a node has when it gives none: a button's is button, an
    /// image's image, a text's or paragraph's text (a fallback's too, an
    /// error's alert); an input's checkbox (a toggle), radiogroup (a choice)
    /// or textbox (the others); a list's list; any other container that
    /// carries an action (a tap target) is a button; the rest (stacks,
    /// spacers) nil, no role of their own.
    public static func defaultRole(of node: ViewNode) -> Role? {
        switch node.kind {
        case .button: return .button
        case .image: return .image
        case .text, .paragraph, .fallback: return .text
        case .error: return .alert
        case .input:
            switch node.props["kind"] {
            case "toggle": return .checkbox
            case "choice": return .radiogroup
            default: return .textbox
            }
        case .list: return node.action != nil ? .button : .list
        default: // stacks, spacers, any other kind: a tap target is a button
            return node.action != nil ? .button : nil
        }
    }

    /// The accessible name of `node`: its `label`; else a button's label
    /// text, an image's `alt`, a text's text, a paragraph's runs' texts, an
    /// input's `title` or else its `placeholder`, a fallback's text, an
    /// error's message; else (a button without a label, a tap target) the
    /// names of what it holds, joined by spaces; "" when there is none.
    public static func name(of node: ViewNode) -> String {
        ownName(of: node) ?? joined(node.children.map(name(of:)))
    }

    /// The name `node` has of its own (`name(of:)` without the names of
    /// what it holds): its label, or a leaf's; nil for a node named by its
    /// children (a container, a button without a label).
    static func ownName(of node: ViewNode) -> String? {
        if let label = node.accessibility?.label { return label }
        switch node.kind {
        case .button: if let label = node.props["label"], !label.isEmpty { return label }
        case .image: return node.props["alt"] ?? ""
        case .text, .fallback: return node.props["text"] ?? ""
        case .error: return node.props["message"] ?? ""
        case .paragraph:
            return (try? TextRun.list(json: ViewNode.parsed(node.props["runs"] ?? "[]"), at: .root))?
                .map(\.text).joined() ?? ""
        case .input: return node.props["title"] ?? node.props["placeholder"] ?? ""
        default: break
        }
        return nil
    }

    /// Names joined by spaces, the empty ones left out.
    private static func joined(_ names: [String]) -> String {
        names.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// True when `label` is made of symbols only (★, ☆, ♥, ▶, an emoji):
    /// no letter and no digit, and not empty. A button so labelled says
    /// nothing useful to a reader unless it carries an accessibility label.
    /// `isIconOnly` of a label's UTF-8 bytes: a letter or a digit among
    /// its ASCII bytes answers at once (every render asks of every button),
    /// and the symbol blocks icons come from (`isPlainSymbol`) are known
    /// without looking up the scalars' properties.
    static func isIconOnly(_ utf8: UnsafeRawBufferPointer) -> Bool {
        var ascii = true
        for b in utf8 {
            if b >= 0x80 { ascii = false; continue }
            if (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) { return false }
        }
        if ascii { // symbols and spaces only: a symbol if anything is not a space
            return utf8.contains { !(($0 >= 0x09 && $0 <= 0x0D) || $0 == 0x20) }
        }
        // Every scalar an ASCII symbol or space, or in a plain symbol block: a symbol.
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            guard b >= 0xC2, b <= 0xF4, i + length <= utf8.count else { break }
            var scalar = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length {
                let c = utf8[i + k]
                guard c & 0xC0 == 0x80 else { return isIconOnly(String(decoding: utf8, as: UTF8.self)) }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            guard isPlainSymbol(scalar) else { break }
            i += length
        }
        if i == utf8.count { return true } // a symbol block's scalar at least: not ASCII
        return isIconOnly(String(decoding: utf8, as: UTF8.self))
    }

    /// Whether `scalar` is in a block of symbols none of which is a letter,
    /// a digit or a space: arrows, mathematical operators, miscellaneous
    /// technical, box drawing, block elements, geometric shapes,
    /// miscellaneous symbols, dingbats (up to, not with, the circled
    /// digits), miscellaneous symbols and arrows, and the emoji blocks.
    /// (`AccessibilityTests` checks each against the scalars' properties.)
    static func isPlainSymbol(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2190...0x21FF, 0x2200...0x22FF, 0x2300...0x23FF, 0x2500...0x25FF, 0x2600...0x26FF, 0x2700...0x2775,
             0x2B00...0x2BFF, 0x1F300...0x1F5FF, 0x1F600...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
            return true
        default:
            return false
        }
    }

    public static func isIconOnly(_ label: String) -> Bool {
        var symbol = false
        for scalar in label.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return false }
            if !scalar.properties.isWhitespace { symbol = true }
        }
        return symbol
    }
}

/// A node's accessibility out of line (see `ViewNode.accessibility`); never changed once made.
final class AccessibilityBox: Sendable, Equatable {
    let value: Accessibility

    init(_ value: Accessibility) {
        self.value = value
    }

    static func == (lhs: AccessibilityBox, rhs: AccessibilityBox) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }
}
