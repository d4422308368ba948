/// A strict RFC 8259 JSON parser producing `JSON` values.
///
/// Integers that fit in `Int64` become `.int`; every other number becomes
/// `.double`. Object member order is kept and duplicate keys are rejected
/// (or, on request, the last value of a key wins: `JSONParseOptions.duplicateKeys`).
public enum JSONParser {
    /// Parses one JSON document from UTF-8 bytes.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, options: JSONParseOptions = .init()
    ) throws(JSONParseError) -> JSON {
        var duplicates: [Int] = []
        return try parse(bytes, options: options, duplicates: &duplicates)
    }

    /// Parses one JSON document from UTF-8 bytes; with
    /// `options.duplicateKeys == .lastWins`, `duplicates` receives the byte
    /// offset of every key given again in its object (whose value was kept).
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, options: JSONParseOptions, duplicates: inout [Int]
    ) throws(JSONParseError) -> JSON {
        guard bytes.count <= options.maxBytes else {
            throw JSONParseError(
                kind: .tooLarge,
                message: "input is \(bytes.count) bytes, more than the limit of \(options.maxBytes) bytes",
                offset: 0, line: 1, column: 1, path: .root)
        }
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONParseError(
                kind: .syntax, message: "empty input, expected a JSON value",
                offset: 0, line: 1, column: 1, path: .root)
        }
        // The stacks start in memory of this frame (a small document, such
        // as an action, then allocates only what it returns).
        return try withUnsafeTemporaryAllocation(of: JSON.self, capacity: 32) { (values) throws(JSONParseError) in
            try withUnsafeTemporaryAllocation(of: String.self, capacity: 16) { (keys) throws(JSONParseError) in
                var parser = Parser(base: base, count: bytes.count, maxDepth: options.maxDepth,
                                    values: MoveStack(borrowing: values), keys: MoveStack(borrowing: keys))
                parser.lastWins = options.duplicateKeys == .lastWins
                do {
                    let value = try parser.parseDocument()
                    duplicates = parser.duplicates
                    return value
                } catch {
                    throw parser.located()
                }
            }
        }
    }

    /// The members of a document that is exactly an object of a string
    /// `type` (not empty) and, optionally, any `payload` (nil when absent),
    /// each once, in either order: an action, read without building the
    /// object around them. Nil for anything else, errors included: the
    /// caller then parses the document in full, which reports them.
    static func parseAction(_ bytes: UnsafeRawBufferPointer, options: JSONParseOptions) -> (type: String, payload: JSON?)? {
        guard bytes.count <= options.maxBytes, options.maxDepth >= 1, let base = bytes.baseAddress else { return nil }
        return withUnsafeTemporaryAllocation(of: JSON.self, capacity: 32) { values in
            withUnsafeTemporaryAllocation(of: String.self, capacity: 16) { keys in
                var parser = Parser(base: base, count: bytes.count, maxDepth: options.maxDepth,
                                    values: MoveStack(borrowing: values), keys: MoveStack(borrowing: keys))
                return try? parser.parseActionMembers()
            }
        }
    }

    /// Parses one JSON document from UTF-8 bytes.
    public static func parse(_ bytes: [UInt8], options: JSONParseOptions = .init()) throws(JSONParseError) -> JSON {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in try parse(raw, options: options) }
        }
        return try result.get()
    }

    /// Parses one JSON document from a string, reading its UTF-8 storage in place.
    public static func parse(_ text: String, options: JSONParseOptions = .init()) throws(JSONParseError) -> JSON {
        let direct = text.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer), options: options) }
        }
        if let direct { return try direct.get() }
        var copy = text
        let result = copy.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer), options: options) }
        }
        return try result.get()
    }
}

// MARK: - Implementation

/// A growable buffer of values used as one shared stack by the parser: the
/// members of every open container sit on it, and a finished container moves
/// its members out into an exactly sized array, with no reference counting.
/// It may start in memory it does not own (`init(borrowing:)`), which it
/// leaves for its own allocation when it outgrows it.
private struct MoveStack<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int
    /// Whether `base` was allocated here (and so is deallocated here).
    private var owned: Bool

    /// A stack in `buffer` (uninitialized, outliving the stack, not empty).
    init(borrowing buffer: UnsafeMutableBufferPointer<Element>) {
        capacity = buffer.count
        base = buffer.baseAddress!
        owned = false
    }

    deinit {
        base.deinitialize(count: count)
        if owned { base.deallocate() }
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        if owned { base.deallocate() }
        base = bigger
        owned = true
        capacity *= 2
    }

    /// Moves the top element into place `i` (below the top), replacing what was there.
    mutating func moveTop(to i: Int) {
        count -= 1
        (base + i).pointee = (base + count).move()
    }

    /// Removes the top element.
    mutating func dropTop() {
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    /// Moves the elements from `start` to the top out into an array.
    mutating func popArray(from start: Int) -> [Element] {
        // reserveCapacity + append is specialized and inlined; the
        // unsafeUninitializedCapacity initializer goes through a generic
        // runtime path that looks up type metadata on every call.
        var array: [Element] = []
        array.reserveCapacity(count - start)
        for i in start..<count {
            array.append((base + i).move())
        }
        count = start
        return array
    }
}

/// Powers of ten that are exact in a Double, for the fast decimal path.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// What parsing functions throw: the details of the failure wait in the
/// parser, so the error travelling up the recursion is empty and the hot
/// functions keep small frames.
private struct ParseStop: Error {}

private struct Parser: ~Copyable {
    let base: UnsafeRawPointer
    let count: Int
    let maxDepth: Int
    var pos = 0
    var depth = 0
    /// Keep the last value of a key given twice (`JSONParseOptions.duplicateKeys`).
    var lastWins = false
    /// Where each key given again starts, when `lastWins`.
    var duplicates: [Int] = []
    var values: MoveStack<JSON>
    var keys: MoveStack<String>
    /// Decoded bytes of a string that contains escapes.
    var scratch: [UInt8] = []
    /// The failure being reported, recorded where it is detected.
    var failureKind = JSONParseError.Kind.syntax
    var failureMessage = ""
    var failureOffset = 0
    /// Path segments of the failure, innermost first: each container level
    /// adds its own as the error passes through it.
    var failurePath: [JSONPath.Segment] = []

    init(base: UnsafeRawPointer, count: Int, maxDepth: Int, values: consuming MoveStack<JSON>,
         keys: consuming MoveStack<String>)
    {
        self.base = base
        self.count = count
        self.maxDepth = maxDepth
        self.values = values
        self.keys = keys
    }

    @inline(__always)
    func byte(_ i: Int) -> UInt8 {
        base.load(fromByteOffset: i, as: UInt8.self)
    }

    // MARK: Structure

    mutating func parseDocument() throws(ParseStop) -> JSON {
        if count >= 3, byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF {
            throw failure(.syntax, "byte order mark (U+FEFF) at the start of the input; JSON text must not begin with a BOM", at: 0)
        }
        let value = try parseValue()
        skipWhitespace()
        if pos < count {
            if case .invalid(let why) = checkUTF8(at: pos) {
                throw failure(.invalidUTF8, why, at: pos)
            }
            throw failure(.syntax, "unexpected data after the document", at: pos)
        }
        return value
    }

    /// `JSONParser.parseAction`'s work; throws (a bare stop) for anything
    /// but an action's object.
    mutating func parseActionMembers() throws(ParseStop) -> (type: String, payload: JSON?) {
        skipWhitespace()
        guard pos < count, byte(pos) == Byte.openBrace else { throw ParseStop() }
        try enterContainer()
        var type: String?
        var payload: JSON?
        while true {
            skipWhitespace()
            guard pos < count, byte(pos) == Byte.quote else { throw ParseStop() }
            // The two member names, as they are usually written, are
            // matched in place; anything else (escapes included) is read.
            let isType: Bool, isPayload: Bool
            if takeRawKey("type") {
                (isType, isPayload) = (true, false)
            } else if takeRawKey("payload") {
                (isType, isPayload) = (false, true)
            } else {
                let key = try parseString()
                (isType, isPayload) = (key == "type", key == "payload")
            }
            skipWhitespace()
            guard pos < count, byte(pos) == Byte.colon else { throw ParseStop() }
            pos += 1
            if isType && type == nil {
                skipWhitespace()
                guard pos < count, byte(pos) == Byte.quote else { throw ParseStop() }
                let value = try parseString()
                guard !value.isEmpty else { throw ParseStop() }
                type = value
            } else if isPayload && payload == nil {
                payload = try parseValue()
            } else {
                throw ParseStop()
            }
            skipWhitespace()
            guard pos < count else { throw ParseStop() }
            let c = byte(pos)
            pos += 1
            if c == Byte.comma { continue }
            if c == Byte.closeBrace { break }
            throw ParseStop()
        }
        depth -= 1
        skipWhitespace()
        guard pos == count, let type else { throw ParseStop() }
        return (type, payload)
    }

    /// At a string's opening quote: when the string is exactly `name`
    /// (ASCII, no escapes), moves past its closing quote and returns true.
    @inline(__always)
    mutating func takeRawKey(_ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard pos + n + 1 < count, byte(pos + n + 1) == Byte.quote else { return false }
        let text = name.utf8Start
        for i in 0..<n where byte(pos + 1 + i) != text[i] { return false }
        pos += n + 2
        return true
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while pos < count {
            switch byte(pos) {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(ParseStop) -> JSON {
        skipWhitespace()
        guard pos < count else { throw unexpected("expected a value", at: pos) }
        switch byte(pos) {
        case Byte.quote:
            return .string(try parseString())
        case Byte.openBrace:
            return try parseObject()
        case Byte.openBracket:
            return try parseArray()
        case Byte.minus, Byte.zero...Byte.nine:
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw unexpected("expected a value", at: pos)
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(ParseStop) {
        let text = literal.utf8Start
        for k in 0..<literal.utf8CodeUnitCount where pos + k >= count || byte(pos + k) != text[k] {
            throw literalError(literal, at: pos + k)
        }
        pos += literal.utf8CodeUnitCount
    }

    mutating func enterContainer() throws(ParseStop) {
        depth += 1
        if depth > maxDepth {
            throw tooDeepError()
        }
        pos += 1
    }

    mutating func parseArray() throws(ParseStop) -> JSON {
        try enterContainer()
        skipWhitespace()
        if pos < count, byte(pos) == Byte.closeBracket {
            pos += 1
            depth -= 1
            return .array([])
        }
        let start = values.count
        var index = 0
        while true {
            do throws(ParseStop) {
                values.push(try parseValue())
                skipWhitespace()
                guard pos < count else {
                    throw unexpected("expected ',' or ']' after an array element", at: pos)
                }
                let c = byte(pos)
                pos += 1
                if c == Byte.comma {
                    index += 1
                    continue
                }
                if c == Byte.closeBracket { break }
                throw unexpected("expected ',' or ']' after an array element", at: pos - 1)
            } catch {
                failurePath.append(.index(index))
                throw error
            }
        }
        depth -= 1
        return .array(values.popArray(from: start))
    }

    mutating func parseObject() throws(ParseStop) -> JSON {
        try enterContainer()
        skipWhitespace()
        if pos < count, byte(pos) == Byte.closeBrace {
            pos += 1
            depth -= 1
            return .object(JSONObject())
        }
        let keyStart = keys.count
        let valueStart = values.count
        var seen: Set<String>? = nil
        while true {
            skipWhitespace()
            guard pos < count, byte(pos) == Byte.quote else {
                throw unexpected("expected a string key", at: pos)
            }
            let keyOffset = pos
            let key = try parseString()
            let duplicate = isDuplicate(key, from: keyStart, seen: &seen)
            let keyIndex = keys.count
            keys.push(key)
            do throws(ParseStop) {
                if duplicate {
                    guard lastWins else { throw duplicateKeyError(keys.base[keyIndex], at: keyOffset) }
                    duplicates.append(keyOffset)
                }
                skipWhitespace()
                guard pos < count, byte(pos) == Byte.colon else {
                    throw unexpected("expected ':' after an object key", at: pos)
                }
                pos += 1
                values.push(try parseValue())
                if duplicate { // last wins: the value goes where the key was first
                    let first = (keyStart..<keyIndex).first { keys.base[$0] == keys.base[keyIndex] }!
                    values.moveTop(to: valueStart + (first - keyStart))
                    keys.dropTop()
                }
                skipWhitespace()
                guard pos < count else {
                    throw unexpected("expected ',' or '}' after an object member", at: pos)
                }
                let c = byte(pos)
                pos += 1
                if c == Byte.comma { continue }
                if c == Byte.closeBrace { break }
                throw unexpected("expected ',' or '}' after an object member", at: pos - 1)
            } catch {
                failurePath.append(.key(keys.base[keyIndex]))
                throw error
            }
        }
        depth -= 1
        return .object(JSONObject(uniqueKeys: keys.popArray(from: keyStart), values: values.popArray(from: valueStart)))
    }

    /// Whether `key` is already among the current object's keys: a linear
    /// scan for small objects, a set once the object grows past a dozen keys.
    @inline(__always)
    func isDuplicate(_ key: String, from keyStart: Int, seen: inout Set<String>?) -> Bool {
        if keys.count - keyStart >= 12 {
            return isDuplicateInLargeObject(key, from: keyStart, seen: &seen)
        }
        // String equality, as the set of a large object uses: keys that are
        // canonically equivalent ("é" and "e\u{301}", "K" and the Kelvin
        // sign) are the same key, whatever their byte lengths.
        for j in keyStart..<keys.count where keys.base[j] == key {
            return true
        }
        return false
    }

    @inline(never)
    func isDuplicateInLargeObject(_ key: String, from keyStart: Int, seen: inout Set<String>?) -> Bool {
        if seen == nil {
            var set = Set<String>(minimumCapacity: 2 * (keys.count - keyStart))
            for j in keyStart..<keys.count { set.insert(keys.base[j]) }
            seen = set
        }
        return !seen!.insert(key).inserted
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote.
    ///
    /// This and the other leaf parsers stay out of line so the recursive
    /// functions keep small stack frames.
    @inline(never)
    mutating func parseString() throws(ParseStop) -> String {
        pos += 1
        let start = pos
        try skipPlainText()
        if pos < count, byte(pos) == Byte.quote {
            let s = String(decoding: UnsafeRawBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
            pos += 1
            return s
        }
        return try parseEscapedString(from: start)
    }

    /// The slow path for a string with escapes: decodes into `scratch`.
    @inline(never)
    mutating func parseEscapedString(from start: Int) throws(ParseStop) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while true {
            guard pos < count else {
                throw failure(.syntax, "unterminated string, found end of input", at: pos)
            }
            scratch.append(contentsOf: UnsafeRawBufferPointer(start: base + runStart, count: pos - runStart))
            let c = byte(pos)
            if c == Byte.quote {
                pos += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if c == Byte.backslash {
                try decodeEscape()
            } else {
                throw failure(.syntax, "\(describe(at: pos)) must be escaped inside a string", at: pos)
            }
            runStart = pos
            try skipPlainText()
        }
    }

    /// Advances over string content that needs no decoding: ASCII other than
    /// `"`, `\` and control characters, and well-formed UTF-8 sequences.
    /// Stops at the first byte that ends or interrupts the plain run, or at the end.
    @inline(__always)
    mutating func skipPlainText() throws(ParseStop) {
        while true {
            // Eight bytes at a time: flag bytes that are '"', '\', < 0x20 or >= 0x80.
            while pos + 8 <= count {
                let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: pos, as: UInt64.self))
                let mask = stopBytes(w)
                if mask != 0 {
                    pos += mask.trailingZeroBitCount >> 3
                    break
                }
                pos += 8
            }
            guard pos < count else { return }
            let c = byte(pos)
            if c >= 0x80 {
                switch checkUTF8(at: pos) {
                case .valid(let n): pos += n
                case .invalid(let why): throw failure(.invalidUTF8, why, at: pos)
                }
            } else if c == Byte.quote || c == Byte.backslash || c < 0x20 {
                return
            } else {
                pos += 1
            }
        }
    }

    /// Decodes the escape at `pos` (a backslash) into `scratch`.
    mutating func decodeEscape() throws(ParseStop) {
        guard pos + 1 < count else {
            throw failure(.syntax, "unterminated string, found end of input", at: count)
        }
        let e = byte(pos + 1)
        let simple: UInt8
        switch e {
        case Byte.quote, Byte.backslash, Byte.slash: simple = e
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            try decodeUnicodeEscape()
            return
        default:
            if e >= 0x80, case .invalid(let why) = checkUTF8(at: pos + 1) {
                throw failure(.invalidUTF8, why, at: pos + 1)
            }
            throw failure(.syntax, "invalid escape: \(describe(at: pos + 1)) after '\\'", at: pos + 1)
        }
        scratch.append(simple)
        pos += 2
    }

    /// Decodes `\uXXXX` (and a following low surrogate escape) at `pos`.
    mutating func decodeUnicodeEscape() throws(ParseStop) {
        let escapeStart = pos
        let unit = try hex4(at: pos + 2)
        pos += 6
        var scalar = unit
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard pos + 1 < count, byte(pos) == Byte.backslash, byte(pos + 1) == UInt8(ascii: "u") else {
                throw failure(.syntax, "unpaired surrogate \\u\(hex4Digits(unit)): a high surrogate must be followed by a \\u low surrogate", at: escapeStart)
            }
            let low = try hex4(at: pos + 2)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw failure(.syntax, "unpaired surrogate \\u\(hex4Digits(unit)): followed by \\u\(hex4Digits(low)), not a low surrogate", at: escapeStart)
            }
            pos += 6
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
            throw failure(.syntax, "unpaired surrogate \\u\(hex4Digits(unit)): a low surrogate without a high surrogate before it", at: escapeStart)
        }
        appendUTF8(scalar)
    }

    /// Reads four hex digits at `i`.
    mutating func hex4(at i: Int) throws(ParseStop) -> UInt32 {
        var v: UInt32 = 0
        for k in i..<(i + 4) {
            guard k < count else {
                throw failure(.syntax, "unterminated string, found end of input", at: count)
            }
            let c = byte(k)
            let d: UInt8
            switch c {
            case Byte.zero...Byte.nine: d = c - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default:
                if c >= 0x80, case .invalid(let why) = checkUTF8(at: k) {
                    throw failure(.invalidUTF8, why, at: k)
                }
                throw failure(.syntax, "invalid \\u escape: expected 4 hex digits, found \(describe(at: k))", at: k)
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    mutating func appendUTF8(_ v: UInt32) {
        if v < 0x80 {
            scratch.append(UInt8(v))
        } else if v < 0x800 {
            scratch.append(UInt8(0xC0 | v >> 6))
            scratch.append(UInt8(0x80 | v & 0x3F))
        } else if v < 0x10000 {
            scratch.append(UInt8(0xE0 | v >> 12))
            scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | v & 0x3F))
        } else {
            scratch.append(UInt8(0xF0 | v >> 18))
            scratch.append(UInt8(0x80 | v >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// Checks the UTF-8 sequence whose first byte (>= 0x80) is at `i`.
    func checkUTF8(at i: Int) -> UTF8Check {
        UTF8Check(base, count: count, at: i)
    }

    // MARK: Numbers

    /// Parses a number: integers that fit Int64 by hand, others as Double.
    @inline(never)
    mutating func parseNumber() throws(ParseStop) -> JSON {
        let start = pos
        let negative = byte(pos) == Byte.minus
        if negative { pos += 1 }
        guard pos < count, isDigit(byte(pos)) else {
            throw unexpected("expected a digit after '-'", at: pos)
        }
        // All significant digits (integer and fraction) accumulate into
        // `mantissa` while it is exact; `digits` counts them without leading zeros.
        var mantissa: UInt64 = 0
        var digits = 0
        if byte(pos) == Byte.zero {
            pos += 1
            if pos < count, isDigit(byte(pos)) {
                throw failure(.syntax, "leading zeros are not allowed in numbers", at: pos - 1)
            }
        } else {
            while pos < count {
                let c = byte(pos)
                guard isDigit(c) else { break }
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(c &- Byte.zero) }
                digits += 1
                pos += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        if pos < count, byte(pos) == Byte.dot {
            isInteger = false
            pos += 1
            guard pos < count, isDigit(byte(pos)) else {
                throw unexpected("expected a digit after the decimal point", at: pos)
            }
            while pos < count {
                let c = byte(pos)
                guard isDigit(c) else { break }
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(c &- Byte.zero)
                    fractionDigits += 1
                    if mantissa != 0 { digits += 1 }
                } else {
                    digits += 1
                }
                pos += 1
            }
        }
        var exponent = 0
        if pos < count, byte(pos) | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            pos += 1
            var negativeExponent = false
            if pos < count, byte(pos) == Byte.minus || byte(pos) == Byte.plus {
                negativeExponent = byte(pos) == Byte.minus
                pos += 1
            }
            guard pos < count, isDigit(byte(pos)) else {
                throw unexpected("expected a digit in the exponent", at: pos)
            }
            while pos < count {
                let c = byte(pos)
                guard isDigit(c) else { break }
                if exponent < 100_000 { exponent = exponent * 10 + Int(c &- Byte.zero) }
                pos += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        if isInteger && digits <= 19 {
            if negative {
                if mantissa <= UInt64(Int64.max) { return .int(-Int64(mantissa)) }
                if mantissa == UInt64(Int64.max) + 1 { return .int(.min) }
            } else if mantissa <= UInt64(Int64.max) {
                return .int(Int64(mantissa))
            }
        }
        // Exact fast path: a mantissa below 2^53 and a power of ten that is
        // exact in a Double give a correctly rounded result in one operation.
        let scale = exponent - fractionDigits
        if digits <= 15 && scale >= -22 && scale <= 22 {
            var d = Double(mantissa)
            d = scale < 0 ? d / exactPowersOfTen[-scale] : d * exactPowersOfTen[scale]
            return .double(negative ? -d : d)
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw failure(.syntax, "number out of range", at: start)
        }
        return .double(d)
    }

    @inline(__always)
    func isDigit(_ c: UInt8) -> Bool {
        c &- Byte.zero < 10
    }

    // MARK: Errors

    @inline(never)
    mutating func tooDeepError() -> ParseStop {
        failure(.tooDeep, "arrays and objects nest deeper than the limit of \(maxDepth) levels", at: pos)
    }

    @inline(never)
    mutating func literalError(_ literal: StaticString, at offset: Int) -> ParseStop {
        unexpected("invalid literal, expected '\(literal)'", at: offset)
    }

    @inline(never)
    mutating func duplicateKeyError(_ key: String, at offset: Int) -> ParseStop {
        failure(.duplicateKey, "duplicate key \(JSONWriter.quoted(key))", at: offset)
    }

    /// Records a failure at `offset`; `located` turns it into the public error.
    @inline(never)
    mutating func failure(_ kind: JSONParseError.Kind, _ message: String, at offset: Int) -> ParseStop {
        failureKind = kind
        failureMessage = message
        failureOffset = offset
        return ParseStop()
    }

    /// A syntax error "<expectation>, found <what is at offset>", or an
    /// invalid-UTF-8 error when the byte found is not well-formed UTF-8.
    @inline(never)
    mutating func unexpected(_ expectation: String, at offset: Int) -> ParseStop {
        if offset < count, byte(offset) >= 0x80, case .invalid(let why) = checkUTF8(at: offset) {
            return failure(.invalidUTF8, why, at: offset)
        }
        return failure(.syntax, "\(expectation), found \(describe(at: offset))", at: offset)
    }

    /// Names what is at `i` for a message: `'x'`, `end of input`, `control character U+000A`.
    func describe(at i: Int) -> String {
        guard i < count else { return "end of input" }
        let c = byte(i)
        if c < 0x20 || c == 0x7F {
            return "control character U+00\(hex(UInt32(c)))"
        }
        if c < 0x80 {
            return "'\(Character(Unicode.Scalar(c)))'"
        }
        guard case .valid(let n) = checkUTF8(at: i) else { return "byte 0x\(hex(UInt32(c)))" }
        return "'" + String(decoding: UnsafeRawBufferPointer(start: base + i, count: n), as: UTF8.self) + "'"
    }

    /// A byte as two uppercase hex digits.
    func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return v < 0x10 ? "0" + s : s
    }

    /// A UTF-16 unit as four uppercase hex digits.
    func hex4Digits(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.utf8.count)) + s
    }

    /// The recorded failure as a public error: line and column of its
    /// offset, path in document order.
    func located() -> JSONParseError {
        var line = 1
        var lineStart = 0
        let end = min(failureOffset, count)
        for i in 0..<end where byte(i) == Byte.newline {
            line += 1
            lineStart = i + 1
        }
        var column = 1
        for i in lineStart..<end where byte(i) & 0xC0 != 0x80 {
            column += 1
        }
        return JSONParseError(
            kind: failureKind, message: failureMessage, offset: failureOffset, line: line, column: column,
            path: JSONPath(failurePath.reversed()))
    }
}
