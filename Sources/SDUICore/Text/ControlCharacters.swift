/// Control characters in identifiers and in text that reaches C strings and
/// terminals: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
///
/// The page contract refuses C0 and C1 in component ids, types and node
/// keys (`Decode.identifier`), so every C string made from an id is whole
/// and no id drives a terminal (DEL does neither, and a plain ASCII id is
/// then accepted without looking at its bytes again). Text
/// content may hold them; the text renderer and error messages write each
/// one as `\u001b`, so that `strlen` of the output is its length and a
/// terminal shows an escape sequence instead of obeying it.
extension String {
    /// Whether the text holds a control character.
    public var hasControlCharacter: Bool { unicodeScalars.contains(where: \.isControlCharacter) }

    /// Whether the text holds a character an identifier may not: C0 or C1.
    public var hasIdentifierControl: Bool { unicodeScalars.contains(where: \.isIdentifierControl) }

    /// The text with every control character written as `\uXXXX`; newlines
    /// stay as they are when `keepingNewlines`.
    public func escapingControlCharacters(keepingNewlines: Bool = false) -> String {
        guard unicodeScalars.contains(where: { $0.isControlCharacter && !(keepingNewlines && $0 == "\n") }) else {
            return self
        }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.isControlCharacter && !(keepingNewlines && scalar == "\n") {
                out += scalar.escaped
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// C0, DEL or C1.
    var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

    /// C0 or C1: what ids, types and keys refuse.
    var isIdentifierControl: Bool { value < 0x20 || (0x80...0x9F).contains(value) }

    /// `\u` and four hex digits.
    fileprivate var escaped: String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
