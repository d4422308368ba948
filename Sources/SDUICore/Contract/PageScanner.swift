/// Builds a `Page` straight from its bytes, without a `JSON` tree.
///
/// One pass checks everything `JSONParser.parse` checks (RFC 8259 syntax,
/// UTF-8, escapes, control characters, numbers, duplicate keys in every
/// object, the depth and size limits) and everything `Page(json:)` checks
/// (members, id and type strings, versions and requirements, fallbacks,
/// unique component ids). Each
/// component keeps its `data` as text in one copy of the input
/// (`JSONText`), parsed when a factory needs it.
///
/// It has no error messages: on any error it gives up (nil), and so it
/// does on the few valid inputs it leaves to the full path: a key with an
/// escape, a number whose magnitude might not fit a Double (more than 308
/// digits before the point, exponent included), two keys of an object
/// that are equal as strings but not as bytes (canonically equivalent: the
/// parser rejects them as duplicates), and anything that is not
/// a page (a server patch, say). The caller then runs `JSONParser.parse`
/// and `Page(json:)`, which accept or reject it with line:column and path.
/// When the scanner returns a page, it equals the one the full path builds.
enum PageScanner {
    /// The page in `bytes`, or nil to leave them to the full path.
    static func scan(_ bytes: UnsafeRawBufferPointer, options: JSONParseOptions) -> Page? {
        guard let source = bytes.baseAddress, !bytes.isEmpty, bytes.count <= options.maxBytes else { return nil }
        // The input is the caller's: one copy, which the page's components
        // share, with zero bytes after it. A zero byte is wrong wherever the
        // scanner looks, so it stops there without checking for the end,
        // and reading eight bytes at a time never leaves the copy.
        let buffer = [UInt8](unsafeUninitializedCapacity: bytes.count + Scanner.padding) { copy, initialized in
            let base = UnsafeMutableRawPointer(copy.baseAddress!)
            base.copyMemory(from: source, byteCount: bytes.count)
            (base + bytes.count).initializeMemory(as: UInt8.self, repeating: 0, count: Scanner.padding)
            initialized = bytes.count + Scanner.padding
        }
        return buffer.withUnsafeBufferPointer { view in
            var scanner = Scanner(buffer: buffer, base: view.baseAddress!, count: bytes.count, maxDepth: options.maxDepth)
            do {
                return try scanner.page()
            } catch {
                return nil
            }
        }
    }
}

// MARK: - Implementation

/// What the scanner throws to give up; the full path says what went wrong.
private struct GiveUp: Error {}

/// Where a key or an id sits in the input.
private struct Span {
    var start: Int
    var count: Int
}

/// A key just scanned: where it is, its first eight bytes (fewer, zero
/// filled, for a shorter key), and whether it is plain ASCII.
private struct Key {
    var span: Span
    var head: UInt64
    var isPlain: Bool
}

/// What a scanned string held besides plain ASCII.
private struct StringTraits: OptionSet {
    let rawValue: UInt8
    static let escapes = StringTraits(rawValue: 1)
    static let nonASCII = StringTraits(rawValue: 2)
}

/// The member names of the contract as `Key.head` values (the first eight
/// bytes, little-endian, zero filled), so a key is matched by its length
/// and one comparison; "components" has two bytes more.
private struct ContractNames {
    let id = head("id")
    let version = head("version")
    let components = head("components")
    let componentsTail = UInt64(UInt8(ascii: "t")) | UInt64(UInt8(ascii: "s")) << 8
    let type = head("type")
    let data = head("data")
    let fallback = head("fallback")
    let requires = head("requires")

    static func head(_ name: StaticString) -> UInt64 {
        var word: UInt64 = 0
        for k in 0..<min(8, name.utf8CodeUnitCount) { word |= UInt64(name.utf8Start[k]) << UInt64(8 * k) }
        return word
    }
}

private struct Scanner: ~Copyable {
    /// Zero bytes after the input in `buffer`: a full word at any position up to the end.
    static let padding = 8

    /// The copy of the input that `base` points into, for the components' `JSONText`.
    let buffer: [UInt8]
    /// The buffer's `JSONText.serial`.
    let serial = JSONText.nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue
    let base: UnsafePointer<UInt8>
    /// Bytes of input; `base[count]` is the first zero byte of the padding.
    let count: Int
    let maxDepth: Int
    let names = ContractNames()
    var pos = 0
    /// The keys of every open object, innermost last (one shared stack).
    var keys: UnsafeMutablePointer<Span>
    var keyCount = 0
    var keyCapacity = 64
    /// The key sets of open objects that check their keys as strings, innermost last.
    var keySets: [Set<String>] = []
    /// The ids of the page's components, and whether they are all plain
    /// ASCII without escapes (then equal ids have equal bytes).
    var ids: [Span] = []
    var idsArePlain = true
    /// Where the last component's own id was.
    var lastId = Span(start: 0, count: 0)
    var lastIdIsPlain = true
    /// Component types met so far, and where each was first seen: a type
    /// seen again is the same string, not a new one.
    var types: [String] = []
    var typeSpans: [Span] = []

    init(buffer: [UInt8], base: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.buffer = buffer
        self.base = base
        self.count = count
        self.maxDepth = maxDepth
        keys = .allocate(capacity: keyCapacity)
    }

    deinit {
        keys.deallocate()
    }

    // MARK: Page contract

    mutating func page() throws(GiveUp) -> Page {
        skipWhitespace()
        var page = Page(components: [])
        switch base[pos] {
        case Byte.openBracket: page.components = try componentList(depth: 1)
        case Byte.openBrace: page = try pageObject()
        default: throw GiveUp()
        }
        skipWhitespace()
        guard pos == count else { throw GiveUp() }
        try checkUniqueIds(page.components)
        return page
    }

    /// `{"id", "version", "requires", "components"}`, at its `{`.
    mutating func pageObject() throws(GiveUp) -> Page {
        try enter(depth: 1)
        var page = Page(components: [])
        var seen: UInt8 = 0
        skipWhitespace()
        while true {
            let key = try contractKey()
            let member: UInt8
            if key.span.count == 10, key.head == names.components,
               word(at: key.span.start + 8) & 0xFFFF == names.componentsTail
            {
                member = 1
                guard base[pos] == Byte.openBracket else { throw GiveUp() }
                page.components = try componentList(depth: 2)
            } else if key.span.count == 2, key.head == names.id {
                member = 2
                if base[pos] == UInt8(ascii: "n") {
                    try literal("null")
                } else {
                    page.id = try string()
                }
            } else if key.span.count == 7, key.head == names.version {
                member = 4
                page.version = try version(depth: 1)
            } else if key.span.count == 8, key.head == names.requires {
                member = 8
                page.requires = try requirements(depth: 1)
            } else {
                throw GiveUp()
            }
            guard seen & member == 0 else { throw GiveUp() }
            seen |= member
            guard try nextMember(Byte.closeBrace) else { break }
        }
        guard seen & 1 != 0 else { throw GiveUp() }
        return page
    }

    /// The components of a page, at its `[`.
    mutating func componentList(depth: Int) throws(GiveUp) -> [Component] {
        try enter(depth: depth)
        var components: [Component] = []
        skipWhitespace()
        if base[pos] == Byte.closeBracket {
            pos += 1
            return components
        }
        while true {
            components.append(try component(depth: depth + 1, inheritedId: nil))
            ids.append(lastId)
            if !lastIdIsPlain { idsArePlain = false }
            guard try nextMember(Byte.closeBracket) else { return components }
        }
    }

    /// `{"id", "type", "data", "version", "requires", "fallback"}`. A fallback passes
    /// `inheritedId`: its parent's id, or "" while the parent's id is not
    /// known yet (it comes later in the text; the parent fills it in).
    mutating func component(depth: Int, inheritedId: String?) throws(GiveUp) -> Component {
        guard base[pos] == Byte.openBrace else { throw GiveUp() }
        try enter(depth: depth)
        var id: String? = nil
        var type: String? = nil
        var dataStart = -1
        var dataEnd = -1
        var fallback: Component.Fallback? = nil
        var version: Version? = nil
        var requires = Requirements.none
        var seen: UInt8 = 0
        skipWhitespace()
        while true {
            let key = try contractKey()
            let member: UInt8
            if key.span.count == 2, key.head == names.id {
                member = 1
                guard base[pos] == Byte.quote else { throw GiveUp() }
                let open = pos
                let traits = try skipString(at: open)
                lastId = Span(start: open + 1, count: pos - open - 2)
                lastIdIsPlain = traits.isEmpty
                id = try string(open, traits, nonEmpty: true)
                // A C0 or C1 control (a plain id, ASCII with no escapes, holds
                // neither): the full path names it.
                if !lastIdIsPlain, id?.hasIdentifierControl == true { throw GiveUp() }
            } else if key.span.count == 4, key.head == names.type {
                member = 2
                type = try typeString()
            } else if key.span.count == 4, key.head == names.data {
                member = 4
                dataStart = pos
                try value(depth: depth)
                dataEnd = pos
            } else if key.span.count == 8, key.head == names.fallback {
                member = 8
                let idSpan = lastId, idIsPlain = lastIdIsPlain
                fallback = try fallbackValue(depth: depth, parentId: id ?? "")
                (lastId, lastIdIsPlain) = (idSpan, idIsPlain)
            } else if key.span.count == 7, key.head == names.version {
                member = 16
                version = try self.version(depth: depth)
            } else if key.span.count == 8, key.head == names.requires {
                member = 32
                requires = try requirements(depth: depth)
            } else {
                throw GiveUp()
            }
            guard seen & member == 0 else { throw GiveUp() }
            seen |= member
            guard try nextMember(Byte.closeBrace) else { break }
        }
        guard let type else { throw GiveUp() }
        let ownId: String
        if let id {
            ownId = id
        } else if let inheritedId {
            ownId = inheritedId
        } else {
            throw GiveUp()
        }
        if fallback != nil { fallback = Scanner.resolved(fallback, id: ownId) }
        // One return, so the component is built in place (two made it copy the one returned).
        let dataText = dataStart >= 0 ? JSONText(buffer: buffer, range: dataStart..<dataEnd, serial: serial) : nil
        return Component(id: ownId, type: type, dataText: dataText, version: version, requires: requires,
                         fallback: fallback)
    }

    /// A `version` member's value, checked as `Page(json:)` and
    /// `Component(json:)` check it (rare and short: the value is parsed).
    mutating func version(depth: Int) throws(GiveUp) -> Version? {
        let start = pos
        try value(depth: depth)
        do {
            return try Decode.version(JSONText(buffer: buffer, range: start..<pos, serial: serial).value, at: .root)
        } catch {
            throw GiveUp()
        }
    }

    /// A `requires` member's value, checked as the decoders check it.
    mutating func requirements(depth: Int) throws(GiveUp) -> Requirements {
        let start = pos
        try value(depth: depth)
        do {
            return try Decode.requirements(JSONText(buffer: buffer, range: start..<pos, serial: serial).value, at: .root)
        } catch {
            throw GiveUp()
        }
    }

    /// A fallback member's value: null, "drop" or a component.
    mutating func fallbackValue(depth: Int, parentId: String) throws(GiveUp) -> Component.Fallback? {
        switch base[pos] {
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case Byte.quote:
            guard try string() == "drop" else { throw GiveUp() }
            return .drop
        default:
            return .component(try component(depth: depth + 1, inheritedId: parentId))
        }
    }

    /// `fallback` once its parent's id is known: a fallback component still
    /// waiting for the id it inherits (an id of "": real ids are never
    /// empty) gets it, and so on down the fallbacks that inherit it too.
    @inline(never)
    static func resolved(_ fallback: Component.Fallback?, id: String) -> Component.Fallback? {
        guard !id.isEmpty, case .component(var replacement)? = fallback, replacement.id.isEmpty else { return fallback }
        replacement.id = id
        replacement.fallback = resolved(replacement.fallback, id: id)
        return .component(replacement)
    }

    /// Component ids are unique within the page, with `String`'s sameness
    /// (canonical equivalence), as `Page(json:)` checks them: when every id
    /// is plain ASCII that is sameness of bytes, checked in a hash table of
    /// their spans; otherwise in a set of the strings.
    func checkUniqueIds(_ components: [Component]) throws(GiveUp) {
        guard idsArePlain else {
            var seen = Set<String>(minimumCapacity: components.count)
            for component in components where !seen.insert(component.id).inserted { throw GiveUp() }
            return
        }
        var capacity = 16
        while capacity < 2 * ids.count { capacity *= 2 }
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer { slots.deallocate() }
        slots.initialize(repeating: -1, count: capacity)
        let shift = UInt64(64 - capacity.trailingZeroBitCount)
        for (i, id) in ids.enumerated() {
            var slot = Int(truncatingIfNeeded: hash(id) >> shift)
            while true {
                let other = Int(slots[slot])
                if other < 0 {
                    slots[slot] = Int32(truncatingIfNeeded: i)
                    break
                }
                if ids[other].count == id.count, sameBytes(ids[other].start, id.start, id.count) { throw GiveUp() }
                slot = (slot + 1) & (capacity - 1)
            }
        }
    }

    /// A hash of the bytes of `span`, eight at a time.
    func hash(_ span: Span) -> UInt64 {
        var h = UInt64(truncatingIfNeeded: span.count) &* 0x9E37_79B9_7F4A_7C15
        var k = 0
        while k < span.count {
            h = (h ^ word(at: span.start + k, count: span.count - k)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            k += 8
        }
        return h &* 0xBF58_476D_1CE4_E5B9
    }

    /// A member key of the page or a component, and the `:` after it;
    /// leaves `pos` at the value. Only plain ASCII keys: any other is not
    /// one the contract allows.
    @inline(__always)
    mutating func contractKey() throws(GiveUp) -> Key {
        let key = try self.key()
        guard key.isPlain else { throw GiveUp() }
        try colon()
        return key
    }

    /// A string value, decoded.
    mutating func string() throws(GiveUp) -> String {
        guard base[pos] == Byte.quote else { throw GiveUp() }
        let open = pos
        return try string(open, try skipString(at: open))
    }

    /// The string scanned from `open` (its opening quote) to `pos`, decoded.
    func string(_ open: Int, _ traits: StringTraits, nonEmpty: Bool = false) throws(GiveUp) -> String {
        let length = pos - open - 2
        guard length > 0 || !nonEmpty else { throw GiveUp() }
        if traits.contains(.escapes) { return decoded(open..<pos) }
        return String(decoding: UnsafeBufferPointer(start: base + open + 1, count: length), as: UTF8.self)
    }

    /// A component's type: a non-empty string, and one met before is
    /// handed back rather than made again.
    mutating func typeString() throws(GiveUp) -> String {
        guard base[pos] == Byte.quote else { throw GiveUp() }
        let open = pos
        let traits = try skipString(at: open)
        let span = Span(start: open + 1, count: pos - open - 2)
        guard span.count > 0 else { throw GiveUp() }
        if traits.contains(.escapes) {
            let type = decoded(open..<pos)
            if type.hasIdentifierControl { throw GiveUp() } // the full path names it
            return type
        }
        for (i, known) in typeSpans.enumerated()
            where known.count == span.count && sameBytes(known.start, span.start, span.count)
        {
            return types[i]
        }
        if hasControlBytes(span) { throw GiveUp() } // the full path names it
        let type = try string(open, traits)
        if types.count < 16 {
            types.append(type)
            typeSpans.append(span)
        }
        return type
    }

    /// The string literal at `literal` (quotes included), escapes decoded
    /// by the parser, which cannot fail on text the scanner accepted.
    func decoded(_ literal: Range<Int>) -> String {
        JSONText(buffer: buffer, range: literal, serial: serial).value.stringValue!
    }

    // MARK: JSON

    /// Checks one value starting at `pos` (no whitespace before it) and
    /// moves past it; containers in it are at `depth + 1`.
    mutating func value(depth: Int) throws(GiveUp) {
        switch base[pos] {
        case Byte.quote: _ = try skipString(at: pos)
        case Byte.openBrace: try object(depth: depth + 1)
        case Byte.openBracket: try array(depth: depth + 1)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    /// Counts a container's level against the depth limit (the root
    /// container is at depth 1, as in the parser) and steps over its bracket.
    @inline(__always)
    mutating func enter(depth: Int) throws(GiveUp) {
        guard depth <= maxDepth else { throw GiveUp() }
        pos += 1
    }

    mutating func object(depth: Int) throws(GiveUp) {
        try enter(depth: depth)
        skipWhitespace()
        if base[pos] == Byte.closeBrace {
            pos += 1
            return
        }
        let firstKey = keyCount
        // Duplicate keys: one bit a key, from its head and length, and keys
        // are compared only when their bits meet. Large objects and keys
        // that are not plain ASCII go to a set of strings instead.
        var bloom: UInt64 = 0
        var usesKeySet = false
        while true {
            let key = try self.key()
            if !usesKeySet && key.isPlain && keyCount - firstKey < 16 {
                let bit: UInt64 = 1 << (((key.head &+ UInt64(key.span.count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
                if bloom & bit != 0 { try checkNewKey(key.span, firstKey: firstKey) }
                bloom |= bit
                pushKey(key.span)
            } else {
                if !usesKeySet {
                    startKeySet(firstKey: firstKey)
                    usesKeySet = true
                }
                try insertInKeySet(key)
            }
            try colon()
            try value(depth: depth)
            guard try nextMember(Byte.closeBrace) else { break }
        }
        keyCount = firstKey
        if usesKeySet { keySets.removeLast() }
    }

    /// An object key at `pos`; gives up on escapes ("a" and "\u0061" are
    /// the same key, which only the full path sees).
    @inline(__always)
    mutating func key() throws(GiveUp) -> Key {
        guard base[pos] == Byte.quote else { throw GiveUp() }
        let start = pos + 1
        let head = word(at: start)
        let stops = stopBytes(head)
        let length = stops.trailingZeroBitCount >> 3
        if stops != 0 && base[start + length] == Byte.quote {
            // A plain key of fewer than eight bytes: its head is in hand.
            pos = start + length + 1
            return Key(span: Span(start: start, count: length), head: head & ((1 << UInt64(8 * length)) &- 1),
                       isPlain: true)
        }
        let traits = try skipString(at: pos)
        guard !traits.contains(.escapes) else { throw GiveUp() }
        // Plain and this far: eight bytes or more, all of the head the key's.
        return Key(span: Span(start: start, count: pos - start - 1), head: head, isPlain: traits.isEmpty)
    }

    /// Rejects `key` if the current object (keys from `firstKey`) has it already.
    /// (`mutating`, like `hex4` and `utf8Length`, only so that a call from a
    /// mutating method passes the scanner by reference: a borrowing call
    /// copied the whole scanner, 200 bytes, first.)
    @inline(never)
    mutating func checkNewKey(_ key: Span, firstKey: Int) throws(GiveUp) {
        for j in firstKey..<keyCount where keys[j].count == key.count && sameBytes(keys[j].start, key.start, key.count) {
            throw GiveUp()
        }
    }

    /// Moves the current object's keys (from `firstKey`) into a set of
    /// strings, where sameness is `String`'s (canonical equivalence), as in
    /// the parser; plain ASCII keys, compared by bytes until then, are the
    /// same either way.
    @inline(never)
    mutating func startKeySet(firstKey: Int) {
        var set = Set<String>(minimumCapacity: 2 * (keyCount - firstKey + 1))
        for j in firstKey..<keyCount { set.insert(text(of: keys[j])) }
        keySets.append(set)
    }

    @inline(never)
    mutating func insertInKeySet(_ key: Key) throws(GiveUp) {
        guard keySets[keySets.count - 1].insert(text(of: key.span)).inserted else { throw GiveUp() }
    }

    func text(of span: Span) -> String {
        String(decoding: UnsafeBufferPointer(start: base + span.start, count: span.count), as: UTF8.self)
    }

    @inline(__always)
    mutating func pushKey(_ key: Span) {
        if keyCount == keyCapacity { growKeys() }
        keys[keyCount] = key
        keyCount += 1
    }

    @inline(never)
    mutating func growKeys() {
        let bigger = UnsafeMutablePointer<Span>.allocate(capacity: keyCapacity * 2)
        bigger.moveInitialize(from: keys, count: keyCount)
        keys.deallocate()
        keys = bigger
        keyCapacity *= 2
    }

    /// Eight bytes at `i`, little-endian (the padding makes this safe up to the end).
    @inline(__always)
    func word(at i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    }

    /// The `count` bytes at `i` (all eight when `count` is 8 or more),
    /// zero filled; the bytes read past them stay inside the padding when
    /// they are part of the input.
    @inline(__always)
    func word(at i: Int, count: Int) -> UInt64 {
        let word = word(at: i)
        return count >= 8 ? word : word & ((1 << UInt64(8 * count)) &- 1)
    }

    /// Whether the unescaped string at `span` holds a control character an
    /// identifier refuses and a JSON string may carry raw: C1 (0xC2 0x80–0x9F).
    func hasControlBytes(_ span: Span) -> Bool {
        var i = span.start
        let end = span.start + span.count
        while i < end {
            if base[i] == 0xC2 && i + 1 < end && base[i + 1] >= 0x80 && base[i + 1] <= 0x9F { return true }
            i += 1
        }
        return false
    }

    func sameBytes(_ a: Int, _ b: Int, _ length: Int) -> Bool {
        equalBytes(UnsafeRawPointer(base + a), UnsafeRawPointer(base + b), count: length)
    }

    /// The `:` after a key, and the whitespace around it.
    @inline(__always)
    mutating func colon() throws(GiveUp) {
        if base[pos] != Byte.colon {
            skipWhitespace()
            guard base[pos] == Byte.colon else { throw GiveUp() }
        }
        pos += 1
        if base[pos] <= 0x20 { skipWhitespace() }
    }

    /// After a member or an element: true at `,` (and moves to what comes
    /// next), false at `close`.
    @inline(__always)
    mutating func nextMember(_ close: UInt8) throws(GiveUp) -> Bool {
        var c = base[pos]
        if c <= 0x20 {
            skipWhitespace()
            c = base[pos]
        }
        pos += 1
        if c == Byte.comma {
            if base[pos] <= 0x20 { skipWhitespace() }
            return true
        }
        guard c == close else { throw GiveUp() }
        return false
    }

    mutating func array(depth: Int) throws(GiveUp) {
        try enter(depth: depth)
        skipWhitespace()
        if base[pos] == Byte.closeBracket {
            pos += 1
            return
        }
        repeat {
            try value(depth: depth)
        } while try nextMember(Byte.closeBracket)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while true {
            switch base[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    /// `true`, `false` or `null`, compared byte by byte so none is read past the end.
    mutating func literal(_ word: StaticString) throws(GiveUp) {
        let text = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where base[pos + k] != text[k] { throw GiveUp() }
        pos += word.utf8CodeUnitCount
    }

    /// A number in RFC 8259's grammar. Its value is left for later, but
    /// one the parser would find out of range (a Double overflows past
    /// 1.8e308) must not pass: a number with more than 308 digits before
    /// the point, counting the exponent, gives up (below 10^308 is in range).
    mutating func number() throws(GiveUp) {
        if base[pos] == Byte.minus { pos += 1 }
        guard isDigit(base[pos]) else { throw GiveUp() }
        var magnitude = 1
        if base[pos] == Byte.zero {
            pos += 1
            if isDigit(base[pos]) { throw GiveUp() } // leading zero
        } else {
            pos += 1
            while isDigit(base[pos]) {
                magnitude += 1
                pos += 1
            }
        }
        if base[pos] == UInt8(ascii: ".") {
            pos += 1
            guard isDigit(base[pos]) else { throw GiveUp() }
            while isDigit(base[pos]) { pos += 1 }
        }
        if base[pos] | 0x20 == UInt8(ascii: "e") {
            try exponent(magnitude: magnitude)
        } else if magnitude > 308 {
            throw GiveUp()
        }
    }

    /// The exponent of a number with `magnitude` digits before the point.
    @inline(never)
    mutating func exponent(magnitude: Int) throws(GiveUp) {
        pos += 1
        var negative = false
        if base[pos] == Byte.minus || base[pos] == UInt8(ascii: "+") {
            negative = base[pos] == Byte.minus
            pos += 1
        }
        guard isDigit(base[pos]) else { throw GiveUp() }
        var exponent = 0
        while isDigit(base[pos]) {
            if exponent < 100_000 { exponent = exponent * 10 + Int(base[pos] &- Byte.zero) }
            pos += 1
        }
        guard magnitude + (negative ? -exponent : exponent) <= 308 else { throw GiveUp() }
    }

    @inline(__always)
    func isDigit(_ c: UInt8) -> Bool {
        c &- Byte.zero < 10
    }

    // MARK: Strings

    /// Checks the string whose opening quote is at `open` and moves past
    /// its closing one: escapes well formed (surrogates paired), no
    /// control characters, UTF-8 well formed.
    mutating func skipString(at open: Int) throws(GiveUp) -> StringTraits {
        pos = open + 1
        var traits: StringTraits = []
        while true {
            // Eight bytes at a time, as the parser does; the padding's zeros
            // stop an unterminated string.
            while true {
                let stops = stopBytes(word(at: pos))
                if stops != 0 {
                    pos += stops.trailingZeroBitCount >> 3
                    break
                }
                pos += 8
            }
            let c = base[pos]
            if c == Byte.quote {
                pos += 1
                return traits
            } else if c == Byte.backslash {
                traits.insert(.escapes)
                try skipEscape()
            } else if c >= 0x80 {
                traits.insert(.nonASCII)
                pos += try utf8Length(at: pos)
            } else {
                throw GiveUp() // a control character, or the end
            }
        }
    }

    /// The escape at `pos` (a backslash).
    mutating func skipEscape() throws(GiveUp) {
        switch base[pos + 1] {
        case Byte.quote, Byte.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            pos += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: pos + 2)
            pos += 6
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard base[pos] == Byte.backslash, base[pos + 1] == UInt8(ascii: "u") else { throw GiveUp() }
                let low = try hex4(at: pos + 2)
                guard low >= 0xDC00 && low <= 0xDFFF else { throw GiveUp() }
                pos += 6
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw GiveUp()
            }
        default:
            throw GiveUp()
        }
    }

    /// Four hex digits at `i`, read one by one so none is read past the end.
    mutating func hex4(at i: Int) throws(GiveUp) -> UInt32 {
        var v: UInt32 = 0
        for k in i..<(i + 4) {
            let c = base[k]
            let digit: UInt8
            switch c {
            case Byte.zero...Byte.nine: digit = c - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw GiveUp()
            }
            v = v << 4 | UInt32(digit)
        }
        return v
    }

    /// The length of the well-formed UTF-8 sequence whose first byte
    /// (0x80 or above) is at `i`: no overlong forms, surrogates or code
    /// points above U+10FFFF.
    mutating func utf8Length(at i: Int) throws(GiveUp) -> Int {
        let b0 = base[i]
        let length: Int
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: throw GiveUp()
        }
        // One by one: the padding's zero stops a truncated sequence.
        for k in 1..<length where base[i + k] & 0xC0 != 0x80 { throw GiveUp() }
        let b1 = base[i + 1]
        switch b0 {
        case 0xE0 where b1 < 0xA0, 0xF0 where b1 < 0x90, 0xED where b1 >= 0xA0, 0xF4 where b1 >= 0x90:
            throw GiveUp()
        default:
            return length
        }
    }
}
