/// Writes packed values (`PackedValue`'s layout) as the compact JSON text
/// `JSONWriter` writes for the same values, straight from the bytes, and
/// checks them as `PackedValue.read` does (bounds, tags, UTF-8, finite
/// numbers, depth, unique keys). Where a check would need more than a byte
/// test — an object key that is not ASCII (Unicode-equal keys are the same
/// key), an object of more than 16 members — it gives up (false), and the
/// caller takes the decoders' way, which decides.
struct PackedJSON {
    private let bytes: UnsafeRawBufferPointer
    private let maxDepth: Int
    private var at = 0

    init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Whether every byte was read.
    var done: Bool { at == bytes.count }

    /// An action object, `{"type": non-empty string, "payload"?: any}` and
    /// nothing else, written to `sink` as `{"type":…,"payload":…}`.
    mutating func action(into sink: inout ByteSink) -> Bool {
        guard maxDepth > 0, tag() == .object, let n = count(), n >= 1, n <= 2 else { return false }
        var type: Range<Int>?
        var payload: Range<Int>?
        for _ in 0..<n {
            guard let key = text() else { return false }
            let start = at
            if equal(key, "type"), type == nil, peek() == .string {
                at += 1
                guard let t = text(), !t.isEmpty else { return false }
                type = t
            } else if equal(key, "payload"), payload == nil {
                guard skip(depth: 1) else { return false }
                payload = start..<at
            } else {
                return false
            }
        }
        guard let type else { return false }
        let end = at
        sink.append(#"{"type":""#)
        escaped(type, into: &sink)
        sink.append(#"","payload":"#)
        if let payload {
            at = payload.lowerBound
            guard value(depth: 1, into: &sink) else { return false }
        } else {
            sink.append("null")
        }
        sink.append(UInt8(ascii: "}"))
        at = end
        return true
    }

    /// One value at `at`, written; `depth` is the nesting of the container it opens.
    private mutating func value(depth: Int, into sink: inout ByteSink) -> Bool {
        guard let t = tag() else { return false }
        switch t {
        case .null: sink.append("null")
        case .false: sink.append("false")
        case .true: sink.append("true")
        case .integer:
            guard bytes.count - at >= 8 else { return false }
            sink.writeInt(bytes.loadUnaligned(fromByteOffset: at, as: Int64.self))
            at += 8
        case .number:
            guard bytes.count - at >= 8 else { return false }
            let d = bytes.loadUnaligned(fromByteOffset: at, as: Double.self)
            guard d.isFinite else { return false }
            sink.writeDouble(d)
            at += 8
        case .string:
            guard let s = text() else { return false }
            sink.append(UInt8(ascii: "\""))
            escaped(s, into: &sink)
            sink.append(UInt8(ascii: "\""))
        case .array:
            guard depth < maxDepth, let n = count(), n <= bytes.count - at else { return false }
            sink.append(UInt8(ascii: "["))
            for i in 0..<n {
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                guard value(depth: depth + 1, into: &sink) else { return false }
            }
            sink.append(UInt8(ascii: "]"))
        case .object:
            guard depth < maxDepth, let n = count(), n <= 16 else { return false }
            var keys: [Range<Int>] = []
            keys.reserveCapacity(n)
            sink.append(UInt8(ascii: "{"))
            for i in 0..<n {
                guard let key = text(), isASCII(key), !keys.contains(where: { same($0, key) }) else { return false }
                keys.append(key)
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

    /// Steps over one value, checking only its bounds and tags.
    private mutating func skip(depth: Int) -> Bool {
        guard let t = tag() else { return false }
        switch t {
        case .null, .false, .true: return true
        case .integer, .number:
            guard bytes.count - at >= 8 else { return false }
            at += 8
            return true
        case .string:
            return text() != nil
        case .array:
            guard depth < maxDepth, let n = count(), n <= bytes.count - at else { return false }
            for _ in 0..<n where !skip(depth: depth + 1) { return false }
            return true
        case .object:
            guard depth < maxDepth, let n = count(), n <= bytes.count - at else { return false }
            for _ in 0..<n {
                guard text() != nil, skip(depth: depth + 1) else { return false }
            }
            return true
        }
    }

    // MARK: Bytes

    private func peek() -> PackedValue.Tag? {
        at < bytes.count ? PackedValue.Tag(rawValue: bytes[at]) : nil
    }

    private mutating func tag() -> PackedValue.Tag? {
        guard let t = peek() else { return nil }
        at += 1
        return t
    }

    private mutating func count() -> Int? {
        guard bytes.count - at >= 4 else { return nil }
        let n = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
        at += 4
        return n
    }

    /// A length and that many bytes of UTF-8 (a string's body, or a key): where they are.
    private mutating func text() -> Range<Int>? {
        guard let n = count(), n <= bytes.count - at else { return nil }
        let start = at
        at += n
        let utf8 = UnsafeBufferPointer(start: (bytes.baseAddress! + start).assumingMemoryBound(to: UInt8.self), count: n)
        for byte in utf8 where byte >= 0x80 {
            guard String(validating: utf8, as: UTF8.self) != nil else { return nil }
            break
        }
        return start..<at
    }

    private func escaped(_ range: Range<Int>, into sink: inout ByteSink) {
        sink.appendEscaped(UnsafeRawBufferPointer(rebasing: bytes[range]).bindMemory(to: UInt8.self))
    }

    private func isASCII(_ range: Range<Int>) -> Bool {
        !bytes[range].contains { $0 >= 0x80 }
    }

    private func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && bytes[a].elementsEqual(bytes[b])
    }

    private func equal(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount
            && bytes[range].elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
