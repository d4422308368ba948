import Testing
@testable import SDUICore

/// `ByteSink.appendEscaped` looks at eight bytes, then one, at a time:
/// whatever the length of the text and wherever the bytes to escape fall,
/// it writes what escaping one byte at a time writes.
@Suite("ByteSink escaping")
struct ByteSinkEscapeTests {
    /// JSON escaping one byte at a time, as the engine escapes (short forms, else \u00XY).
    static func reference(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for c in bytes {
            switch c {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(c >> 4)], hex[Int(c & 0xF)]]
            default: out.append(c)
            }
        }
        return out
    }

    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var sink = ByteSink(capacity: 8)
        bytes.withUnsafeBufferPointer { sink.appendEscaped($0) }
        return sink.withBytes { Array($0) }
    }

    /// Every byte that needs escaping, and its neighbours that do not, at every position of texts past two blocks.
    @Test func eachEscapeAtEachPosition() {
        let special: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xC3, 0xFF]
        for n in 1...40 {
            for at in 0..<n {
                for c in special + plain {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: n)
                    text[at] = c
                    #expect(Self.escaped(text) == Self.reference(text), "byte \(c) at \(at) of \(n)")
                }
            }
        }
    }

    @Test func randomTexts() {
        var r = SeededRNG(seed: 17)
        let alphabet: [UInt8] = [0x22, 0x5C, 0x0A, 0x01, 0x1F, 0x20, 0x7E, 0x80, 0xE2] + Array("abcXYZ 09".utf8)
        for _ in 0..<2_000 {
            let n = r.below(100)
            // mostly plain text, as views hold, with a byte to escape now and then
            let text = (0..<n).map { _ in r.below(12) == 0 ? alphabet[r.below(alphabet.count)] : UInt8(ascii: "m") }
            #expect(Self.escaped(text) == Self.reference(text))
        }
        #expect(Self.escaped([]) == [])
    }
}
