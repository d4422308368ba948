/// Reads a view tree from its packed form (`PackedValue`'s layout) straight
/// into its flat form (`FlatView`), in one pass, with no `JSON` value and no
/// `ViewNode` in between: how a binding hands the engine a factory's whole
/// view in one call.
///
/// Only the common shape is read here: objects of known members whose
/// strings, booleans, children, style and action are what the contract expects.
/// Anything else — bad bytes, an unknown member, a value of the wrong kind,
/// a duplicate member, a node key, nesting at the depth limit, a node the
/// contract refuses — makes `read` return nil, and the caller decodes the
/// bytes the long way (`PackedValue.read`, then `ViewNode(json:)`), which
/// says exactly what is wrong. So a view read here is the one the long way
/// builds, and every error reads as it does there. A view over its
/// `ViewLimits` is refused with `ViewLimitError` as soon as its nodes, or
/// the bytes written, pass the limit (one increment and one comparison a
/// node), before more is written.
struct PackedViewReader: ~Copyable {
    private var cursor: PackedCursor
    private var out: ByteSink
    private let limits: ViewLimits
    /// The nodes read so far, and which limit stopped the reading (nil: none).
    private var nodes = 0
    private var over: ViewLimitError.Which?
    /// The kinds of the nodes written so far, as `FlatView.kinds` holds them.
    private var kinds: UInt32 = 0
    /// `names`, read once a view (a static is checked for being made at every use).
    private let table: NameTable

    /// The flat view the packed value in `bytes` describes, or nil (see above).
    /// Throws when the view is over `limits`.
    static func read(_ bytes: UnsafeRawBufferPointer, maxDepth: Int, limits: ViewLimits = .unlimited)
        throws(ViewLimitError) -> FlatView?
    {
        var reader = PackedViewReader(bytes: bytes, maxDepth: maxDepth, limits: limits)
        guard reader.node(depth: 0), reader.cursor.at == bytes.count, reader.out.count <= limits.bytes else {
            if let over = reader.over { throw ViewLimitError(over, limit: over == .nodes ? limits.nodes : limits.bytes) }
            if reader.out.count > limits.bytes { throw ViewLimitError(.bytes, limit: limits.bytes) }
            return nil
        }
        return FlatView(bytes: reader.out.withBytes { [UInt8]($0) }, kinds: reader.kinds)
    }

    private init(bytes: UnsafeRawBufferPointer, maxDepth: Int, limits: ViewLimits) {
        cursor = PackedCursor(bytes, maxDepth: maxDepth)
        out = ByteSink(capacity: min(bytes.count, limits.bytes))
        table = Self.names
        self.limits = limits
    }

    /// A node member the reader knows by name: its index in `names`.
    private enum Member {
        static let type = 0, id = 1, key = 2, style = 3, action = 4, children = 5, disabled = 6, accessibility = 7
        /// String content members ("text", "url"…) follow, each name once.
        static let firstContent = 8
    }

    /// A string value's bytes, where they are in `bytes`.
    private typealias Text = Range<Int>

    /// A node's own members, found while reading it: where their values are.
    private struct Members {
        var type: Text?
        var contents = Slots<(Int, Text)>() // (index in `names`, value)
        var style: Range<Int>?
        var action: Range<Int>?
        var nullAction = false
        var accessibility: Range<Int>?
        /// "disabled" was given (true or false), and its value.
        var hasDisabled = false
        var disabled = false
    }

    /// One node, written to `out`. Its members are found first (the kind is
    /// known only once "type" is read), then written in the flat order; when
    /// "children" comes last (as the Lua binding lays nodes out) they are read
    /// in place, else stepped over and read after the node's own fields.
    private mutating func node(depth: Int) -> Bool {
        nodes += 1
        guard nodes <= limits.nodes, out.count <= limits.bytes else {
            over = nodes > limits.nodes ? .nodes : .bytes
            return false
        }
        guard depth < cursor.maxDepth, cursor.tag() == .object, let n = cursor.count(), n <= 16 else { return false }
        var members = Members()
        var children: (count: Int, start: Int)?
        var seen: UInt64 = 0 // one bit per member read: a name twice goes the long way
        for i in 0..<n {
            guard let (member, bit) = memberName(), seen & bit == 0 else { return false }
            seen |= bit
            let valueStart = cursor.at
            switch (member, cursor.peek()) {
            case (Member.type, .string?):
                guard let t = text() else { return false }
                members.type = t
            case (Member.id, .string?):
                guard text() != nil else { return false } // the engine gives ids
            case (Member.firstContent..., .string?):
                guard let t = text(), members.contents.append((member, t)) else { return false }
            case (Member.style, .string?), (Member.style, .object?):
                guard cursor.skip(depth: depth + 1, checkingText: false) else { return false }
                members.style = valueStart..<cursor.at
            case (Member.action, .object?):
                guard cursor.skip(depth: depth + 1, checkingText: false) else { return false }
                members.action = valueStart..<cursor.at
            case (Member.action, .null?):
                cursor.at += 1
                members.nullAction = true
            case (Member.accessibility, .object?):
                guard cursor.skip(depth: depth + 1, checkingText: false) else { return false }
                members.accessibility = valueStart..<cursor.at
            case (Member.disabled, .true?), (Member.disabled, .false?):
                members.hasDisabled = true
                members.disabled = cursor.tag() == .true
            case (Member.children, .array?):
                cursor.at += 1
                guard depth + 1 < cursor.maxDepth, let count = cursor.count(), count <= cursor.remaining else {
                    return false
                }
                if i == n - 1 { // the last member: the node is known, its children follow in place
                    guard writeOwn(members, children: count, depth: depth) else { return false }
                    for _ in 0..<count where !node(depth: depth + 2) { return false }
                    return true
                }
                children = (count, cursor.at)
                for _ in 0..<count where !cursor.skip(depth: depth + 2, checkingText: false) { return false }
            default:
                return false // a key, or a value of another kind: the long way
            }
        }
        let end = cursor.at
        guard writeOwn(members, children: children?.count, depth: depth) else { return false }
        if let (count, start) = children {
            cursor.at = start
            for _ in 0..<count where !node(depth: depth + 2) { return false }
            cursor.at = end
        }
        return true
    }

    /// Checks a node's own members against its kind and writes its header
    /// and fields in the flat order; false when the long way must decide.
    /// `children` is nil when the node has no "children" member.
    private mutating func writeOwn(_ members: Members, children: Int?, depth: Int) -> Bool {
        guard let type = members.type, let kind = kind(type) else { return false }
        let contents = members.contents
        let slots = Self.contentSlots[Int(kind.index)]
        var present: UInt16 = 0
        var ordered = Slots<Text>()
        for position in 0..<slots.count {
            for j in 0..<contents.count where contents[j].0 == slots[position] {
                present |= 1 << UInt16(position)
                _ = ordered.append(contents[j].1)
            }
        }
        guard ordered.count == contents.count else { return false } // a member the kind does not take
        let required = Self.requiredMasks[Int(kind.index)]
        guard present & required == required else { return false }
        guard present & ~Self.plainMasks[Int(kind.index)] == 0 else { return false } // checked the long way
        if (members.action != nil || members.nullAction) && !kind.takesAction { return false }
        if members.hasDisabled && !kind.takesDisabled { return false }
        if children != nil && !kind.isContainer { return false } // even an empty list
        var flags: UInt8 = 0
        if members.style != nil { flags |= FlatView.styleFlag }
        if members.action != nil { flags |= FlatView.actionFlag }
        if members.disabled { flags |= FlatView.disabledFlag }
        var accessibility: Accessibility?
        if let range = members.accessibility {
            guard let value = try? PackedValue.read(cursor.slice(range),
                                                     maxDepth: cursor.maxDepth - depth - 1),
                  let decoded = try? Accessibility(json: value, at: .root)
            else { return false }
            if !decoded.isEmpty {
                accessibility = decoded
                flags |= FlatView.accessibilityFlag
            }
        }
        FlatView.appendHeader(kind: kind, flags: flags, props: present, children: children ?? 0, to: &out)
        kinds |= 1 << UInt32(kind.index)
        for i in 0..<ordered.count { appendField(ordered[i]) }
        if let range = members.style {
            guard writeStyle(range, depth: depth + 1) else { return false }
        }
        if let range = members.action {
            guard writeAction(range, depth: depth + 1) else { return false }
        }
        if let accessibility { FlatView.appendField(JSONWriter.bytes(accessibility.json), to: &out) }
        return true
    }

    /// Writes the style as the flat form keeps it (`Style.json`): a font
    /// name (the shorthand) written here, a style object by the style decoder.
    private mutating func writeStyle(_ range: Range<Int>, depth: Int) -> Bool {
        // The font alone, as a name or as {font = name} (the DSL's table form): 5 bytes
        // of tag and length before the name, or 18 of {"font": before its length.
        let bytes = cursor.bytes
        var font: Int?
        if bytes[range.lowerBound] == PackedValue.Tag.string.rawValue {
            font = range.lowerBound + 5
        } else if range.count > 18, bytes.loadUnaligned(fromByteOffset: range.lowerBound + 1, as: UInt32.self) == 1,
                  bytes.loadUnaligned(fromByteOffset: range.lowerBound + 5, as: UInt32.self) == 4,
                  bytes[(range.lowerBound + 9)..<(range.lowerBound + 13)].elementsEqual("font".utf8),
                  bytes[range.lowerBound + 13] == PackedValue.Tag.string.rawValue
        {
            font = range.lowerBound + 18
        }
        if let font {
            let name = cursor.slice(font..<range.upperBound).bindMemory(to: UInt8.self)
            // A control character is the decoder's to refuse (`StyleStrings`).
            if !UTF8Check.isWellFormed(name) || StyleStrings.mayHoldControl(UnsafeRawBufferPointer(name), escaped: false) {
                return false
            }
            let field = beginField()
            out.append(#"{"font":""#)
            out.appendEscaped(name)
            out.append(#""}"#)
            endField(field)
            return true
        }
        guard let value = try? PackedValue.read(cursor.slice(range), maxDepth: cursor.maxDepth - depth),
              let style = try? Style(json: value, at: .root), !style.isEmpty // a string is the font shorthand
        else { return false }
        FlatView.appendField(JSONWriter.bytes(style.json), to: &out)
        return true
    }

    /// Writes the action as the flat form keeps it (`Action.json`:
    /// `{"type":…,"payload":…}`, a missing payload null), straight from the
    /// packed bytes (`PackedJSON`); false for anything the action decoder
    /// would refuse, or that the writer leaves to it.
    private mutating func writeAction(_ range: Range<Int>, depth: Int) -> Bool {
        let field = beginField()
        var json = PackedJSON(bytes: cursor.slice(range), maxDepth: cursor.maxDepth - depth)
        guard json.action(into: &out), json.done else { return false }
        endField(field)
        return true
    }

    /// Starts a field whose length is known once it is written: where its length goes.
    private mutating func beginField() -> Int {
        let at = out.count
        FlatView.appendCount(0, to: &out)
        return at
    }

    /// Sets the length of the field begun at `at` to what was written since.
    private mutating func endField(_ at: Int) {
        out.setCount(UInt32(out.count - at - 4), at: at)
    }

    /// Copies a string value's bytes as a flat field.
    private mutating func appendField(_ text: Text) {
        FlatView.appendCount(text.count, to: &out)
        if !text.isEmpty {
            out.append(cursor.pointer(text), count: text.count)
        }
    }

    /// The kind named by the bytes of `text`.
    private func kind(_ text: Text) -> ViewNode.Kind? {
        guard let i = Self.kindNames.index(of: cursor.slice(text)) else { return nil }
        return ViewNode.Kind.allCases[i]
    }

    private static let kindNames = NameTable(ViewNode.Kind.allCases.map(\.rawValue))

    /// For each kind (by `index`), the `names` index of each of its content members, in the kind's order.
    private static let contentSlots: [[Int]] = ViewNode.Kind.allCases.map { kind in
        kind.props.map { prop in names.index(of: prop.name)! }
    }

    /// For each kind, the bits of its required content members (`FlatViewChecker` reads it too).
    static let requiredMasks: [UInt16] = ViewNode.Kind.allCases.map { kind in
        var mask: UInt16 = 0
        for (i, prop) in kind.props.enumerated() where prop.required { mask |= 1 << UInt16(i) }
        return mask
    }

    /// For each kind, the bits of the content members read here: plain
    /// strings any node of the kind takes. An input's kind, bind and the
    /// members of some kinds (`InputContent`) take the long way, which checks
    /// them. `FlatViewChecker` takes these members only, too.
    static let plainMasks: [UInt16] = ViewNode.Kind.allCases.map { kind in
        var mask: UInt16 = 0
        for (i, prop) in kind.props.enumerated()
        where prop.type == .string && !(kind == .input && InputContent.checkedMembers.contains(prop.name)) {
            mask |= 1 << UInt16(i)
        }
        return mask
    }

    /// Up to four values kept in place, so reading a node allocates no array.
    private struct Slots<Element> {
        private var a, b, c, d: Element?
        private(set) var count = 0

        /// Adds `e`; false when all four are taken (the node goes the long way).
        mutating func append(_ e: Element) -> Bool {
            switch count {
            case 0: a = e
            case 1: b = e
            case 2: c = e
            case 3: d = e
            default: return false
            }
            count += 1
            return true
        }

        subscript(i: Int) -> Element {
            switch i {
            case 0: return a!
            case 1: return b!
            case 2: return c!
            default: return d!
            }
        }
    }

    // MARK: Bytes

    /// A string value (its tag included), checked as UTF-8: where its bytes are.
    private mutating func text() -> Text? {
        cursor.at += 1
        return cursor.text()
    }

    /// A member's name, matched against the contract's names without
    /// making a string: its index in `names`, and its bit for `seen`.
    private mutating func memberName() -> (Int, UInt64)? {
        guard let n = cursor.count(), n <= cursor.remaining else { return nil }
        let name = cursor.slice(cursor.at..<(cursor.at + n))
        cursor.at += n
        guard let i = table.index(of: name) else { return nil }
        return (i, 1 << UInt64(i))
    }

    /// Every member name a node may carry: the `Member` names, then each string content member once.
    private static let names: NameTable = {
        var names = ["type", "id", "key", "style", "action", "children", "disabled", "accessibility"]
        for kind in ViewNode.Kind.allCases {
            for prop in kind.props where !names.contains(prop.name) { names.append(prop.name) }
        }
        precondition(names.count <= 64, "a member needs a bit of PackedViewReader.node's `seen`")
        return NameTable(names)
    }()
}

/// A few short names in one byte array, found by their bytes without making
/// a string. Its tables are permanent copies (every table is a static of
/// the reader), so a look-up costs no reference counting.
private struct NameTable: @unchecked Sendable {
    private let utf8: UnsafeMutablePointer<UInt8>
    /// Name i is `utf8[starts[i]..<starts[i + 1]]`.
    private let starts: UnsafeMutablePointer<Int>
    /// Open addressing by `slot(of:)`: name index + 1 in each used slot, 0 in a free one.
    private let slots: UnsafeMutablePointer<UInt8>
    private static let slotCount = 256

    init(_ names: [String]) {
        var bytes: [UInt8] = []
        var offsets = [0]
        var table = [UInt8](repeating: 0, count: Self.slotCount)
        precondition(names.count < Self.slotCount / 2, "NameTable's slots keep half of them free")
        for (i, name) in names.enumerated() {
            precondition(!name.isEmpty, "a member name has bytes")
            var slot = Array(name.utf8).withUnsafeBytes { Self.slot(of: $0) }
            while table[slot] != 0 { slot = (slot + 1) % Self.slotCount }
            table[slot] = UInt8(i + 1)
            bytes += name.utf8
            offsets.append(bytes.count)
        }
        utf8 = bytes.permanentCopy()
        starts = offsets.permanentCopy()
        slots = table.permanentCopy()
    }

    /// Where a name's probe starts: its length and its first and last bytes, mixed.
    private static func slot(of name: UnsafeRawBufferPointer) -> Int {
        guard let first = name.first, let last = name.last else { return 0 }
        return (name.count &* 29 &+ Int(first) &* 7 &+ Int(last) &* 3) & (slotCount - 1)
    }

    func index(of name: String) -> Int? {
        Array(name.utf8).withUnsafeBytes { index(of: $0) }
    }

    /// The index of the name whose bytes are `name`.
    func index(of name: UnsafeRawBufferPointer) -> Int? {
        guard !name.isEmpty else { return nil }
        var slot = Self.slot(of: name)
        while slots[slot] != 0 {
            let i = Int(slots[slot]) - 1
            if starts[i + 1] - starts[i] == name.count && equalBytes(utf8 + starts[i], name.baseAddress!, count: name.count) {
                return i
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        return nil
    }
}
