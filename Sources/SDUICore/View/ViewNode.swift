/// A view brick: one node of the tree a component factory returns.
///
/// Nodes are plain values. Each has a kind, kind-specific content (`props`,
/// and `disabled` for a button), a `Style`, children for containers, an
/// action for the kinds that take one (`Kind.takesAction`), and an id that
/// stays the same from one render to the next: the component id for the
/// root, then child indexes (`card/1/0`), or `card#key` for a node the
/// factory gave a `key`. The JSON form is
///
///     {"type": "button", "id": "card/1/0", "label": "★", "tooltip": "Favourite",
///      "disabled": true, "style": {...}, "action": {"type": ..., "payload": ...},
///      "accessibility": {"label": "Favourite"}, "children": [...]}
public struct ViewNode: Sendable, Equatable {
    /// What the node is (`Kind`, `View/ViewNodeKind.swift`).
    public var kind: Kind
    /// A disabled button: drawn as disabled, and the host does not let it be
    /// activated. Only kinds that `takesDisabled`; false is the same as
    /// absent. (Kept next to `kind`: it takes no room of its own.)
    public var disabled: Bool
    /// Stable id; assigned by the engine when the component renders.
    public var id: String
    /// Optional author key: makes the id `component#key`, independent of position.
    public var key: String?
    /// Kind-specific content: text, url, label, tooltip, name, value, placeholder…
    /// String members hold their string; an input's typed members (`min`,
    /// `max`, `multiple`, `options`, `validation`: `ViewContract.ValueType.isJSON`) hold
    /// their value's compact JSON text, written as JSON, not as a string.
    public var props: NodeProps
    /// How the node looks. Most nodes have no style, so it is kept out of
    /// line: a node stays small to copy and to keep.
    public var style: Style {
        get { styleBox?.style ?? Style() }
        set { styleBox = newValue.isEmpty ? nil : StyleBox(newValue) }
    }
    /// The style, nil when it is empty. Read-only outside this file: the
    /// layout reads a node's style in place through it, without a copy.
    private(set) var styleBox: StyleBox?
    public var action: Action?
    /// What a screen reader is told (`Accessibility`), nil when the node
    /// gives nothing (an empty one is nil too). Kept out of line as the style is.
    public var accessibility: Accessibility? {
        get { accessibilityBox?.value }
        set { accessibilityBox = newValue.flatMap { $0.isEmpty ? nil : AccessibilityBox($0) } }
    }
    private(set) var accessibilityBox: AccessibilityBox?
    public var children: [ViewNode]

    public init(_ kind: Kind, id: String = "", key: String? = nil, props: NodeProps = [:], disabled: Bool = false,
                style: Style = Style(), action: Action? = nil, accessibility: Accessibility? = nil,
                children: [ViewNode] = [])
    {
        self.kind = kind
        self.id = id
        self.key = key
        self.props = props
        self.disabled = disabled
        self.styleBox = style.isEmpty ? nil : StyleBox(style)
        self.action = action
        self.accessibilityBox = accessibility.flatMap { $0.isEmpty ? nil : AccessibilityBox($0) }
        self.children = children
    }

    /// A text node.
    public static func text(_ text: String, style: Style = Style()) -> ViewNode {
        ViewNode(.text, props: ["text": text], style: style)
    }

    /// The node the engine renders for a component of an unregistered type.
    public static func fallback(componentType: String) -> ViewNode {
        ViewNode(.fallback, props: ["componentType": componentType, "text": "Unsupported component \"\(componentType)\""])
    }

    /// The node the engine renders for a component whose factory failed.
    public static func error(_ message: String) -> ViewNode {
        ViewNode(.error, props: ["message": message])
    }

    /// Members of the JSON form that are not kind-specific content.
    static let structuralKeys: Set<String> = Set(ViewContract.nodeMembers)

    /// Decodes a node and its subtree, checking every member against its kind;
    /// the error names the JSON path of the first offending value.
    public init(json: JSON, at path: JSONPath = .root) throws(ContractError) {
        let o = try Decode.object(json, at: path, "a view node")
        try self.init(type: try Decode.nonEmptyString(o["type"], at: path.appending("type")), at: path)
        for (k, v) in o where k != "type" {
            try setMember(k, v, at: path.appending(k))
        }
        try checkRequired(at: path)
    }

    /// An empty node of the kind named `type`; the error lists the known kinds.
    init(type typeName: String, at path: JSONPath) throws(ContractError) {
        guard let kind = Kind(rawValue: typeName) else {
            let names = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ContractError(path.appending("type"), "unknown node type \"\(typeName)\" (known: \(names))")
        }
        self.init(kind)
    }

    /// Sets member `k` (anything but "type") from its JSON value found at `at`.
    mutating func setMember(_ k: String, _ v: JSON, at: JSONPath) throws(ContractError) {
        switch k {
        case "type": throw ContractError(at, "the type of a node is set once")
        case "id": id = try Decode.string(v, at: at, required: false) ?? ""
        case "key":
            key = try Decode.string(v, at: at, required: false)
            if let key { try Decode.checkIdentifier(key, at: at) }
        case "style": style = try Style(json: v, at: at)
        case "action":
            guard kind.takesAction else { throw ContractError(at, "a \(kind.rawValue) node cannot carry an action") }
            action = v.isNull ? nil : try Action(json: v, at: at)
        case "accessibility": accessibility = v.isNull ? nil : try Accessibility(json: v, at: at)
        case "disabled":
            if !kind.takesDisabled { _ = try checkContent(k, at: at) } // the unknown-member error, with the allowed ones
            guard case .bool(let b) = v else { throw ContractError(at, "expected a boolean, got \(v.typeName)") }
            disabled = b
        case "children":
            guard kind.isContainer else { throw ContractError(at, "a \(kind.rawValue) node has no children") }
            guard case .array(let items) = v else {
                throw ContractError(at, "children must be an array, got \(v.typeName)")
            }
            children.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                children.append(try ViewNode(json: item, at: at.appending(i)))
            }
        default:
            props[k] = try Self.content(v, type: try checkContent(k, at: at), at: at)
        }
    }

    /// Sets a member given as a string: content ("text", "label"…), "id",
    /// "key", or "style" as the font shorthand; anything else as `setMember`.
    mutating func setMember(_ k: String, string v: String, at path: JSONPath) throws(ContractError) {
        switch k {
        case "id": id = v
        case "key":
            try Decode.checkIdentifier(v, at: path)
            key = v
        case "style":
            var font = Style()
            font.font = v
            style = font
        case "type", "action", "children", "disabled", "accessibility": try setMember(k, .string(v), at: path)
        default:
            let type = try checkContent(k, at: path)
            if case .oneOf = type {
                props[k] = try Self.content(.string(v), type: type, at: path)
            } else if type == .binding {
                props[k] = try Self.content(.string(v), type: type, at: path)
            } else if type.isJSON {
                throw ContractError(path, "expected a \(type.name == "options" ? "list of options" : type.name), got string")
            } else {
                props[k] = v
            }
        }
    }

    /// A content member's value as `props` keeps it (see there), checked
    /// against its type.
    private static func content(_ v: JSON, type: ViewContract.ValueType, at: JSONPath) throws(ContractError) -> String {
        switch type {
        case .oneOf(let values):
            let s = try Decode.string(v, at: at, required: true)!
            guard values.contains(s) else {
                throw ContractError(at, "expected one of \(values.joined(separator: ", ")), got \"\(s)\"")
            }
            return s
        case .number:
            guard let d = v.doubleValue, d.isFinite else { throw ContractError(at, "expected a number, got \(v.typeName)") }
            return JSONWriter.string(v)
        case .boolean:
            guard let b = v.boolValue else { throw ContractError(at, "expected a boolean, got \(v.typeName)") }
            return b ? "true" : "false"
        case .options:
            return JSONWriter.string(InputOption.json(try InputOption.list(json: v, at: at)))
        case .runs:
            return JSONWriter.string(.array(try TextRun.list(json: v, at: at).map(\.json)))
        case .validation:
            return JSONWriter.string(try InputValidation(json: v, at: at).json)
        case .binding:
            let s = try Decode.string(v, at: at, required: true)!
            _ = try InputBinding(parsing: s, at: at)
            return s
        default:
            return try Decode.string(v, at: at, required: true)!
        }
    }

    /// Throws unless `k` is a content member of this node's kind; its type.
    private func checkContent(_ k: String, at: JSONPath) throws(ContractError) -> ViewContract.ValueType {
        let allowed = kind.props
        guard let prop = allowed.first(where: { $0.name == k }) else {
            let names = (allowed.map(\.name) + (kind.takesDisabled ? ["disabled"] : []) + ["id", "key", "style", "accessibility"]
                + (kind.isContainer ? ["children"] : []) + (kind.takesAction ? ["action"] : []))
                .joined(separator: ", ")
            throw ContractError(at, "unknown member \"\(k)\" for a \(kind.rawValue) node (allowed: \(names))")
        }
        return prop.type
    }

    /// Throws when a content member the kind requires is missing.
    func checkRequired(at path: JSONPath) throws(ContractError) {
        for prop in kind.props where prop.required && props[prop.name] == nil {
            throw ContractError(path, "a \(kind.rawValue) node needs \"\(prop.name)\" (a string)")
        }
        if kind == .input { try InputContent.check(props, at: path) }
    }

    /// The JSON form: type, id, key, content, disabled, style, action,
    /// accessibility, children, in that order; `disabled` is written only
    /// when true, and empty style, nil action, nil accessibility and an
    /// empty children list are left out.
    public var json: JSON {
        var o = JSONObject()
        o["type"] = .string(kind.rawValue)
        if !id.isEmpty { o["id"] = .string(id) }
        if let key { o["key"] = .string(key) }
        for prop in kind.props {
            if let v = props[prop.name] { o[prop.name] = prop.type.isJSON ? ViewNode.parsed(v) : .string(v) }
        }
        if disabled { o["disabled"] = .bool(true) }
        if !style.isEmpty { o["style"] = style.json }
        if let action { o["action"] = action.json }
        if let accessibility { o["accessibility"] = accessibility.json }
        if !children.isEmpty { o["children"] = .array(children.map(\.json)) }
        return .object(o)
    }

    /// A typed member's JSON text (see `props`) as a value.
    static func parsed(_ text: String) -> JSON {
        (try? JSONParser.parse(text)) ?? .null
    }

    /// Gives this node and its subtree their stable ids under `componentId`.
    ///
    /// Throws when two nodes of the component share a key.
    public mutating func assignIds(componentId: String) throws(ContractError) {
        var seen: Set<String>? = nil // made at the first key: most components have none
        var at: [Int] = []
        try assignIds(id: componentId, componentId: componentId, at: &at, seenKeys: &seen)
    }

    /// `at` holds the child indexes down to this node: its JSON path, worked
    /// out only for an error.
    private mutating func assignIds(id: String, componentId: String, at: inout [Int], seenKeys: inout Set<String>?)
        throws(ContractError)
    {
        if let key {
            guard seenKeys == nil || !seenKeys!.contains(key) else {
                let path = at.reduce(JSONPath.root) { $0.appending("children").appending($1) }
                throw ContractError(path.appending("key"), "duplicate key \"\(key)\" in component \"\(componentId)\"")
            }
            seenKeys = seenKeys ?? []
            seenKeys!.insert(key)
            self.id = componentId + "#" + key
        } else {
            self.id = id
        }
        guard !children.isEmpty else { return }
        var prefix = self.id
        prefix.append("/")
        for i in children.indices {
            at.append(i)
            try children[i].assignIds(id: prefix + String(i), componentId: componentId, at: &at, seenKeys: &seenKeys)
            at.removeLast()
        }
    }

    /// Number of nodes in this subtree, itself included.
    public var nodeCount: Int {
        children.reduce(1) { $0 + $1.nodeCount }
    }
}

/// A node's style out of line (see `ViewNode.style`); never changed once made.
final class StyleBox: Sendable, Equatable {
    let style: Style

    init(_ style: Style) {
        self.style = style
    }

    static func == (lhs: StyleBox, rhs: StyleBox) -> Bool {
        lhs === rhs || lhs.style == rhs.style
    }
}

extension ViewNode {
    /// The page a pager shows: its `page` member (a number's JSON text)
    /// clamped to its `count` pages; -1 when it has none.
    static func pagerPage(_ page: String?, count: Int) -> Int {
        guard count > 0 else { return -1 }
        let n = page.flatMap { Double($0) }.map { Int($0.rounded(.down)) } ?? 0
        return min(max(n, 0), count - 1)
    }
}
