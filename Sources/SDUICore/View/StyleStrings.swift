/// The strings of a style that hosts draw with or write into CSS: colours
/// (`color`, `background`, `borderColor`; a run's `color` and `highlight`;
/// a theme's colour tokens) and names (`font`, `fontWeight`, a run's
/// `font` and `weight`, `backgroundImage`; a theme's font tokens), checked
/// where a view or a theme is decoded, so no control sequence reaches a
/// terminal or a style sheet through them.
///
/// A colour is `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (hex digits), a
/// theme token `@name` (not in a theme's own values; one the theme lacks
/// is `ThemeResolver`'s: the field is left unset, with a warning),
/// or a colour name the host knows: an ASCII letter, then up to 63 ASCII
/// letters, digits, `-` or `_` (`accent`, `red`, `good`). A name holds no
/// control character (C0, DEL, C1). A value that breaks these fails the
/// view (an `error` node for its component) or the theme, naming its path.
enum StyleStrings {
    /// What a colour may be, for messages.
    static let colorGrammar = "#rgb, #rgba, #rrggbb, #rrggbbaa, a theme token @name, or a colour name "
        + "(an ASCII letter, then letters, digits, \"-\" or \"_\")"

    /// The colour at `path` (a string, as `Decode.string` reads it), checked.
    static func color(_ value: JSON?, at path: JSONPath, required: Bool, tokens: Bool = true)
        throws(ContractError) -> String?
    {
        guard let s = try Decode.string(value, at: path, required: required) else { return nil }
        try checkColor(s, at: path, tokens: tokens)
        return s
    }

    /// Throws when `s` is not a colour (a token only when `tokens`).
    static func checkColor(_ s: String, at path: JSONPath, tokens: Bool = true) throws(ContractError) {
        guard !isColor(s, tokens: tokens) else { return }
        throw ContractError(path, "not a colour: \(JSONWriter.quoted(String(s.prefix(64))))"
            + "\(s.count > 64 ? "…" : ""); a colour is \(colorGrammar)")
    }

    /// Whether `s` is a colour.
    static func isColor(_ s: String, tokens: Bool = true) -> Bool {
        let u = s.utf8
        guard let first = u.first else { return false }
        if first == UInt8(ascii: "#") {
            let digits = u.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(isHexDigit)
        }
        // A token is the resolver's to judge: one the theme lacks (or a bad
        // name) leaves the field unset with an "unknown-token" warning.
        if first == UInt8(ascii: "@") { return tokens && !s.hasControlCharacter }
        return u.count <= 64 && isLetter(first) && u.allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x2D || $0 == 0x5F }
    }

    /// The name at `path` (a string, as `Decode.string` reads it), without control characters.
    static func name(_ value: JSON?, at path: JSONPath, required: Bool) throws(ContractError) -> String? {
        guard let s = try Decode.string(value, at: path, required: required) else { return nil }
        try checkName(s, at: path)
        return s
    }

    /// Throws when `s` holds a control character, naming the first.
    static func checkName(_ s: String, at path: JSONPath) throws(ContractError) {
        guard let c = s.unicodeScalars.first(where: \.isControlCharacter) else { return }
        throw ContractError(path, "must not contain control characters, found \(String(c).escapingControlCharacters())")
    }

    /// Whether the UTF-8 bytes of a name hold a control character (C0, DEL,
    /// or C1: `C2 80` to `C2 9F`); when `escaped` (JSON text, as the flat
    /// form keeps strings), also written as an escape other than `\"` and
    /// `\\` (`\n`, `\u001b`...). The fast readers leave such a name to the
    /// decoder, which says what is wrong.
    static func mayHoldControl(_ bytes: UnsafeRawBufferPointer, escaped: Bool) -> Bool {
        var previous: UInt8 = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20 || b == 0x7F || (previous == 0xC2 && b < 0xA0 && b >= 0x80) { return true }
            if escaped && b == 0x5C {
                guard i + 1 < bytes.count, bytes[i + 1] == 0x22 || bytes[i + 1] == 0x5C else { return true }
                i += 1
            }
            previous = bytes[i]
            i += 1
        }
        return false
    }

    private static func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func isLetter(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) }
}
