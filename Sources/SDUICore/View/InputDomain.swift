/// What a bound input takes from the host (`Engine.setInput`,
/// `sdui_set_input`): the values of its kind, checked before anything
/// changes. A value outside them is refused, and the service, the screen
/// and the input's error stay as they were.
///
/// - Every kind: at most the payload limit (`EngineLimits.maxPayloadBytes`)
///   in UTF-8 bytes (`.limit`).
/// - No control character (C0, DEL, C1: they would drive a terminal or cut
///   a C string), except the line feeds, carriage returns and tabs of a
///   multiline text.
/// - A number: empty (it clears the input), or a JSON number (`42`, `-1.5`,
///   `1e3`) that is finite and within the input's `min` and `max`.
/// - A toggle: its `onValue` or its `offValue`.
/// - A choice: empty, or the value of one of its `options`; several,
///   comma-separated, when it is `multiple`.
///
/// Text, dates and times are not held to a form: a host sets them as they
/// are typed, a character at a time (a press checks its `validation`).
/// Every refusal but the size is `.contract`, its message naming the node
/// and what the input takes.
public enum InputDomain {
    /// What `Engine.setInput` stores for `text` set into `input` (node
    /// `nodeId`): a number for a number input's number, else the string
    /// (`InputBinding.stored`); throws when `text` is outside its domain.
    public static func value(_ text: String, for input: InputContent, node nodeId: String,
                             limit: Int) throws(EngineError) -> JSON
    {
        try checkSize(text.utf8.count, node: nodeId, limit: limit)
        let node = "node \(JSONWriter.quoted(nodeId))"
        if let c = text.unicodeScalars.first(where: { $0.isControlCharacter && !allowed($0, in: input.kind) }) {
            throw EngineError(.contract, "\(node): the value of \(article(input.kind)) input must not contain control "
                + "characters, found \(String(c).escapingControlCharacters())")
        }
        switch input.kind {
        case .number:
            guard !text.isEmpty else { return .string(text) }
            let value = try number(text, node)
            if let min = input.min, value.doubleValue! < min {
                throw EngineError(.contract, "\(node): \(cut(text)) is below the input's min (\(shown(min)))")
            }
            if let max = input.max, value.doubleValue! > max {
                throw EngineError(.contract, "\(node): \(cut(text)) is above the input's max (\(shown(max)))")
            }
            return value
        case .toggle:
            guard text == input.onValue || text == input.offValue else {
                throw EngineError(.contract, "\(node): a toggle's value is \(JSONWriter.quoted(input.onValue)) or "
                    + "\(JSONWriter.quoted(input.offValue)), not \(quoted(text))")
            }
        case .choice:
            let values = Set(input.options.map(\.value))
            let chosen = input.multiple ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                : [text]
            guard !text.isEmpty else { break }
            for value in chosen where !values.contains(value) {
                let list = input.options.prefix(10).map { JSONWriter.quoted($0.value) }.joined(separator: ", ")
                    + (input.options.count > 10 ? ", …" : "")
                throw EngineError(.contract, "\(node): \(quoted(value)) is not the value of one of the input's "
                    + "options (\(list))" + (input.multiple ? "; several are separated by commas" : ""))
            }
        case .text, .multiline, .date, .time:
            break
        }
        return .string(text)
    }

    /// Throws `.limit` when a value of `size` bytes for node `nodeId` is
    /// more than `limit` (the facade asks before the bytes become a string).
    public static func checkSize(_ size: Int, node nodeId: String, limit: Int) throws(EngineError) {
        guard size > limit else { return }
        throw EngineError(.limit, "node \(JSONWriter.quoted(nodeId)): the value is \(size) bytes, more than the limit "
            + "of \(limit) bytes (SDUI_LIMIT_PAYLOAD_BYTES)")
    }

    /// The number `text` holds, as a JSON number; throws when it holds none.
    private static func number(_ text: String, _ node: String) throws(EngineError) -> JSON {
        if let json = try? JSONParser.parse(text), json.doubleValue != nil { return json }
        if let d = Double(text), !d.isFinite {
            throw EngineError(.contract, "\(node): \(quoted(text)) is not a finite number")
        }
        throw EngineError(.contract, "\(node): \(quoted(text)) is not a number (a number input takes a JSON number "
            + "such as 42 or -1.5, or \"\" to clear it)")
    }

    /// The control characters a kind's value may hold: a multiline text's
    /// line breaks and tabs.
    private static func allowed(_ c: Unicode.Scalar, in kind: InputKind) -> Bool {
        kind == .multiline && (c == "\n" || c == "\r" || c == "\t")
    }

    private static func article(_ kind: InputKind) -> String {
        "a \(kind.rawValue)"
    }

    /// A value in a message: quoted, escaped, and cut after 40 characters.
    private static func quoted(_ text: String) -> String {
        text.count <= 40 ? JSONWriter.quoted(text) : JSONWriter.quoted(String(text.prefix(40))) + "…"
    }

    /// A number's text in a message, cut after 40 characters.
    private static func cut(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(40) + "…"
    }

    private static func shown(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    }
}
