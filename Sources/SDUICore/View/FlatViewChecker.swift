/// Checks a view a binding wrote in the flat form itself (`FlatView`'s
/// layout), so the engine can keep the bytes as they are: how the Lua
/// binding hands over a factory's view with no packed form in between.
///
/// Bytes pass only when they are exactly what `PackedViewReader` writes for
/// some view it takes, so a view reads, diffs and shows the same whichever
/// way it came. That is: every node of a known kind, with no key and no
/// accessibility member (those take the packed way); only the kind's plain
/// string members, the required ones among them; an action, "disabled" and
/// children only on kinds that take them; texts of valid UTF-8; a style
/// that is a font alone (`{"font":"…"}`); an action written as the reader
/// writes it (`{"type":"…","payload":…}`, compact, strings escaped as
/// `ByteSink.appendEscaped` escapes them, integers only, object keys ASCII
/// with no escapes, in strictly ascending bytewise order, at most 16 a
/// object); nesting within the reader's limits; and no byte left over.
/// Anything else is refused (nil), and the binding takes the packed way,
/// whose errors say what is wrong. A view over its `ViewLimits` is refused
/// with `ViewLimitError`: its bytes before the walk, its nodes as they are
/// counted (one increment a node; the walk stops at the limit).
struct FlatViewChecker {
    private let bytes: UnsafeRawBufferPointer
    private let maxDepth: Int
    /// Most nodes, and how many were met so far.
    private let maxNodes: Int
    private var nodes = 0
    private var at = 0
    /// The kinds of the nodes checked so far, as `FlatView.kinds` holds them.
    private var kinds: UInt32 = 0
    /// `kindRules`, read once a view (a static is checked for being made at
    /// every use; one table, not three, is one reference to count).
    private let rules: [UInt64]

    /// The kinds of its nodes (`FlatView.kinds`) when `bytes` are a view
    /// as the engine itself would write it (see above); nil otherwise.
    /// Throws when they are over `limits`.
    static func check(_ bytes: UnsafeRawBufferPointer, maxDepth: Int, limits: ViewLimits = .unlimited)
        throws(ViewLimitError) -> UInt32?
    {
        guard bytes.count <= limits.bytes else { throw ViewLimitError(.bytes, limit: limits.bytes) }
        var checker = FlatViewChecker(bytes: bytes, maxDepth: maxDepth, maxNodes: limits.nodes)
        guard !bytes.isEmpty, checker.node(depth: 0), checker.at == bytes.count else {
            if checker.nodes > limits.nodes { throw ViewLimitError(.nodes, limit: limits.nodes) }
            return nil
        }
        return checker.kinds
    }

    private init(bytes: UnsafeRawBufferPointer, maxDepth: Int, maxNodes: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        rules = Self.kindRules
    }

    private static let takesAction: UInt8 = 1, takesDisabled: UInt8 = 2, isContainer: UInt8 = 4

    /// For each kind (by `index`): bits 0-15 its required content members
    /// (`PackedViewReader.requiredMasks`), 16-31 those read as plain
    /// strings (`plainMasks`), 32-39 its `takesAction`, `takesDisabled`
    /// and `isContainer` bits.
    private static let kindRules: [UInt64] = ViewNode.Kind.allCases.indices.map { i in
        let kind = ViewNode.Kind.allCases[i]
        let traits = (kind.takesAction ? takesAction : 0) | (kind.takesDisabled ? takesDisabled : 0)
            | (kind.isContainer ? isContainer : 0)
        return UInt64(PackedViewReader.requiredMasks[i]) | UInt64(PackedViewReader.plainMasks[i]) << 16
            | UInt64(traits) << 32
    }

    // MARK: Nodes

    /// One node and its subtree, at the reader's `depth` (children two deeper).
    private mutating func node(depth: Int) -> Bool {
        nodes += 1
        guard nodes <= maxNodes, depth < maxDepth, bytes.count - at >= FlatView.headerSize else { return false }
        let kind = Int(bytes[at])
        let flags = bytes[at + 1]
        let present = UInt16(bytes[at + 2]) | UInt16(bytes[at + 3]) << 8
        let children = Int(bytes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self))
        at += FlatView.headerSize
        let known = FlatView.styleFlag | FlatView.actionFlag | FlatView.disabledFlag
        guard kind < rules.count else { return false }
        let rule = rules[kind]
        let required = UInt16(truncatingIfNeeded: rule), plain = UInt16(truncatingIfNeeded: rule >> 16)
        guard flags & ~known == 0, present & required == required, present & ~plain == 0 else { return false }
        let trait = UInt8(truncatingIfNeeded: rule >> 32)
        kinds |= 1 << UInt32(kind)
        if flags & FlatView.actionFlag != 0 && trait & Self.takesAction == 0 { return false }
        if flags & FlatView.disabledFlag != 0 && trait & Self.takesDisabled == 0 { return false }
        if children > 0 && trait & Self.isContainer == 0 { return false }
        for _ in 0..<present.nonzeroBitCount where !textField() { return false }
        if flags & FlatView.styleFlag != 0 && !styleField() { return false }
        if flags & FlatView.actionFlag != 0 && !actionField(depth: depth + 1) { return false }
        // every node takes a header's bytes: a count beyond them is refused before the walk
        guard children <= (bytes.count - at) / FlatView.headerSize else { return false }
        for _ in 0..<children where !node(depth: depth + 2) { return false }
        return true
    }

    /// The next field's bounds: its bytes are `at..<end` afterwards; nil past the end.
    private mutating func field() -> Int? {
        guard bytes.count - at >= 4 else { return nil }
        let n = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
        at += 4
        guard n <= bytes.count - at else { return nil }
        return at + n
    }

    /// A content member: any valid UTF-8.
    private mutating func textField() -> Bool {
        guard let end = field() else { return false }
        let start = at
        at = end
        return validUTF8(start..<end)
    }

    /// A style that is a font alone: `{"font":"…"}`.
    private mutating func styleField() -> Bool {
        guard let end = field(), literal(#"{"font":""#, end: end) else { return false }
        let font = at
        guard let close = string(end: end), literal("}", end: end), at == end,
              !StyleStrings.mayHoldControl(UnsafeRawBufferPointer(rebasing: bytes[font..<close]), escaped: true)
        else { return false } // a font with an escape or a C1 control: the decoder's to judge (`StyleStrings`)
        return true
    }

    /// An action as `PackedJSON.action` writes it, `{"type":"…","payload":…}`
    /// with a type of one byte at least, read as a `PackedJSON` reader whose
    /// limit is `maxDepth - depth` reads it (the payload at nesting 1).
    private mutating func actionField(depth: Int) -> Bool {
        let limit = maxDepth - depth
        guard limit > 0, let end = field(), literal(#"{"type":""#, end: end) else { return false }
        let type = at
        guard let close = string(end: end), close > type, literal(#","payload":"#, end: end),
              value(depth: 1, limit: limit, end: end), literal("}", end: end), at == end
        else { return false }
        return true
    }

    // MARK: JSON as the engine writes it

    /// One JSON value at `at`, before `end`, as `PackedJSON.value` writes
    /// it at nesting `depth` with limit `limit`; moves past it.
    private mutating func value(depth: Int, limit: Int, end: Int) -> Bool {
        guard at < end else { return false }
        switch bytes[at] {
        case UInt8(ascii: "n"): return literal("null", end: end)
        case UInt8(ascii: "t"): return literal("true", end: end)
        case UInt8(ascii: "f"): return literal("false", end: end)
        case UInt8(ascii: "\""):
            at += 1
            return string(end: end) != nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return integer(end: end)
        case UInt8(ascii: "["):
            guard depth < limit else { return false }
            at += 1
            if literal("]", end: end) { return true }
            while true {
                guard value(depth: depth + 1, limit: limit, end: end) else { return false }
                if literal(",", end: end) { continue }
                return literal("]", end: end)
            }
        case UInt8(ascii: "{"):
            guard depth < limit else { return false }
            at += 1
            if literal("}", end: end) { return true }
            var previous: Range<Int>?
            for _ in 0..<16 {
                guard literal("\"", end: end) else { return false }
                let start = at
                guard let close = string(end: end) else { return false }
                let key = start..<close
                if let previous, !ascending(previous, key) { return false }
                previous = key
                guard plainKey(key), literal(":", end: end), value(depth: depth + 1, limit: limit, end: end) else {
                    return false
                }
                if literal(",", end: end) { continue }
                return literal("}", end: end)
            }
            return false // a 17th member: the reader leaves such objects to the decoders
        default:
            return false
        }
    }

    /// An integer as `ByteSink.writeInt` writes an `Int64`: no leading zero, no "-0".
    private mutating func integer(end: Int) -> Bool {
        var i = at
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let first = i
        while i < end && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
        let digits = i - first
        guard digits > 0, digits <= 19 else { return false }
        if bytes[first] == UInt8(ascii: "0") && (digits > 1 || negative) { return false }
        if digits == 19 {
            let bound: StaticString = negative ? "9223372036854775808" : "9223372036854775807"
            for k in 0..<19 where bytes[first + k] != bound.utf8Start[k] {
                guard bytes[first + k] < bound.utf8Start[k] else { return false }
                break
            }
        }
        at = i
        return true
    }

    /// A key the reader writes as it is: ASCII, with nothing escaped.
    private func plainKey(_ key: Range<Int>) -> Bool {
        for i in key where bytes[i] >= 0x80 || bytes[i] == UInt8(ascii: "\\") { return false }
        return true
    }

    /// Whether key `a` comes strictly before key `b` bytewise (a prefix first).
    private func ascending(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        for k in 0..<min(a.count, b.count) where bytes[a.lowerBound + k] != bytes[b.lowerBound + k] {
            return bytes[a.lowerBound + k] < bytes[b.lowerBound + k]
        }
        return a.count < b.count
    }

    /// Whether the bytes at `at`, before `end`, are `text`; moves past them if so.
    private mutating func literal(_ text: StaticString, end: Int) -> Bool {
        let n = text.utf8CodeUnitCount
        guard end - at >= n, equalBytes(bytes.baseAddress! + at, text.utf8Start, count: n) else { return false }
        at += n
        return true
    }

    /// A string's body from `at` (its opening quote read), escaped as
    /// `ByteSink.appendEscaped` escapes, before `end`: the index of its
    /// closing quote, with `at` just past it; nil when it is not so written.
    private mutating func string(end: Int) -> Int? {
        let start = at
        var i = at
        var high = false
        while i < end {
            // Eight bytes at a time past plain ASCII: no quote, backslash, control or high byte.
            while end - i >= 8 {
                let w = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                guard !Self.mayNeedLook(w) else { break }
                i += 8
            }
            guard i < end else { break }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                guard !high || validUTF8(start..<i) else { return nil }
                at = i + 1
                return i
            }
            if c == UInt8(ascii: "\\") {
                guard i + 1 < end else { return nil }
                switch bytes[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"),
                     UInt8(ascii: "b"), UInt8(ascii: "f"):
                    i += 2
                case UInt8(ascii: "u"):
                    // \u00XY, lowercase hex, for a control byte with no short escape
                    guard end - i >= 6, bytes[i + 2] == UInt8(ascii: "0"), bytes[i + 3] == UInt8(ascii: "0"),
                          let hi = Self.lowerHex(bytes[i + 4]), let lo = Self.lowerHex(bytes[i + 5])
                    else { return nil }
                    let byte = hi << 4 | lo
                    guard byte < 0x20, ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(byte) else { return nil }
                    i += 6
                default:
                    return nil
                }
                continue
            }
            guard c >= 0x20 else { return nil }
            if c >= 0x80 { high = true }
            i += 1
        }
        return nil
    }

    /// Whether some byte of `w` is a quote, a backslash, below 0x20 or above 0x7F
    /// (the "has a byte less than" trick; a high byte sets its own top bit).
    @inline(__always)
    private static func mayNeedLook(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        let q = w ^ (ones &* 0x22), b = w ^ (ones &* 0x5C)
        return ((w &- ones &* 0x20) | (q &- ones) | (b &- ones) | w) & highs != 0
    }

    private static func lowerHex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    private func validUTF8(_ range: Range<Int>) -> Bool {
        UTF8Check.isWellFormed(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }
}
