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

    /// The order of `tree` laid out in `frames` (one per node, depth first).
    /// It reads the compiled tree's nodes (`LayoutTree.Node.reading`), so
    /// it costs a few integers a node, not a walk of the view nodes.
    init(_ tree: LayoutTree, frames: UnsafeBufferPointer<Frame>) {
        guard tree.count > 0 else { return }
        let found = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * tree.count)
        defer { found.deallocate() }
        let (elementCount, imageCount) = ReadingOrder.walk(tree, frames, elements: found, images: found + tree.count)
        elements = (0..<elementCount).map { Int(found[$0]) }
        images = (0..<imageCount).map { Int(found[tree.count + $0]) }
    }

    /// Writes the reading order of `tree` laid out in `frames` to
    /// `elements`, and its pictures' to `images` when it is given (each with
    /// room for `tree.count` indexes); returns how many of each it wrote.
    /// It reads the compiled tree's nodes (`LayoutTree.Node.reading`), a few
    /// integers a node, and allocates only scratch space.
    static func walk(_ tree: LayoutTree, _ frames: UnsafeBufferPointer<Frame>, elements: UnsafeMutablePointer<Int32>,
                     images: UnsafeMutablePointer<Int32>?) -> (elements: Int, images: Int)
    {
        guard tree.count > 0 else { return (0, 0) }
        // The children of the nodes on the path being visited; never more than the nodes.
        let scratch = UnsafeMutablePointer<Int>.allocate(capacity: tree.count)
        defer { scratch.deallocate() }
        var walker = Walker(nodes: tree.pointers.nodes, frames: frames, elements: elements, images: images)
        walker.visit(0, rtl: false, inElement: false, scratch)
        return (walker.elementCount, walker.imageCount)
    }

    /// One walk's state.
    private struct Walker {
        let nodes: UnsafePointer<LayoutTree.Node>
        let frames: UnsafeBufferPointer<Frame>
        let elements: UnsafeMutablePointer<Int32>
        let images: UnsafeMutablePointer<Int32>?
        var elementCount = 0, imageCount = 0

        /// Visits node `own` and its subtree; `scratch` is free memory for
        /// the children's indexes of it and the nodes below.
        mutating func visit(_ own: Int, rtl: Bool, inElement: Bool, _ scratch: UnsafeMutablePointer<Int>) {
            let frame = frames[own]
            guard frame.width > 0 && frame.height > 0 else { return }
            let node = nodes[own]
            var inElement = inElement
            if !inElement && node.reading & LayoutTree.readsAsElement != 0 {
                elements[elementCount] = Int32(own)
                elementCount += 1
                inElement = true
            }
            if node.kind == .image, let images {
                images[imageCount] = Int32(own)
                imageCount += 1
            }
            // Inside an element only pictures are wanted.
            guard node.children > 0, !inElement || images != nil else { return }
            let rtl = node.reading & LayoutTree.readsRTL != 0 ? true
                : node.reading & LayoutTree.readsLTR != 0 ? false : rtl
            let children = UnsafeMutableBufferPointer(start: scratch, count: Int(node.children))
            var child = own + 1
            for i in children.indices {
                children[i] = child
                child = Int(nodes[child].end)
            }
            if children.count > 1 && node.kind != .zstack { ReadingOrder.sortVisually(children, frames, rtl: rtl) }
            for start in children {
                visit(start, rtl: rtl, inElement: inElement, scratch + children.count)
            }
        }
    }

    /// Puts the children starting at `starts` in rows (see the type's comment).
    private static func sortVisually(_ items: UnsafeMutableBufferPointer<Int>, _ frames: UnsafeBufferPointer<Frame>,
                                     rtl: Bool)
    {
        var starts = items
        // Depth-first indexes grow with the children's order, so they break ties as the children's order would.
        if !isSorted(starts, by: { a, b in (frames[a].y, a) < (frames[b].y, b) }) {
            starts.sort { a, b in (frames[a].y, a) < (frames[b].y, b) }
        }
        var rowStart = 0
        var bottom = -Double.infinity
        func flush(_ end: Int) {
            guard end - rowStart > 1 else { return }
            var row = UnsafeMutableBufferPointer(rebasing: starts[rowStart..<end])
            let before: (Int, Int) -> Bool = { a, b in
                let fa = frames[a], fb = frames[b]
                return rtl ? (-(fa.x + fa.width), a) < (-(fb.x + fb.width), b) : (fa.x, a) < (fb.x, b)
            }
            if !isSorted(row, by: before) { row.sort(by: before) }
        }
        for i in starts.indices {
            let frame = frames[starts[i]]
            if i > rowStart && frame.y >= bottom {
                flush(i)
                rowStart = i
            }
            bottom = i == rowStart ? frame.y + frame.height : max(bottom, frame.y + frame.height)
        }
        flush(starts.count)
    }

    /// Whether `items` are in the order `before` gives (the common case: a
    /// stack's children are laid out in their order).
    private static func isSorted(_ items: UnsafeMutableBufferPointer<Int>, by before: (Int, Int) -> Bool) -> Bool {
        var i = 1
        while i < items.count {
            if before(items[i], items[i - 1]) { return false }
            i += 1
        }
        return true
    }
}
