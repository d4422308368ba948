/// Flags the bytes of `word` (little-endian) that end or interrupt a run of
/// plain string text: '"', '\', below 0x20 and from 0x80, one high bit
/// each. Only the lowest flag is exact (a borrow may flag a byte above it),
/// which is all a scan needs. Shared by the parser and `PageScanner`.
@inline(__always)
func stopBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let q = word ^ (ones &* 0x22)
    let b = word ^ (ones &* 0x5C)
    return (((q &- ones) & ~q) | ((b &- ones) & ~b) | (word &- ones &* 0x20) | word) & 0x8080_8080_8080_8080
}

/// The bytes of JSON's grammar, for the parser and `PageScanner`.
enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let newline = UInt8(ascii: "\n")
}
