/// What one component's view may hold (`EngineLimits.maxViewNodes`,
/// `maxViewBytes`): its nodes, and the bytes of its flat form (`FlatView`).
///
/// The readers of a binding's view count as they write and stop at the
/// limit, before taking more memory (`FlatViewChecker`, `PackedViewReader`);
/// a tree (a Swift factory's, a C factory's JSON or node builder's) is
/// checked once it is built, and a JSON value before it becomes a tree.
/// A view over either limit fails its factory with `ViewLimitError`.
public struct ViewLimits: Sendable, Equatable {
    /// Most nodes.
    public var nodes: Int
    /// Most bytes of the flat form.
    public var bytes: Int

    public init(nodes: Int, bytes: Int) {
        self.nodes = nodes
        self.bytes = bytes
    }

    /// No limit at all.
    public static let unlimited = ViewLimits(nodes: .max, bytes: .max)

    /// Throws when `view` has more nodes or bytes than allowed.
    public func check(_ view: FlatView) throws(ViewLimitError) {
        if view.bytes.count > bytes { throw ViewLimitError(.bytes, limit: bytes) }
        if view.bytes.count / FlatView.headerSize > nodes && view.nodeCount > nodes { // every node takes a header
            throw ViewLimitError(.nodes, limit: nodes)
        }
    }

    /// Throws when the view `json` describes (its root, and the items of
    /// every "children" array below, as `ViewNode(json:)` reads them) has
    /// more nodes than allowed; stops counting at the limit. What is not a
    /// node is left for the decoder to refuse.
    public func check(json: JSON) throws(ViewLimitError) {
        var count = 0
        guard Self.count(json, into: &count, upTo: nodes) else { throw ViewLimitError(.nodes, limit: nodes) }
    }

    /// Adds the nodes of `json` to `count`; false once it passes `limit`.
    private static func count(_ json: JSON, into count: inout Int, upTo limit: Int) -> Bool {
        count += 1
        guard count <= limit else { return false }
        guard case .object(let node) = json, case .array(let children)? = node["children"] else { return true }
        for child in children where !Self.count(child, into: &count, upTo: limit) { return false }
        return true
    }
}

/// A component's view over one of its `ViewLimits`; its message names the
/// limit, its value and the C constant that sets it.
public struct ViewLimitError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Which: Sendable, Equatable {
        case nodes, bytes
    }

    public let which: Which
    public let limit: Int

    public init(_ which: Which, limit: Int) {
        self.which = which
        self.limit = limit
    }

    public var description: String {
        switch which {
        case .nodes: return "the view has more nodes than the node limit of \(limit) (SDUI_LIMIT_VIEW_NODES)"
        case .bytes: return "the view takes more than the view byte limit of \(limit) bytes (SDUI_LIMIT_VIEW_BYTES)"
        }
    }
}
