/// The packed form of a JSON value: how values cross between the engine and
/// a language binding without JSON text (no number formatting or parsing,
/// no escapes, counts up front so the reader sizes its containers once).
///
/// A value is a tag byte and its body. Integers are in the host's byte order
/// and unaligned (both sides live in one process):
///
///     0x00 null    0x01 false    0x02 true
///     0x03 integer  Int64
///     0x04 number   Double (finite)
///     0x05 string   UInt32 length, then that many bytes of UTF-8
///     0x06 array    UInt32 count, then count values
///     0x07 object   UInt32 count, then count members: UInt32 key length,
///                   the key's UTF-8 bytes, the value
///
/// `include/sdui.h` documents the same layout for C (`sdui_call_packed`).
public enum PackedValue {
    /// Tag bytes.
    public enum Tag: UInt8 {
        case null = 0, `false`, `true`, integer, number, string, array, object
    }

    /// Why packed bytes were refused, with the offset of the offending byte.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        /// The value nests deeper than the reader's `maxDepth` (a limit, not a malformed value).
        public var tooDeep = false
        public var description: String { "packed value, byte \(offset): \(message)" }
    }

    // MARK: Writing

    /// The number of bytes `value` packs into.
    public static func size(of value: JSON) -> Int {
        switch value {
        case .null, .bool: return 1
        case .int, .double: return 9
        case .string(let s): return 5 + s.utf8.count
        case .array(let items):
            var n = 5
            for item in items { n += size(of: item) }
            return n
        case .object(let o):
            var n = 5
            for (key, member) in o { n += 4 + key.utf8.count + size(of: member) }
            return n
        }
    }

    /// Writes `value` at `out`, which holds at least `size(of: value)` bytes;
    /// returns the byte after it.
    @discardableResult
    public static func write(_ value: JSON, to out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        switch value {
        case .null: return put(.null, out)
        case .bool(let b): return put(b ? .true : .false, out)
        case .int(let i):
            out.storeBytes(of: Tag.integer.rawValue, as: UInt8.self)
            (out + 1).storeBytes(of: i, toByteOffset: 0, as: Int64.self)
            return out + 9
        case .double(let d):
            out.storeBytes(of: Tag.number.rawValue, as: UInt8.self)
            (out + 1).storeBytes(of: d, toByteOffset: 0, as: Double.self)
            return out + 9
        case .string(let s):
            return putText(s, after: put(.string, out))
        case .array(let items):
            var at = putCount(items.count, after: put(.array, out))
            for item in items { at = write(item, to: at) }
            return at
        case .object(let o):
            var at = putCount(o.count, after: put(.object, out))
            for (key, member) in o { at = write(member, to: putText(key, after: at)) }
            return at
        }
    }

    private static func put(_ tag: Tag, _ out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        out.storeBytes(of: tag.rawValue, as: UInt8.self)
        return out + 1
    }

    private static func putCount(_ n: Int, after out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        out.storeBytes(of: UInt32(truncatingIfNeeded: n), toByteOffset: 0, as: UInt32.self)
        return out + 4
    }

    /// A length-prefixed string (the length, then the UTF-8 bytes).
    private static func putText(_ s: String, after out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        var s = s
        return s.withUTF8 { utf8 in
            let at = putCount(utf8.count, after: out)
            if let base = utf8.baseAddress { at.copyMemory(from: base, byteCount: utf8.count) }
            return at + utf8.count
        }
    }

    // MARK: Reading

    /// Reads one packed value that spans all of `bytes`: checked for bounds,
    /// tags, UTF-8, finite numbers, duplicate keys and nesting deeper than
    /// `maxDepth` (the root container has depth 1).
    public static func read(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) throws(ReadError) -> JSON {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        let value = try reader.value(depth: 0)
        guard reader.at == bytes.count else {
            throw ReadError(offset: reader.at, message: "\(bytes.count - reader.at) bytes after the value")
        }
        return value
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let maxDepth: Int
        var at = 0

        func fail(_ message: String, at offset: Int) -> ReadError {
            ReadError(offset: offset, message: message)
        }

        func enter(_ depth: Int, at offset: Int) throws(ReadError) {
            guard depth < maxDepth else {
                var error = fail("nested deeper than \(maxDepth)", at: offset)
                error.tooDeep = true
                throw error
            }
        }

        mutating func need(_ n: Int, _ what: String) throws(ReadError) {
            guard n <= bytes.count - at else { throw fail("truncated \(what)", at: at) }
        }

        mutating func count(_ what: String) throws(ReadError) -> Int {
            try need(4, what)
            let n = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
            at += 4
            return n
        }

        mutating func text(_ what: String) throws(ReadError) -> String {
            let start = at
            let n = try count(what)
            try need(n, what)
            // `need` passed, so the bytes are not empty and baseAddress is set.
            let utf8 = UnsafeBufferPointer(start: (bytes.baseAddress! + at).assumingMemoryBound(to: UInt8.self), count: n)
            at += n
            guard let s = String(checkedUTF8: utf8) else {
                throw fail("\(what) is not valid UTF-8", at: start)
            }
            return s
        }

        mutating func value(depth: Int) throws(ReadError) -> JSON {
            try need(1, "value")
            let start = at
            let byte = bytes[at]
            at += 1
            guard let tag = Tag(rawValue: byte) else { throw fail("unknown tag \(byte)", at: start) }
            switch tag {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .integer:
                try need(8, "integer")
                defer { at += 8 }
                return .int(bytes.loadUnaligned(fromByteOffset: at, as: Int64.self))
            case .number:
                try need(8, "number")
                let d = bytes.loadUnaligned(fromByteOffset: at, as: Double.self)
                guard d.isFinite else { throw fail("number is not finite", at: start) }
                at += 8
                return .double(d)
            case .string:
                return .string(try text("string"))
            case .array:
                try enter(depth, at: start)
                let n = try count("array")
                // Every value takes a byte at least: a larger count cannot be right.
                guard n <= bytes.count - at else { throw fail("array count \(n) exceeds the bytes left", at: start) }
                var items: [JSON] = []
                items.reserveCapacity(n)
                for _ in 0..<n { items.append(try value(depth: depth + 1)) }
                return .array(items)
            case .object:
                try enter(depth, at: start)
                let n = try count("object")
                guard n <= (bytes.count - at) / 5 else { throw fail("object count \(n) exceeds the bytes left", at: start) }
                var keys: [String] = []
                var values: [JSON] = []
                keys.reserveCapacity(n)
                values.reserveCapacity(n)
                var seen: Set<String>? = n > 12 ? Set(minimumCapacity: n) : nil
                for _ in 0..<n {
                    let keyAt = at
                    let key = try text("key")
                    let duplicate = seen != nil ? !seen!.insert(key).inserted : keys.contains(key)
                    guard !duplicate else { throw fail("duplicate key \"\(key)\"", at: keyAt) }
                    keys.append(key)
                    values.append(try value(depth: depth + 1))
                }
                return .object(JSONObject(uniqueKeys: keys, values: values))
            }
        }
    }
}
