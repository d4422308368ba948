/// A component's rendered view tree kept compactly: every node in one byte
/// array, depth first, with no heap object per node.
///
/// This is how the engine stores what a factory built. The screen writer,
/// image tracking and the "did it change" test read it as it is; the
/// `ViewNode` tree is made from it only for the code that needs one (the
/// node diff of a component that changed, layout, the text renderer).
///
/// The layout of a node (integers in the host's byte order, unaligned):
///
///     kind       UInt8   index into ViewNode.Kind.allCases
///     flags      UInt8   1: has a key, 2: a style, 4: an action, 16: an
///                        accessibility (each a field below), 8: disabled
///                        (no field); bits 32, 64, 128 are free
///     props      UInt16  bit i: the kind's content member i is present
///                        (low byte first, whatever the host's byte order)
///     children   UInt32  how many child nodes follow the node's own fields
///     then, each as a UInt32 length and its bytes: the key, the content
///     members present (in the kind's order; a typed member's JSON text,
///     see `ViewNode.props`), the style, the action and the accessibility as
///     the compact JSON the screen shows (`Style.json`, `{"type","payload"}`,
///     `Accessibility.json`), then the children.
///
/// Ids are not stored: they follow from the position (`card/1/0`) or the
/// key (`card#key`), given the component's id. Equal trees have equal bytes,
/// and a change a host could see changes them.
public struct FlatView: Sendable, Equatable {
    /// The nodes, depth first.
    public let bytes: [UInt8]
    /// Bit `i` is set when some node is of the kind whose `index` is `i`:
    /// a walk that looks for one kind (images, buttons, inputs) skips a
    /// view that has none. It follows from `bytes`.
    let kinds: UInt32

    static let keyFlag: UInt8 = 1
    static let styleFlag: UInt8 = 2
    static let actionFlag: UInt8 = 4
    /// A disabled node (`ViewNode.disabled`): a bit of the header, with no field.
    static let disabledFlag: UInt8 = 8
    /// A node with an accessibility member (`ViewNode.accessibility`).
    static let accessibilityFlag: UInt8 = 16
    /// The flags that each stand for a field.
    static let fieldFlags: UInt8 = keyFlag | styleFlag | actionFlag | accessibilityFlag
    /// Bytes of a node's fixed part.
    static let headerSize = 8

    init(bytes: [UInt8]) {
        self.init(bytes: bytes, kinds: FlatView.kinds(of: bytes))
    }

    /// `bytes`, whose nodes' kinds a walk over them already found (`FlatViewChecker`).
    init(bytes: [UInt8], kinds: UInt32) {
        self.bytes = bytes
        self.kinds = kinds
    }

    /// The flat form of `node` (its ids are not read).
    public init(_ node: ViewNode) {
        var sink = ByteSink(capacity: 256)
        FlatView.append(node, to: &sink)
        self.init(bytes: sink.withBytes { [UInt8]($0) })
    }

    /// The kinds of the nodes in `bytes` (a view's nodes, depth first), as `kinds` holds them.
    static func kinds(of bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { raw in
            var kinds: UInt32 = 0
            var at = 0
            while at < raw.count {
                kinds |= 1 << UInt32(raw[at])
                skipFields(raw, &at)
            }
            return kinds
        }
    }

    /// Whether some node of the view is of kind `kind`.
    func has(_ kind: ViewNode.Kind) -> Bool {
        kinds & 1 << UInt32(kind.index) != 0
    }

    /// The flat form of a tree a factory built, checked for keys used twice
    /// as `ViewNode.assignIds` checks them.
    public init(checking node: ViewNode, componentId: String) throws(ContractError) {
        var node = node
        try node.assignIds(componentId: componentId)
        self.init(node)
    }

    /// The view a packed value (`PackedValue`'s layout) describes, read in
    /// one pass; nil when the bytes are not such a view as they stand, or
    /// carry a node key: `PackedValue.read`, `ViewNode(json:)` and
    /// `init(checking:componentId:)` then say why, or build it.
    /// Throws, before reading further, once it has more nodes or bytes than `limits`.
    public init?(packed bytes: UnsafeRawBufferPointer, maxDepth: Int, limits: ViewLimits) throws(ViewLimitError) {
        guard let view = try PackedViewReader.read(bytes, maxDepth: maxDepth, limits: limits) else { return nil }
        self = view
    }

    /// The view a binding wrote in the flat form itself, kept as it is; nil
    /// unless the bytes are exactly what the engine writes for such a view
    /// (`FlatViewChecker`): the binding then hands the view over packed,
    /// and that way says what is wrong. Throws when it has more nodes or
    /// bytes than `limits`.
    public init?(flat bytes: UnsafeRawBufferPointer, maxDepth: Int, limits: ViewLimits) throws(ViewLimitError) {
        guard let kinds = try FlatViewChecker.check(bytes, maxDepth: maxDepth, limits: limits) else { return nil }
        self.init(bytes: [UInt8](bytes), kinds: kinds)
    }

    /// `init?(packed:maxDepth:limits:)` with no limit on nodes and bytes.
    public init?(packed bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        guard let view = try? FlatView(packed: bytes, maxDepth: maxDepth, limits: .unlimited) else { return nil }
        self = view
    }

    /// `init?(flat:maxDepth:limits:)` with no limit on nodes and bytes.
    public init?(flat bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        guard let view = try? FlatView(flat: bytes, maxDepth: maxDepth, limits: .unlimited) else { return nil }
        self = view
    }

    /// The tree, with the ids of a component `componentId`.
    public func node(componentId: String) -> ViewNode {
        bytes.withUnsafeBytes { raw in
            var at = 0
            var node = FlatView.readNode(raw, &at)
            try? node.assignIds(componentId: componentId) // keys were checked when the view was made
            return node
        }
    }

    /// The number of nodes.
    public var nodeCount: Int {
        bytes.withUnsafeBytes { raw in
            var at = 0
            var n = 0
            while at < raw.count {
                FlatView.skipFields(raw, &at)
                n += 1
            }
            return n
        }
    }

    /// The `url` of every image node, in tree order.
    var imageURLs: [String] {
        guard has(.image) else { return [] }
        return bytes.withUnsafeBytes { raw in
            var urls: [String] = []
            var at = 0
            let image = ViewNode.Kind.image.index
            while at < raw.count {
                if raw[at] == image && raw[at + 2] & 1 != 0 { // url is the image's first member
                    var field = at + FlatView.headerSize
                    if raw[at + 1] & FlatView.keyFlag != 0 { _ = FlatView.field(raw, &field) }
                    urls.append(String(decoding: FlatView.field(raw, &field), as: UTF8.self))
                }
                FlatView.skipFields(raw, &at)
            }
            return urls
        }
    }

    /// The ids of the buttons labelled with symbols only (★, ♥, ▶:
    /// `Accessibility.isIconOnly`) that carry no accessibility label, in
    /// tree order, for a component `componentId`: read off the bytes, with
    /// no tree made (every render asks).
    func iconOnlyButtons(componentId: String) -> [String] {
        guard has(.button) else { return [] }
        return bytes.withUnsafeBytes { raw in
            var ids: [String] = []
            var at = 0
            var path = NodePath()
            FlatView.iconOnly(raw, &at, &path) { path in ids.append(path.id(componentId: componentId)) }
            return ids
        }
    }

    /// Whether some button is labelled with symbols only and has no
    /// accessibility label (`iconOnlyButtons` is not empty): the nodes are
    /// read in storage order, with no path kept and no id made, until the first.
    var hasIconOnlyButtons: Bool {
        guard has(.button) else { return false }
        return bytes.withUnsafeBytes { raw in
            var at = 0
            while at < raw.count {
                if FlatView.isIconOnlyButton(raw, at) { return true }
                FlatView.skipFields(raw, &at)
            }
            return false
        }
    }

    /// Where a walk is: each node's position among its parent's children
    /// from the root down, and the nearest keyed node's key and depth (its
    /// id stands in for the positions down to it: `positions[keyDepth...]`
    /// are the ones below it). An id is made only when a
    /// walk asks for one (`id(componentId:)`).
    struct NodePath {
        var positions: [Int] = []
        var keyDepth = 0
        var key: UnsafeRawBufferPointer?

        /// The id of the node the path ends at, as `ViewNode` ids go:
        /// `componentId`, or `componentId#key` of the nearest keyed node,
        /// then `/position` for each level below.
        func id(componentId: String) -> String {
            var id = Array(componentId.utf8)
            if let key {
                id.append(UInt8(ascii: "#"))
                id.append(contentsOf: key)
            }
            for position in positions[keyDepth...] {
                id.append(UInt8(ascii: "/"))
                FlatView.appendDecimal(position, to: &id)
            }
            return String(decoding: id, as: UTF8.self)
        }
    }

    /// Walks the node at `at` and its subtree (moving past it), whose place
    /// is `path` (left as it was), with no tree made: calls `found` with the
    /// path of each button labelled with symbols only and no accessibility
    /// label, in tree order.
    private static func iconOnly(_ raw: UnsafeRawBufferPointer, _ at: inout Int, _ path: inout NodePath,
                                 _ found: (borrowing NodePath) -> Void)
    {
        let flags = raw[at + 1]
        let children = count(raw, at + 4)
        let outer = (path.keyDepth, path.key)
        defer { (path.keyDepth, path.key) = outer }
        if flags & keyFlag != 0 {
            var field = at + headerSize
            path.key = FlatView.field(raw, &field)
            path.keyDepth = path.positions.count
        }
        if isIconOnlyButton(raw, at) { found(path) }
        skipFields(raw, &at)
        guard children > 0 else { return }
        path.positions.append(0)
        defer { path.positions.removeLast() }
        for i in 0..<children {
            path.positions[path.positions.count - 1] = i
            iconOnly(raw, &at, &path, found)
        }
    }

    /// Whether the node at `at` is a button labelled with symbols only
    /// (`Accessibility.isIconOnly`; the label is a button's first member,
    /// after its key) with no accessibility label to name it.
    private static func isIconOnlyButton(_ raw: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        guard raw[at] == ViewNode.Kind.button.index && raw[at + 2] & 1 != 0 else { return false }
        var field = at + headerSize
        if raw[at + 1] & keyFlag != 0 { _ = FlatView.field(raw, &field) }
        return Accessibility.isIconOnly(FlatView.field(raw, &field)) && !hasAccessibilityLabel(raw, at)
    }

    /// The node at `at` carries an accessibility label: its accessibility
    /// field, `Accessibility.json` written compactly, starts with its label.
    private static func hasAccessibilityLabel(_ raw: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        let flags = raw[at + 1]
        guard flags & accessibilityFlag != 0 else { return false }
        var field = at + headerSize
        let before = (flags & (keyFlag | styleFlag | actionFlag)).nonzeroBitCount + present(raw, at).nonzeroBitCount
        for _ in 0..<before { field += 4 + count(raw, field) }
        return FlatView.field(raw, &field).starts(with: #"{"label":"#.utf8)
    }

    // MARK: Writing

    static func append(_ node: ViewNode, to sink: inout ByteSink) {
        let kind = node.kind
        var flags: UInt8 = 0
        if node.key != nil { flags |= keyFlag }
        let style = node.style
        if !style.isEmpty { flags |= styleFlag }
        if node.action != nil { flags |= actionFlag }
        if node.disabled { flags |= disabledFlag }
        let accessibility = node.accessibility
        if accessibility != nil { flags |= accessibilityFlag }
        var present: UInt16 = 0
        for (i, prop) in kind.props.enumerated() where node.props[prop.name] != nil { present |= 1 << UInt16(i) }
        appendHeader(kind: kind, flags: flags, props: present, children: node.children.count, to: &sink)
        if let key = node.key { appendField(key, to: &sink) }
        for prop in kind.props {
            if let value = node.props[prop.name] { appendField(value, to: &sink) }
        }
        if !style.isEmpty { appendField(JSONWriter.bytes(style.json), to: &sink) }
        if let action = node.action { appendField(JSONWriter.bytes(action.json), to: &sink) }
        if let accessibility { appendField(JSONWriter.bytes(accessibility.json), to: &sink) }
        for child in node.children { append(child, to: &sink) }
    }

    static func appendHeader(kind: ViewNode.Kind, flags: UInt8, props: UInt16, children: Int, to sink: inout ByteSink) {
        sink.append(kind.index)
        sink.append(flags)
        sink.append(UInt8(truncatingIfNeeded: props))
        sink.append(UInt8(truncatingIfNeeded: props >> 8))
        appendCount(children, to: &sink)
    }

    static func appendCount(_ n: Int, to sink: inout ByteSink) {
        var n = UInt32(truncatingIfNeeded: n)
        withUnsafeBytes(of: &n) { sink.append($0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 4) }
    }

    static func appendField(_ s: String, to sink: inout ByteSink) {
        var s = s
        s.withUTF8 { utf8 in
            appendCount(utf8.count, to: &sink)
            if let base = utf8.baseAddress { sink.append(base, count: utf8.count) }
        }
    }

    static func appendField(_ bytes: [UInt8], to sink: inout ByteSink) {
        appendCount(bytes.count, to: &sink)
        sink.append(bytes)
    }

    // MARK: Reading

    static func count(_ raw: UnsafeRawBufferPointer, _ at: Int) -> Int {
        Int(raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }

    /// The field at `at`, which moves past it.
    static func field(_ raw: UnsafeRawBufferPointer, _ at: inout Int) -> UnsafeRawBufferPointer {
        let n = count(raw, at)
        defer { at += 4 + n }
        return UnsafeRawBufferPointer(rebasing: raw[(at + 4)..<(at + 4 + n)])
    }

    /// Moves `at` past one node's own fields (to its first child, or its next sibling).
    static func skipFields(_ raw: UnsafeRawBufferPointer, _ at: inout Int) {
        let fields = fieldCount(flags: raw[at + 1], props: present(raw, at))
        at += headerSize
        for _ in 0..<fields { at += 4 + count(raw, at) }
    }

    static func fieldCount(flags: UInt8, props: UInt16) -> Int {
        (flags & fieldFlags).nonzeroBitCount + props.nonzeroBitCount
    }

    /// The content bits of the node at `at`.
    static func present(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(raw[at + 2]) | UInt16(raw[at + 3]) << 8
    }

    /// The node at `at` without its children, with id `id` (a node change's payload).
    static func ownNode(_ raw: UnsafeRawBufferPointer, _ at: Int, id: String) -> ViewNode {
        own(raw, at).ownNode(id: id)
    }

    /// The node at `at` alone: its header, with no children, and its fields.
    static func own(_ raw: UnsafeRawBufferPointer, _ at: Int) -> FlatView {
        var end = at
        skipFields(raw, &end)
        var copy = [UInt8](repeating: 0, count: end - at)
        copy.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[at..<end])) }
        copy[4] = 0; copy[5] = 0; copy[6] = 0; copy[7] = 0 // no children
        return FlatView(bytes: copy)
    }

    /// The first node, as a tree node with id `id` (its children not read).
    func ownNode(id: String) -> ViewNode {
        bytes.withUnsafeBytes { own in
            var start = 0
            var node = FlatView.readNode(own, &start)
            node.id = id
            node.children = []
            return node
        }
    }

    private static func readNode(_ raw: UnsafeRawBufferPointer, _ at: inout Int) -> ViewNode {
        let kind = ViewNode.Kind.allCases[Int(raw[at])]
        let flags = raw[at + 1]
        let present = FlatView.present(raw, at)
        let children = count(raw, at + 4)
        at += headerSize
        var node = ViewNode(kind)
        func text() -> String { String(decoding: field(raw, &at), as: UTF8.self) }
        if flags & keyFlag != 0 { node.key = text() }
        for (i, prop) in kind.props.enumerated() where present & (1 << UInt16(i)) != 0 {
            node.props[prop.name] = text()
        }
        node.disabled = flags & disabledFlag != 0
        if flags & styleFlag != 0, let style = try? Style(json: parsed(field(raw, &at)), at: .root) {
            node.style = style
        }
        if flags & actionFlag != 0 {
            node.action = try? Action(json: parsed(field(raw, &at)))
        }
        if flags & accessibilityFlag != 0 {
            node.accessibility = try? Accessibility(json: parsed(field(raw, &at)), at: .root)
        }
        node.children.reserveCapacity(children)
        for _ in 0..<children { node.children.append(readNode(raw, &at)) }
        return node
    }

    /// A field the engine wrote as JSON.
    private static func parsed(_ text: UnsafeRawBufferPointer) -> JSON {
        let unlimited = JSONParseOptions(maxDepth: .max, maxBytes: .max)
        return (try? JSONParser.parse(text, options: unlimited)) ?? .null
    }
}

extension FlatView {
    /// Appends the compact JSON form of the tree, the bytes
    /// `ViewNode.write(into:)` writes for `node(componentId:)`.
    func write(into sink: inout ByteSink, componentId: String) {
        var id: [UInt8] = Array(componentId.utf8)
        let plain = FlatView.needsNoEscape(id)
        bytes.withUnsafeBytes { raw in
            var at = 0
            FlatView.writeNode(raw, &at, id: &id, plainId: plain, componentId: componentId, into: &sink,
                               children: true)
        }
    }

    /// Appends the compact JSON form of the first node, with id `id` and
    /// without its children: the bytes `ViewNode.write(into:)` writes for
    /// `ownNode(id:)`.
    func writeOwn(into sink: inout ByteSink, id: String) {
        var id = Array(id.utf8)
        let plain = FlatView.needsNoEscape(id)
        bytes.withUnsafeBytes { raw in
            var at = 0
            FlatView.writeNode(raw, &at, id: &id, plainId: plain, componentId: nil, into: &sink, children: false)
        }
    }

    /// Whether `bytes` are written in JSON as they are: no quote, backslash or control byte.
    /// A node's id is its component's id and digits after it: looked at once a component.
    private static func needsNoEscape(_ bytes: [UInt8]) -> Bool {
        !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// The writer's fixed texts, read at every node.
    private static let heads = WriterHeads()

    /// Writes the node at `at` (moving past its subtree), whose id is `id`;
    /// `id` is used as the stack of its descendants' ids and left as it was.
    /// A keyed node's id is `componentId#key`, unless `componentId` is nil
    /// (`id` is then the node's id as it is); `children` false writes the
    /// node's own members alone.
    private static func writeNode(_ raw: UnsafeRawBufferPointer, _ at: inout Int, id: inout [UInt8], plainId: Bool,
                                  componentId: String?, into sink: inout ByteSink, children writeChildren: Bool)
    {
        let kind = Int(raw[at])
        let flags = raw[at + 1]
        let present = FlatView.present(raw, at)
        let children = count(raw, at + 4)
        at += headerSize
        let heads = Self.heads
        heads.appendKind(kind, to: &sink)
        var key: UnsafeRawBufferPointer?
        var handedDown: [UInt8]? // the positional id, while a key's id stands in for it
        if flags & keyFlag != 0, let componentId {
            let k = field(raw, &at)
            key = k
            handedDown = id
            id.removeAll(keepingCapacity: true)
            id.append(contentsOf: componentId.utf8)
            id.append(UInt8(ascii: "#"))
            id.append(contentsOf: k)
        } else if flags & keyFlag != 0 {
            key = field(raw, &at)
        }
        // A key's bytes are the view's: an id with a key is escaped, so are its descendants'.
        let plain = plainId && key == nil
        if plain {
            sink.append(UInt8(ascii: "\""))
            sink.append(id)
            sink.append(UInt8(ascii: "\""))
        } else {
            writeString(id, into: &sink)
        }
        if let key {
            sink.append(#","key":"#)
            writeString(key, into: &sink)
        }
        for i in 0..<heads.memberCount(kind) where present & (1 << UInt16(i)) != 0 {
            if heads.appendMember(i, of: kind, to: &sink) {
                append(field(raw, &at), to: &sink)
            } else {
                writeString(field(raw, &at), into: &sink)
            }
        }
        if flags & disabledFlag != 0 { sink.append(#","disabled":true"#) }
        if flags & styleFlag != 0 {
            sink.append(#","style":"#)
            append(field(raw, &at), to: &sink)
        }
        if flags & actionFlag != 0 {
            sink.append(#","action":"#)
            append(field(raw, &at), to: &sink)
        }
        if flags & accessibilityFlag != 0 {
            sink.append(#","accessibility":"#)
            append(field(raw, &at), to: &sink)
        }
        if children > 0 && writeChildren {
            sink.append(#","children":["#)
            let own = id.count
            for i in 0..<children {
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                id.append(UInt8(ascii: "/"))
                appendDecimal(i, to: &id)
                writeNode(raw, &at, id: &id, plainId: plain, componentId: componentId, into: &sink, children: true)
                id.removeSubrange(own...)
            }
            sink.append(UInt8(ascii: "]"))
        }
        sink.append(UInt8(ascii: "}"))
        if let handedDown { id = handedDown }
    }

    private static func writeString(_ bytes: [UInt8], into sink: inout ByteSink) {
        bytes.withUnsafeBytes { writeString($0, into: &sink) }
    }

    private static func writeString(_ bytes: UnsafeRawBufferPointer, into sink: inout ByteSink) {
        sink.append(UInt8(ascii: "\""))
        sink.appendEscaped(bytes.bindMemory(to: UInt8.self))
        sink.append(UInt8(ascii: "\""))
    }

    private static func append(_ bytes: UnsafeRawBufferPointer, to sink: inout ByteSink) {
        guard let base = bytes.baseAddress else { return }
        sink.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { appendDecimal(n / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }
}

/// The screen writer's fixed texts: each kind's `{"type":"…","id":` and
/// each content member's `,"name":`, in permanent copies, so reading them
/// costs no reference counting (arrays of arrays cost a retain and a
/// release of each inner array at every node).
private struct WriterHeads: @unchecked Sendable {
    /// Every text, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Text `t` is `bytes[starts[t]..<starts[t + 1]]`. Kind `k`'s head is
    /// text `k`; its member `i` is text `firstMember[k] + i`.
    private let starts: UnsafeMutablePointer<Int>
    private let firstMember: UnsafeMutablePointer<Int>
    private let memberCounts: UnsafeMutablePointer<Int>
    /// Per text, whether the member's value is JSON text, written as it is.
    private let isJSON: UnsafeMutablePointer<Bool>

    init() {
        let kinds = ViewNode.Kind.allCases
        var texts = kinds.map { Array("{\"type\":\"\($0.rawValue)\",\"id\":".utf8) }
        var json = [Bool](repeating: false, count: kinds.count)
        var first: [Int] = []
        var counts: [Int] = []
        for kind in kinds {
            first.append(texts.count)
            counts.append(kind.props.count)
            for prop in kind.props {
                texts.append(Array(",\"\(prop.name)\":".utf8))
                json.append(prop.type.isJSON)
            }
        }
        var offsets = [0]
        for text in texts { offsets.append(offsets[offsets.count - 1] + text.count) }
        bytes = texts.flatMap { $0 }.permanentCopy()
        starts = offsets.permanentCopy()
        firstMember = first.permanentCopy()
        memberCounts = counts.permanentCopy()
        isJSON = json.permanentCopy()
    }

    /// How many content members kind `kind` has.
    func memberCount(_ kind: Int) -> Int { memberCounts[kind] }

    /// Appends kind `kind`'s `{"type":"…","id":`.
    func appendKind(_ kind: Int, to sink: inout ByteSink) {
        append(text: kind, to: &sink)
    }

    /// Appends `,"name":` of kind `kind`'s member `i`; true when its value is JSON text.
    func appendMember(_ i: Int, of kind: Int, to sink: inout ByteSink) -> Bool {
        let text = firstMember[kind] + i
        append(text: text, to: &sink)
        return isJSON[text]
    }

    private func append(text t: Int, to sink: inout ByteSink) {
        sink.append(bytes + starts[t], count: starts[t + 1] - starts[t])
    }
}
