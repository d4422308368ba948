/// Outcome of checking one UTF-8 sequence (RFC 3629): its length, or why
/// it is ill-formed. The parser names the fault; the view checker only asks
/// whether text is well-formed (`isWellFormed`), with no string made.
enum UTF8Check {
    case valid(Int)
    case invalid(String)

    /// Checks the sequence that starts at byte `i` of the `count` bytes at `base`.
    init(_ base: UnsafeRawPointer, count: Int, at i: Int) {
        @inline(__always) func byte(_ k: Int) -> UInt8 { base.load(fromByteOffset: k, as: UInt8.self) }
        let b0 = byte(i)
        let length: Int
        switch b0 {
        case 0x00..<0x80:
            self = .valid(1)
            return
        case 0x80...0xBF:
            self = .invalid("invalid UTF-8: unexpected continuation byte 0x\(Self.hex(b0))")
            return
        case 0xC0, 0xC1:
            self = .invalid("invalid UTF-8: overlong encoding (lead byte 0x\(Self.hex(b0)))")
            return
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default:
            self = .invalid("invalid UTF-8: byte 0x\(Self.hex(b0)) never appears in UTF-8")
            return
        }
        for k in 1..<length where !(i + k < count && byte(i + k) & 0xC0 == 0x80) {
            self = .invalid("invalid UTF-8: truncated \(length)-byte sequence")
            return
        }
        let b1 = byte(i + 1)
        switch b0 {
        case 0xE0 where b1 < 0xA0, 0xF0 where b1 < 0x90:
            self = .invalid("invalid UTF-8: overlong encoding (lead byte 0x\(Self.hex(b0)))")
        case 0xED where b1 >= 0xA0:
            self = .invalid("invalid UTF-8: encoded surrogate code point")
        case 0xF4 where b1 >= 0x90:
            self = .invalid("invalid UTF-8: code point above U+10FFFF")
        default:
            self = .valid(length)
        }
    }

    /// Whether `bytes` are well-formed UTF-8 throughout: ASCII, the usual
    /// text, passes eight bytes at a time, and no string is made.
    static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var i = 0
        while i < count {
            if count - i >= 8, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            if base.load(fromByteOffset: i, as: UInt8.self) < 0x80 {
                i += 1
                continue
            }
            guard case .valid(let n) = UTF8Check(base, count: count, at: i) else { return false }
            i += n
        }
        return true
    }

    /// `isWellFormed` of a byte buffer.
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isWellFormed(UnsafeRawBufferPointer(bytes))
    }

    /// A byte as two upper-case hex digits.
    private static func hex(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return b < 0x10 ? "0" + s : s
    }
}
