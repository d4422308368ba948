/// Writes packed values (`PackedValue`'s layout) as the compact JSON text
/// `JSONWriter` writes for the same values, straight from the bytes, and
/// checks them as `PackedValue.read` does (bounds, tags, UTF-8, finite
/// numbers, depth, unique keys). Where a check would need more than a byte
/// test — an object key that is not ASCII (Unicode-equal keys are the same
/// key), an object of more than 16 members, keys out of bytewise order
/// (the Lua binding packs them sorted, so ascending keys are unique with no
/// list of them kept) — it gives up (false), and the caller takes the
/// decoders' way, which decides.
struct PackedJSON {
    private var cursor: PackedCursor

    init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        cursor = PackedCursor(bytes, maxDepth: maxDepth)
    }

    /// Whether every byte was read.
    var done: Bool { cursor.at == cursor.bytes.count }

    /// An action object, `{"type": non-empty string, "payload"?: any}` and
    /// nothing else, written to `sink` as `{"type":…,"payload":…}`.
    mutating func action(into sink: inout ByteSink) -> Bool {
        guard cursor.maxDepth > 0, cursor.tag() == .object, let n = cursor.count(), n >= 1, n <= 2 else { return false }
        var type: Range<Int>?
        var payload: Range<Int>?
        for _ in 0..<n {
            guard let key = cursor.text() else { return false }
            let start = cursor.at
            if equal(key, "type"), type == nil, cursor.peek() == .string {
                cursor.at += 1
                guard let t = cursor.text(), !t.isEmpty else { return false }
                type = t
            } else if equal(key, "payload"), payload == nil {
                guard cursor.skip(depth: 1, checkingText: true) else { return false }
                payload = start..<cursor.at
            } else {
                return false
            }
        }
        guard let type else { return false }
        let end = cursor.at
        sink.append(#"{"type":""#)
        escaped(type, into: &sink)
        sink.append(#"","payload":"#)
        if let payload {
            cursor.at = payload.lowerBound
            guard value(depth: 1, into: &sink) else { return false }
        } else {
            sink.append("null")
        }
        sink.append(UInt8(ascii: "}"))
        cursor.at = end
        return true
    }

    /// One value at `at`, written; `depth` is the nesting of the container it opens.
    private mutating func value(depth: Int, into sink: inout ByteSink) -> Bool {
        guard let t = cursor.tag() else { return false }
        switch t {
        case .null: sink.append("null")
        case .false: sink.append("false")
        case .true: sink.append("true")
        case .integer:
            guard cursor.remaining >= 8 else { return false }
            sink.writeInt(cursor.bytes.loadUnaligned(fromByteOffset: cursor.at, as: Int64.self))
            cursor.at += 8
        case .number:
            guard cursor.remaining >= 8 else { return false }
            let d = cursor.bytes.loadUnaligned(fromByteOffset: cursor.at, as: Double.self)
            guard d.isFinite else { return false }
            sink.writeDouble(d)
            cursor.at += 8
        case .string:
            guard let s = cursor.text() else { return false }
            sink.append(UInt8(ascii: "\""))
            escaped(s, into: &sink)
            sink.append(UInt8(ascii: "\""))
        case .array:
            guard depth < cursor.maxDepth, let n = cursor.count(), n <= cursor.remaining else { return false }
            sink.append(UInt8(ascii: "["))
            for i in 0..<n {
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                guard value(depth: depth + 1, into: &sink) else { return false }
            }
            sink.append(UInt8(ascii: "]"))
        case .object:
            guard depth < cursor.maxDepth, let n = cursor.count(), n <= 16 else { return false }
            var previous: Range<Int>?
            sink.append(UInt8(ascii: "{"))
            for i in 0..<n {
                guard let key = cursor.text(), isASCII(key) else { return false }
                if let previous, !ascending(previous, key) { return false }
                previous = key
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                sink.append(UInt8(ascii: "\""))
                escaped(key, into: &sink)
                sink.append(#"":"#)
                guard value(depth: depth + 1, into: &sink) else { return false }
            }
            sink.append(UInt8(ascii: "}"))
        }
        return true
    }

    // MARK: Bytes

    private func escaped(_ range: Range<Int>, into sink: inout ByteSink) {
        sink.appendEscaped(cursor.slice(range).bindMemory(to: UInt8.self))
    }

    private func isASCII(_ range: Range<Int>) -> Bool {
        let p = cursor.pointer(range)
        for i in 0..<range.count where p[i] >= 0x80 { return false }
        return true
    }

    /// Whether key `a` comes strictly before key `b` bytewise (a prefix first),
    /// the order the Lua binding packs an object's keys in.
    private func ascending(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        let x = cursor.pointer(a), y = cursor.pointer(b)
        for i in 0..<min(a.count, b.count) where x[i] != y[i] { return x[i] < y[i] }
        return a.count < b.count
    }

    private func equal(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount
            && equalBytes(cursor.pointer(range), literal.utf8Start, count: range.count)
    }
}
