/// One laid-out node: its id and kind from the view tree, its frame
/// (relative to the component's top-left corner), and its children.
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
    /// The laid-out children, in the view node's order.
    public var children: [LayoutNode]

    /// A laid-out node.
    public init(id: String, kind: ViewNode.Kind, frame: Frame, children: [LayoutNode] = []) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.children = children
    }

    /// The tree of `view` laid out in `frames` (one frame per node, depth
    /// first, relative to the root's corner, as `LayoutEngine` computes them).
    init(_ view: ViewNode, frames: UnsafeBufferPointer<Frame>) {
        var index = 0
        self = LayoutNode.build(view, frames, &index)
    }

    /// The node of `view` at `frames[index]`.
    private static func build(_ view: ViewNode, _ frames: UnsafeBufferPointer<Frame>, _ index: inout Int)
        -> LayoutNode
    {
        let frame = frames[index]
        index += 1
        let children = view.children.map { build($0, frames, &index) }
        return LayoutNode(id: view.id, kind: view.kind, frame: frame, children: children)
    }

    /// `{"id", "type", "frame": {"x", "y", "width", "height"}, "children": [...]}`;
    /// `children` is left out when empty.
    public var json: JSON {
        var o = JSONObject()
        o["id"] = .string(id)
        o["type"] = .string(kind.rawValue)
        o["frame"] = frame.json
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
