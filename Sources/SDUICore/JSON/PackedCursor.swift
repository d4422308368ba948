/// A read position in packed bytes (`PackedValue`'s layout), and the steps
/// the fast readers of them share (`PackedViewReader`, `PackedJSON`): a tag,
/// a count, a length-prefixed UTF-8 text, a value stepped over. Every step
/// checks its bounds and answers nil or false on bytes it cannot take; the
/// caller then goes the long way (`PackedValue.read`), which says why.
struct PackedCursor {
    let bytes: UnsafeRawBufferPointer
    /// The deepest nesting `skip` steps into.
    let maxDepth: Int
    var at = 0

    init(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// How many bytes are left from `at`.
    var remaining: Int { bytes.count - at }

    /// The bytes of `range`.
    func slice(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// Where the bytes of `range` start.
    func pointer(_ range: Range<Int>) -> UnsafePointer<UInt8> {
        (bytes.baseAddress! + range.lowerBound).assumingMemoryBound(to: UInt8.self)
    }

    /// The tag at `at`, not consumed.
    @inline(__always)
    func peek() -> PackedValue.Tag? {
        at < bytes.count ? PackedValue.Tag(rawValue: bytes[at]) : nil
    }

    @inline(__always)
    mutating func tag() -> PackedValue.Tag? {
        guard let t = peek() else { return nil }
        at += 1
        return t
    }

    /// A four-byte count (of bytes, items or members).
    @inline(__always)
    mutating func count() -> Int? {
        guard remaining >= 4 else { return nil }
        let n = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
        at += 4
        return n
    }

    /// A length and that many bytes of valid UTF-8 (a string's body, or a
    /// key): where they are.
    mutating func text() -> Range<Int>? {
        guard let n = count(), n <= remaining else { return nil }
        let start = at
        at += n
        guard UTF8Check.isWellFormed(slice(start..<at)) else { return nil }
        return start..<at
    }

    /// Steps over one value at nesting `depth`, checking its bounds and
    /// tags, and its texts' UTF-8 when `checkingText` (a reader that reads
    /// the value again later leaves that to the second reading).
    mutating func skip(depth: Int, checkingText: Bool) -> Bool {
        guard let t = tag() else { return false }
        switch t {
        case .null, .false, .true:
            return true
        case .integer, .number:
            guard remaining >= 8 else { return false }
            at += 8
            return true
        case .string:
            return skipText(checking: checkingText)
        case .array:
            guard depth < maxDepth, let n = count(), n <= remaining else { return false }
            for _ in 0..<n where !skip(depth: depth + 1, checkingText: checkingText) { return false }
            return true
        case .object:
            guard depth < maxDepth, let n = count(), n <= remaining else { return false }
            for _ in 0..<n {
                guard skipText(checking: checkingText), skip(depth: depth + 1, checkingText: checkingText) else {
                    return false
                }
            }
            return true
        }
    }

    /// Steps over a length-prefixed text, its UTF-8 checked or not.
    @inline(__always)
    private mutating func skipText(checking: Bool) -> Bool {
        if checking { return text() != nil }
        guard let n = count(), n <= remaining else { return false }
        at += n
        return true
    }
}
