/// The order a screen reader visits a laid-out component's nodes, and the
/// order its pictures are on the screen, read off the frames.
///
/// The rule, applied in each container from the root down:
/// - a node laid out empty (0 wide or 0 high: a pager's hidden pages) is
///   not on the screen and is skipped with everything inside it;
/// - a container's children are taken in rows: ordered by their top edge,
///   a child whose top is above the bottom of the row so far (they overlap
///   vertically) joins that row, else it starts the next one; rows go top
///   to bottom, and within a row the children go leading to trailing: left
///   to right, or right to left under `direction: rtl` (the node's own, or
///   the nearest ancestor's that says); ties keep the children's order. A
///   zstack's children keep their order (back to front);
/// - an element is a node whose role (`Accessibility.role(of:)`) is one a
///   reader visits as a whole (`Role.isElement`: buttons, tap targets,
///   texts, images, inputs…): it is listed, and nothing inside it is; a
///   node with no role, or a grouping role (list, group, none…), is not
///   listed, and its children are visited.
///
/// Images are listed in the same visual order, those inside elements too.
struct ReadingOrder: Sendable, Equatable {
    /// The elements, as indexes of their nodes in depth-first order (the
    /// frames' order), in the order a reader visits them.
    var elements: [Int] = []
    /// The image nodes on the screen, as depth-first indexes, in visual order.
    var images: [Int] = []

    /// The order of `view` laid out in `frames` (one per node, depth first).
    init(_ view: ViewNode, frames: UnsafeBufferPointer<Frame>) {
        var index = 0
        visit(view, frames, &index, rtl: false, inElement: false)
    }

    /// Visits `node`, whose depth-first index is `index` (moved past its subtree).
    private mutating func visit(_ node: ViewNode, _ frames: UnsafeBufferPointer<Frame>, _ index: inout Int, rtl: Bool,
                                inElement: Bool)
    {
        let own = index
        index += 1
        let frame = frames[own]
        guard frame.width > 0 && frame.height > 0 else {
            index = own + ReadingOrder.size(node)
            return
        }
        var inElement = inElement
        if !inElement, let role = Accessibility.role(of: node), role.isElement {
            elements.append(own)
            inElement = true
        }
        if node.kind == .image { images.append(own) }
        guard !node.children.isEmpty else { return }
        let rtl = node.style.direction.map { $0 == .rtl } ?? rtl
        var starts: [Int] = [] // each child's depth-first index
        starts.reserveCapacity(node.children.count)
        for child in node.children {
            starts.append(index)
            index += ReadingOrder.size(child)
        }
        let end = index
        for i in ReadingOrder.visualOrder(starts, frames, rtl: rtl, keepOrder: node.kind == .zstack) {
            var at = starts[i]
            visit(node.children[i], frames, &at, rtl: rtl, inElement: inElement)
        }
        index = end
    }

    /// The positions of the children starting at `starts`, in rows (see the type's comment).
    private static func visualOrder(_ starts: [Int], _ frames: UnsafeBufferPointer<Frame>, rtl: Bool, keepOrder: Bool)
        -> [Int]
    {
        let byTop = starts.indices.sorted { a, b in
            let fa = frames[starts[a]], fb = frames[starts[b]]
            return keepOrder ? a < b : (fa.y, a) < (fb.y, b)
        }
        guard !keepOrder else { return byTop }
        var order: [Int] = []
        order.reserveCapacity(starts.count)
        var row: [Int] = []
        var bottom = -Double.infinity
        func flush() {
            row.sort { a, b in
                let fa = frames[starts[a]], fb = frames[starts[b]]
                return rtl ? (-(fa.x + fa.width), a) < (-(fb.x + fb.width), b) : (fa.x, a) < (fb.x, b)
            }
            order += row
            row.removeAll(keepingCapacity: true)
        }
        for i in byTop {
            let frame = frames[starts[i]]
            if !row.isEmpty && frame.y >= bottom { flush() }
            if row.isEmpty { bottom = frame.y + frame.height } else { bottom = max(bottom, frame.y + frame.height) }
            row.append(i)
        }
        flush()
        return order
    }

    /// The number of nodes in `node`'s subtree.
    private static func size(_ node: ViewNode) -> Int {
        node.nodeCount
    }
}
