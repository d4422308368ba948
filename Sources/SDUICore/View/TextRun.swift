/// One span of a paragraph (`ViewNode.Kind.paragraph`): its text and how it
/// looks. A paragraph's runs wrap as one text; each run keeps its own style
/// and may carry an action (a link).
public struct TextRun: Sendable, Equatable {
    public var text: String
    /// A named font ("title", "caption"…), as `Style.font`.
    public var font: String?
    /// A font weight ("bold"…), as `Style.fontWeight`.
    public var weight: String?
    public var italic = false
    public var underline = false
    public var strikethrough = false
    /// Foreground and highlight (background) colours, as `Style.color`.
    public var color: String?
    public var highlight: String?
    /// What tapping the run does.
    public var action: Action?

    public init(_ text: String) {
        self.text = text
    }

    /// The members of a run's JSON form, in the order it writes them.
    static let members = ["text", "font", "weight", "italic", "underline", "strikethrough", "color", "highlight",
                          "action"]

    /// Decodes a `runs` array (at least one run); the error names the offending path.
    static func list(json: JSON, at path: JSONPath) throws(ContractError) -> [TextRun] {
        guard case .array(let items) = json, !items.isEmpty else {
            throw ContractError(path, "runs must be a non-empty array of {\"text\", ...} objects, got \(json.typeName)")
        }
        return try Decode.objects(items, at: path, "a text run", allowed: members) { o, at throws(ContractError) in
            guard let text = try Decode.string(o["text"], at: at.appending("text"), required: true) else {
                throw ContractError(at, "a text run needs \"text\" (a string)")
            }
            var run = TextRun(text)
            run.font = try StyleStrings.name(o["font"], at: at.appending("font"), required: false)
            run.weight = try StyleStrings.name(o["weight"], at: at.appending("weight"), required: false)
            run.color = try StyleStrings.color(o["color"], at: at.appending("color"), required: false)
            run.highlight = try StyleStrings.color(o["highlight"], at: at.appending("highlight"), required: false)
            for (name, flag) in [("italic", \TextRun.italic), ("underline", \.underline), ("strikethrough", \.strikethrough)] {
                guard let v = o[name], !v.isNull else { continue }
                guard case .bool(let b) = v else {
                    throw ContractError(at.appending(name), "expected a boolean, got \(v.typeName)")
                }
                run[keyPath: flag] = b
            }
            if let a = o["action"], !a.isNull { run.action = try Action(json: a, at: at.appending("action")) }
            return run
        }
    }

    /// The canonical JSON form: `text`, then the members set (booleans only when true).
    public var json: JSON {
        var o = JSONObject()
        o["text"] = .string(text)
        if let font { o["font"] = .string(font) }
        if let weight { o["weight"] = .string(weight) }
        if italic { o["italic"] = true }
        if underline { o["underline"] = true }
        if strikethrough { o["strikethrough"] = true }
        if let color { o["color"] = .string(color) }
        if let highlight { o["highlight"] = .string(highlight) }
        if let action { o["action"] = action.json }
        return .object(o)
    }

    /// The runs kept as a paragraph's `runs` member (its JSON text, as the
    /// engine wrote it); empty when the text is not such a list.
    public static func list(text: String) -> [TextRun] {
        guard let json = try? JSONParser.parse(text) else { return [] }
        return (try? list(json: json, at: .root)) ?? []
    }

    /// What a paragraph shows, its runs' texts one after the other: what the
    /// layout measures and wraps, and the text renderer writes.
    public static func plainText(_ runs: String) -> String {
        list(text: runs).map(\.text).joined()
    }
}
