/// Finds where a value sits in the JSON text it was parsed from.
///
/// Contract errors are found on parsed values and carry only a `JSONPath`;
/// the engine uses this to add the line:column a server author needs. It
/// runs on the error path only and assumes the text is well-formed JSON.
public enum JSONLocator {
    /// Byte offset where the value at `path` starts, or nil when the path is absent.
    public static func offset(of path: JSONPath, in bytes: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        skipSpace(bytes, &i)
        for segment in path.segments {
            guard i < bytes.count else { return nil }
            switch (segment, bytes[i]) {
            case (.index(let n), UInt8(ascii: "[")):
                i += 1
                skipSpace(bytes, &i)
                var k = 0
                while k < n {
                    guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return nil }
                    skipValue(bytes, &i)
                    skipSpace(bytes, &i)
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                    skipSpace(bytes, &i)
                    k += 1
                }
                guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return nil }
            case (.key(let key), UInt8(ascii: "{")):
                i += 1
                var found = false
                while !found {
                    skipSpace(bytes, &i)
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                    let start = i
                    skipString(bytes, &i)
                    // Keys compare after decoding, so escaped spellings match too.
                    let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
                    let name = try? JSONParser.parse(raw)
                    skipSpace(bytes, &i)
                    i += 1 // the colon
                    skipSpace(bytes, &i)
                    if name == .string(key) {
                        found = true
                    } else {
                        skipValue(bytes, &i)
                        skipSpace(bytes, &i)
                        guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
                        i += 1
                    }
                }
            default:
                return nil
            }
        }
        return i
    }

    /// The path of the member whose key starts at byte `target` (a key the
    /// parser reported, such as one given twice), or nil when no key starts there.
    public static func path(ofKeyAt target: Int, in bytes: UnsafeRawBufferPointer) -> JSONPath? {
        var i = 0
        var segments: [JSONPath.Segment] = []
        return find(target, bytes, &i, &segments)
    }

    /// Walks the value at `i` (to its end) looking for a key at `target`;
    /// `segments` is the value's path, left as it was.
    private static func find(_ target: Int, _ b: UnsafeRawBufferPointer, _ i: inout Int,
                             _ segments: inout [JSONPath.Segment]) -> JSONPath?
    {
        skipSpace(b, &i)
        guard i < b.count, b[i] == UInt8(ascii: "{") || b[i] == UInt8(ascii: "[") else {
            skipValue(b, &i)
            return nil
        }
        let object = b[i] == UInt8(ascii: "{")
        i += 1
        var index = 0
        while true {
            skipSpace(b, &i)
            guard i < b.count, b[i] != UInt8(ascii: "}"), b[i] != UInt8(ascii: "]") else {
                i += 1
                return nil
            }
            if object {
                let start = i
                skipString(b, &i)
                guard case .string(let key)? = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: b[start..<i]))
                else { return nil }
                segments.append(.key(key))
                if start == target { return JSONPath(segments) }
                skipSpace(b, &i)
                i += 1 // the colon
            } else {
                segments.append(.index(index))
                index += 1
            }
            let found = find(target, b, &i, &segments)
            segments.removeLast()
            if let found { return found }
            skipSpace(b, &i)
            if i < b.count, b[i] == UInt8(ascii: ",") { i += 1 }
        }
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    public static func lineColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1 // count lead bytes only: one per scalar
            }
            i += 1
        }
        return (line, column)
    }

    private static func skipSpace(_ b: UnsafeRawBufferPointer, _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private static func skipString(_ b: UnsafeRawBufferPointer, _ i: inout Int) {
        i += 1
        while i < b.count, b[i] != UInt8(ascii: "\"") {
            i += b[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        i += 1
    }

    private static func skipValue(_ b: UnsafeRawBufferPointer, _ i: inout Int) {
        guard i < b.count else { return }
        switch b[i] {
        case UInt8(ascii: "\""):
            skipString(b, &i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                let c = b[i]
                if c == UInt8(ascii: "\"") {
                    skipString(b, &i)
                    continue
                }
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
                if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
                i += 1
            } while depth > 0 && i < b.count
        default:
            while i < b.count, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: "}"), b[i] != UInt8(ascii: "]"),
                  b[i] != 0x20, b[i] != 0x0A, b[i] != 0x0D, b[i] != 0x09
            {
                i += 1
            }
        }
    }
}
