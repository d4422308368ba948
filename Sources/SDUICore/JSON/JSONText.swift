/// One JSON value kept as its text: a range of a byte buffer that
/// `PageScanner` has already checked under the engine's limits, shared by
/// everything scanned from the same input. The value is parsed each time it
/// is read; nothing is cached, so the type stays an immutable value (and
/// `Sendable` with no locks) and a page holds its input bytes, not a tree.
struct JSONText: Sendable {
    /// The whole input the value was scanned from; never mutated, so copies share it.
    let buffer: [UInt8]
    /// Where the value sits in `buffer`, without surrounding whitespace.
    let range: Range<Int>
    /// Names `buffer` for the life of the process: every text scanned from
    /// one input shares it, and no other input has it (`ComponentData`'s token).
    let serial: UInt64

    /// The value. Parsing cannot fail: the scanner applied every rule the
    /// parser applies, and the depth and size limits to the whole input,
    /// so the parse runs here without limits.
    var value: JSON {
        let unlimited = JSONParseOptions(maxDepth: .max, maxBytes: .max)
        let parsed = buffer.withUnsafeBytes { bytes in
            Result { () throws(JSONParseError) in
                try JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[range]), options: unlimited)
            }
        }
        switch parsed {
        case .success(let value): return value
        case .failure(let error): preconditionFailure("JSONText holds text the scanner accepted and the parser rejects: \(error)")
        }
    }

    /// Whether both hold the same bytes, in which case their values are
    /// identical (`JSON.isIdentical`); different bytes may still be
    /// identical values (whitespace, escapes, `1e2` and `100.0`).
    func hasSameBytes(as other: JSONText) -> Bool {
        guard range.count == other.range.count else { return false }
        return buffer.withUnsafeBytes { a in
            other.buffer.withUnsafeBytes { b in
                equalBytes(a.baseAddress! + range.lowerBound, b.baseAddress! + other.range.lowerBound,
                           count: range.count)
            }
        }
    }
}

/// Whether the `count` bytes at `a` and at `b` are the same, eight at a time.
func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count n: Int) -> Bool {
    if a == b { return true }
    var i = 0
    while i + 8 <= n {
        if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
            return false
        }
        i += 8
    }
    while i < n {
        if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
        i += 1
    }
    return true
}
