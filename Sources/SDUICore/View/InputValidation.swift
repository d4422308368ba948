/// What an input's value must be for a press that gathers it to go ahead:
/// its `validation` member, `{"required": true, "pattern": "…",
/// "minLength": n, "maxLength": n, "message": "…"}`, every member optional;
/// a number input's `min` and `max` are checked too.
///
/// `Engine.press` checks each input it gathers; when one fails, the action
/// is not dispatched, each failing input shows its message as its `error`
/// member (until its value is set or a press passes), and a
/// `validation-failed` diagnostic names the component.
public struct InputValidation: Sendable, Equatable {
    /// The value must not be empty.
    public var required = false
    /// A regular expression (Swift `Regex` syntax) the whole value must match.
    public var pattern: String?
    /// The fewest characters a non-empty value may have.
    public var minLength: Int?
    /// The most characters a value may have.
    public var maxLength: Int?
    /// Shown instead of the engine's own message.
    public var message: String?

    /// The members of a `validation` object.
    static let members = ["required", "pattern", "minLength", "maxLength", "message"]

    /// No rule.
    public init() {}

    /// Decodes a `validation` object; the error names the offending path.
    init(json: JSON, at path: JSONPath) throws(ContractError) {
        let o = try Decode.object(json, at: path, "validation")
        try Decode.onlyKeys(o, Self.members, at: path, "validation")
        if let v = o["required"] {
            guard let b = v.boolValue else { throw ContractError(path.appending("required"), "expected a boolean, got \(v.typeName)") }
            required = b
        }
        if let v = o["pattern"] {
            let p = try Decode.string(v, at: path.appending("pattern"), required: true)!
            do {
                _ = try Regex(p)
            } catch {
                throw ContractError(path.appending("pattern"), "not a regular expression: \(error)")
            }
            pattern = p
        }
        func length(_ name: String) throws(ContractError) -> Int? {
            guard let v = o[name] else { return nil }
            guard let d = v.doubleValue, d >= 0, d <= Double(Int32.max), d == d.rounded() else {
                throw ContractError(path.appending(name), "expected a whole number ≥ 0, got \(JSONWriter.string(v))")
            }
            return Int(d)
        }
        minLength = try length("minLength")
        maxLength = try length("maxLength")
        if let min = minLength, let max = maxLength, min > max {
            throw ContractError(path.appending("maxLength"), "maxLength (\(max)) is below minLength (\(min))")
        }
        if let v = o["message"] { message = try Decode.string(v, at: path.appending("message"), required: true) }
    }

    /// The rules kept as a node's `validation` member (its JSON text, as the
    /// engine wrote it); no rule when the text is not such an object.
    public init(text: String) {
        guard let json = try? JSONParser.parse(text), let rules = try? InputValidation(json: json, at: .root) else { return }
        self = rules
    }

    /// The JSON form: the members given, in `members` order.
    var json: JSON {
        var o = JSONObject()
        if required { o["required"] = .bool(true) }
        if let pattern { o["pattern"] = .string(pattern) }
        if let minLength { o["minLength"] = .int(Int64(minLength)) }
        if let maxLength { o["maxLength"] = .int(Int64(maxLength)) }
        if let message { o["message"] = .string(message) }
        return .object(o)
    }

    /// What is wrong with `input`'s value, or nil: `message` when given,
    /// else "NAME is required", "NAME must be at least N characters"…
    public static func problem(of input: InputContent, rules: InputValidation) -> String? {
        let value = input.value ?? ""
        func fail(_ what: String) -> String { rules.message ?? "\(input.name) \(what)" }
        if value.isEmpty { return rules.required ? fail("is required") : nil }
        let count = value.count
        if let min = rules.minLength, count < min { return fail("must be at least \(min) characters") }
        if let max = rules.maxLength, count > max { return fail("must be at most \(max) characters") }
        if let pattern = rules.pattern, let regex = try? Regex(pattern), (try? regex.wholeMatch(in: value)) == nil {
            return fail("does not have the expected form")
        }
        if input.kind == .number {
            guard let number = (try? JSONParser.parse(value))?.doubleValue else { return fail("must be a number") }
            func shown(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)" }
            if let min = input.min, number < min { return fail("must be at least \(shown(min))") }
            if let max = input.max, number > max { return fail("must be at most \(shown(max))") }
        }
        return nil
    }
}
