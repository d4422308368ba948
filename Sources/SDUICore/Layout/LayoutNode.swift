/// One laid-out node: its id and kind from the view tree, its frame
/// (relative to the component's top-left corner), what it says and shows
/// (`LayoutContent`: in the screen's layout, empty from
/// `LayoutEngine.layout`), and its children.
///
/// A layout tree has the shape of the view tree it was computed from: one
/// `LayoutNode` per `ViewNode`, children in the same order.
public struct LayoutNode: Sendable, Equatable {
    /// The view node's stable id (`movie-603/1/0`).
    public var id: String
    /// The view node's kind.
    public var kind: ViewNode.Kind
    /// Where the node is drawn, relative to the component's top-left corner
    /// (not to the parent's).
    public var frame: Frame
    /// Its role, accessible name and shown text (each nil when it has none).
    public var content: LayoutContent
    /// The laid-out children, in the view node's order.
    public var children: [LayoutNode]

    /// A laid-out node.
    public init(id: String, kind: ViewNode.Kind, frame: Frame, content: LayoutContent = LayoutContent(),
                children: [LayoutNode] = [])
    {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.content = content
        self.children = children
    }

    /// The tree of `view` laid out in `frames` (one frame per node, depth
    /// first, relative to the root's corner, as `LayoutEngine` computes
    /// them), with `contents` (the same order) when given.
    init(_ view: ViewNode, frames: UnsafeBufferPointer<Frame>, contents: [LayoutContent]? = nil) {
        var index = 0
        self = LayoutNode.build(view, frames, contents, &index)
    }

    /// The node of `view` at `frames[index]`.
    private static func build(_ view: ViewNode, _ frames: UnsafeBufferPointer<Frame>, _ contents: [LayoutContent]?,
                              _ index: inout Int) -> LayoutNode
    {
        let frame = frames[index]
        let content = contents?[index] ?? LayoutContent()
        index += 1
        let children = view.children.map { build($0, frames, contents, &index) }
        return LayoutNode(id: view.id, kind: view.kind, frame: frame, content: content, children: children)
    }

    /// `{"id", "type", "frame": {"x", "y", "width", "height"}, "role",
    /// "name", "text", "inputKind", "children": [...]}`; `role`, `name`,
    /// `text` and `inputKind` are left out when nil, `children` when empty.
    public var json: JSON {
        var o = JSONObject()
        o["id"] = .string(id)
        o["type"] = .string(kind.rawValue)
        o["frame"] = frame.json
        if let role = content.role { o["role"] = .string(role.rawValue) }
        if let name = content.name { o["name"] = .string(name) }
        if let text = content.text { o["text"] = .string(text) }
        if let kind = content.inputKind { o["inputKind"] = .int(Int64(kind.number)) }
        if !children.isEmpty { o["children"] = .array(children.map(\.json)) }
        return .object(o)
    }

    /// Appends exactly `JSONWriter.bytes(json)` without building the `JSON`
    /// value: layouts are written for the host after every change.
    public func write(into out: inout [UInt8]) {
        out.append(contentsOf: #"{"id":"#.utf8)
        JSONWriter.write(.string(id), into: &out)
        out.append(contentsOf: #","type":""#.utf8)
        out.append(contentsOf: kind.rawValue.utf8) // kind names need no escaping
        out.append(contentsOf: #"","frame":{"x":"#.utf8)
        LayoutNode.write(frame.x, into: &out)
        out.append(contentsOf: #","y":"#.utf8)
        LayoutNode.write(frame.y, into: &out)
        out.append(contentsOf: #","width":"#.utf8)
        LayoutNode.write(frame.width, into: &out)
        out.append(contentsOf: #","height":"#.utf8)
        LayoutNode.write(frame.height, into: &out)
        out.append(UInt8(ascii: "}"))
        if let role = content.role {
            out.append(contentsOf: #","role":"#.utf8)
            JSONWriter.write(.string(role.rawValue), into: &out)
        }
        if let name = content.name {
            out.append(contentsOf: #","name":"#.utf8)
            JSONWriter.write(.string(name), into: &out)
        }
        if let text = content.text {
            out.append(contentsOf: #","text":"#.utf8)
            JSONWriter.write(.string(text), into: &out)
        }
        if let kind = content.inputKind {
            out.append(contentsOf: #","inputKind":"#.utf8)
            out.append(contentsOf: String(kind.number).utf8)
        }
        if !children.isEmpty {
            out.append(contentsOf: #","children":["#.utf8)
            for (i, child) in children.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                child.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A frame number as `Frame.json` writes it; whole numbers without a detour through `JSON`.
    private static func write(_ value: Double, into out: inout [UInt8]) {
        if value.isFinite, value.rounded() == value, abs(value) < 9e15 {
            out.append(contentsOf: String(Int64(value)).utf8)
        } else {
            JSONWriter.write(Frame.number(value), into: &out)
        }
    }

    /// The node with this id in this subtree (itself included), depth first.
    public func node(id: String) -> LayoutNode? {
        if self.id == id { return self }
        for child in children {
            if let found = child.node(id: id) { return found }
        }
        return nil
    }
}
