/// An append-only byte buffer for the writer: appends need no uniqueness or
/// bounds checks beyond a capacity test, unlike appends to `[UInt8]`.
struct ByteSink: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    private(set) var count = 0
    private var capacity: Int

    /// The bytes `write` appends to a new sink of `capacity`.
    static func bytes(capacity: Int, _ write: (inout ByteSink) -> Void) -> [UInt8] {
        var sink = ByteSink(capacity: capacity)
        write(&sink)
        return sink.withBytes { [UInt8]($0) }
    }

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Forgets the bytes written, keeping the memory for the next ones.
    mutating func removeAll() {
        count = 0
    }

    func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count n: Int) {
        if capacity - count < n { grow(toHold: n) }
        (base + count).initialize(from: bytes, count: n)
        count += n
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Appends bytes already encoded (a cached piece of JSON).
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0.baseAddress!, count: $0.count) }
    }

    /// Appends the UTF-8 of `text` as is (the caller knows it needs no escaping).
    mutating func appendUnescaped(_ text: String) {
        var text = text
        text.withUTF8 { append($0.baseAddress!, count: $0.count) }
    }

    /// Overwrites four bytes already written, at `offset`, with `n` (a length known late).
    mutating func setCount(_ n: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= count, "setCount outside the bytes written")
        UnsafeMutableRawPointer(base + offset).storeBytes(of: n, as: UInt32.self)
    }

    @inline(never)
    private mutating func grow(toHold n: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < n { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    // MARK: Values

    mutating func write(_ value: JSON) {
        switch value {
        case .null:
            append("null")
        case .bool(let b):
            append(b ? "true" : "false")
        case .int(let i):
            writeInt(i)
        case .double(let d):
            writeDouble(d)
        case .string(let s):
            writeString(s)
        case .array(let elements):
            append(UInt8(ascii: "["))
            // Reading through spans saves a few reference-count operations.
            let elements = elements.span
            for i in elements.indices {
                if i != 0 { append(UInt8(ascii: ",")) }
                write(elements[i])
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            let keyArray = object.keys, valueArray = object.values
            let keys = keyArray.span
            let values = valueArray.span
            for i in keys.indices {
                if i != 0 { append(UInt8(ascii: ",")) }
                writeString(keys[i])
                append(UInt8(ascii: ":"))
                write(values[i])
            }
            append(UInt8(ascii: "}"))
        }
    }

    mutating func writePretty(_ value: JSON, indent: Int, level: Int) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            append(UInt8(ascii: "["))
            for i in elements.indices {
                if i != 0 { append(UInt8(ascii: ",")) }
                newline(indent: indent * (level + 1))
                writePretty(elements[i], indent: indent, level: level + 1)
            }
            newline(indent: indent * level)
            append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            append(UInt8(ascii: "{"))
            let keys = object.keys, values = object.values
            for i in keys.indices {
                if i != 0 { append(UInt8(ascii: ",")) }
                newline(indent: indent * (level + 1))
                writeString(keys[i])
                append(UInt8(ascii: ":"))
                append(UInt8(ascii: " "))
                writePretty(values[i], indent: indent, level: level + 1)
            }
            newline(indent: indent * level)
            append(UInt8(ascii: "}"))
        default:
            write(value)
        }
    }

    mutating func newline(indent: Int) {
        append(UInt8(ascii: "\n"))
        for _ in 0..<indent { append(UInt8(ascii: " ")) }
    }

    mutating func writeInt(_ i: Int64) {
        // Digits are produced backwards into a small stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var m = i.magnitude
            var k = 20
            repeat {
                k -= 1
                digits[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m % 10)
                m /= 10
            } while m != 0
            if i < 0 { append(UInt8(ascii: "-")) }
            append(digits.baseAddress! + k, count: 20 - k)
        }
    }

    mutating func writeDouble(_ d: Double) {
        guard d.isFinite else {
            append("null")
            return
        }
        // Swift's description is the shortest text that reads back as the same
        // Double: "0.1", "3.0", "1e-07", "1e+16"; all of these are JSON numbers.
        var integral = true
        for c in d.description.utf8 {
            if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { integral = false }
            append(c)
        }
        if integral {
            append(".0")
        }
    }

    mutating func writeString(_ s: String) {
        append(UInt8(ascii: "\""))
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if done == nil {
            for c in s.utf8 {
                if needsEscape(c) {
                    appendEscape(c)
                } else {
                    append(c)
                }
            }
        }
        append(UInt8(ascii: "\""))
    }

    @inline(__always)
    func needsEscape(_ c: UInt8) -> Bool {
        c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\")
    }

    /// Appends `bytes` escaped, copying runs that need no escaping in bulk.
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        let n = bytes.count
        var runStart = 0
        var i = 0
        while true {
            // Eight bytes at a time: flag '"', '\' and bytes below 0x20.
            while i + 8 <= n {
                let w = UInt64(littleEndian: UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let q = w ^ (ones &* 0x22)
                let b = w ^ (ones &* 0x5C)
                let mask = ((q &- ones) & ~q | (b &- ones) & ~b | (w &- ones &* 0x20) & ~w) & (ones &* 0x80)
                if mask != 0 {
                    i += mask.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < n else { break }
            let c = start[i]
            if needsEscape(c) {
                append(start + runStart, count: i - runStart)
                appendEscape(c)
                runStart = i + 1
            }
            i += 1
        }
        append(start + runStart, count: n - runStart)
    }

    mutating func appendEscape(_ c: UInt8) {
        switch c {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
            let digits: StaticString = "0123456789abcdef"
            append("\\u00")
            append(digits.utf8Start[Int(c >> 4)])
            append(digits.utf8Start[Int(c & 0xF)])
        }
    }
}
