/// One choice of a choice input (`options`): the title shown and the value
/// the input takes when it is chosen. The JSON form is
/// `{"title": "Red", "value": "red"}`, both strings, nothing else.
public struct InputOption: Sendable, Equatable {
    /// What the option shows.
    public var title: String
    /// The value the input takes when it is chosen.
    public var value: String

    /// An option showing `title` for `value`.
    public init(title: String, value: String) {
        self.title = title
        self.value = value
    }

    /// The members of an option's JSON form.
    static let members = ["title", "value"]

    /// Decodes an `options` array; the error names the offending path.
    static func list(json: JSON, at path: JSONPath) throws(ContractError) -> [InputOption] {
        guard case .array(let items) = json else {
            throw ContractError(path, "options must be an array of {\"title\", \"value\"} objects, got \(json.typeName)")
        }
        return try Decode.objects(items, at: path, "an option", allowed: members) { o, at throws(ContractError) in
            guard let title = try Decode.string(o["title"], at: at.appending("title"), required: true) else {
                throw ContractError(at, "an option needs \"title\" (a string)")
            }
            guard let value = try Decode.string(o["value"], at: at.appending("value"), required: true) else {
                throw ContractError(at, "an option needs \"value\" (a string)")
            }
            return InputOption(title: title, value: value)
        }
    }

    /// The options kept as a node's `options` member (its JSON text, as the
    /// engine wrote it); empty when the text is not such a list.
    public static func list(text: String) -> [InputOption] {
        guard let json = try? JSONParser.parse(text) else { return [] }
        return (try? list(json: json, at: .root)) ?? []
    }

    /// The JSON form of a list of options.
    static func json(_ options: [InputOption]) -> JSON {
        .array(options.map { .object(JSONObject([("title", .string($0.title)), ("value", .string($0.value))])) })
    }
}
