/// Serializes `JSON` values as UTF-8 JSON text.
///
/// Output keeps object member order. Strings escape only `"`, `\` and control
/// characters; `/` and non-ASCII text are written as is. `.int` prints as an
/// integer and `.double` always carries a fraction or an exponent (`3.0`), so
/// `JSONParser` reads back the same case. Non-finite doubles, which JSON
/// cannot express, are written as `null`.
public enum JSONWriter {
    /// Appends the compact (no whitespace) encoding of `value` to `out`.
    public static func write(_ value: JSON, into out: inout [UInt8]) {
        switch value {
        case .null:
            appendLiteral("null", into: &out)
        case .bool(let b):
            appendLiteral(b ? "true" : "false", into: &out)
        case .int(let i):
            writeInt(i, into: &out)
        case .double(let d):
            writeDouble(d, into: &out)
        case .string(let s):
            writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            // Elements are read through the buffer so they are borrowed, not copied.
            elements.withUnsafeBufferPointer { elements in
                for i in elements.indices {
                    if i != 0 { out.append(UInt8(ascii: ",")) }
                    write(elements[i], into: &out)
                }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            object.keys.withUnsafeBufferPointer { keys in
                object.values.withUnsafeBufferPointer { values in
                    for i in keys.indices {
                        if i != 0 { out.append(UInt8(ascii: ",")) }
                        writeString(keys[i], into: &out)
                        out.append(UInt8(ascii: ":"))
                        write(values[i], into: &out)
                    }
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The compact encoding of `value` as bytes.
    public static func bytes(_ value: JSON) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out)
        return out
    }

    /// The compact encoding of `value` as a string.
    public static func string(_ value: JSON) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        writeString(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// An indented, human-readable encoding of `value` (`"key": value`, one
    /// member or element per line), for demos and diagnostics.
    public static func pretty(_ value: JSON, indent: Int = 2) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        writePretty(value, indent: max(0, indent), level: 0, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Pieces

    private static func writePretty(_ value: JSON, indent: Int, level: Int, into out: inout [UInt8]) {
        func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
        }
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i != 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                writePretty(element, indent: indent, level: level + 1, into: &out)
            }
            newline(level)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (i, (key, member)) in object.enumerated() {
                if i != 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                writePretty(member, indent: indent, level: level + 1, into: &out)
            }
            newline(level)
            out.append(UInt8(ascii: "}"))
        default:
            write(value, into: &out)
        }
    }

    @inline(__always)
    private static func appendLiteral(_ literal: StaticString, into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private static func writeInt(_ i: Int64, into out: inout [UInt8]) {
        if i < 0 { out.append(UInt8(ascii: "-")) }
        var m = i.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m % 10))
            m /= 10
        } while m != 0
        var a = start
        var b = out.count - 1
        while a < b {
            out.swapAt(a, b)
            a += 1
            b -= 1
        }
    }

    private static func writeDouble(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else {
            appendLiteral("null", into: &out)
            return
        }
        // Swift's description is the shortest text that reads back as the same
        // Double: "0.1", "3.0", "1e-07", "1e+16"; all of these are JSON numbers.
        var integral = true
        for c in d.description.utf8 {
            if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { integral = false }
            out.append(c)
        }
        if integral {
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "0"))
        }
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendEscaped($0, into: &out) }
        if done == nil {
            for c in s.utf8 {
                if needsEscape(c) {
                    appendEscape(c, into: &out)
                } else {
                    out.append(c)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ c: UInt8) -> Bool {
        c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\")
    }

    /// Appends `bytes` escaped, copying runs that need no escaping in bulk.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if needsEscape(c) {
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                appendEscape(c, into: &out)
                runStart = i + 1
            }
            i += 1
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    private static func appendEscape(_ c: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(c)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            let digits: StaticString = "0123456789abcdef"
            out.append(UInt8(ascii: "u"))
            out.append(UInt8(ascii: "0"))
            out.append(UInt8(ascii: "0"))
            out.append(digits.utf8Start[Int(c >> 4)])
            out.append(digits.utf8Start[Int(c & 0xF)])
        }
    }
}
