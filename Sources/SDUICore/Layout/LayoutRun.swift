/// One layout of a `LayoutTree` by `LayoutEngine`'s rules, written into a
/// flat array of frames, one per node in the tree's depth-first order.
///
/// A subtree is a contiguous run of frames, so a child can be laid out again
/// (an hstack narrowing it) in place. Each frame is relative to its parent's
/// frame (`LayoutEngine` makes them relative to the root afterwards);
/// `resolve` leaves a node's own frame at (0, 0) and its parent places it.
/// Nothing is allocated per node (but for flexible children and wide
/// overflowing hstacks), nothing is reference-counted, and "none" is +∞ for
/// proposals and sizes (see `AxisConstraint`). The run itself is four
/// pointers, passed in registers from node to node.
struct LayoutRun<Measure: LayoutMeasuring> {
    let nodes: UnsafePointer<LayoutTree.Node>
    let boxes: UnsafePointer<LayoutBox>
    /// Room for one frame per node of the tree.
    let frames: UnsafeMutablePointer<Frame>
    /// The rest, read where texts are measured.
    let context: UnsafePointer<Context>

    /// What a run reads besides its nodes, boxes and frames.
    struct Context {
        /// The tree's arrays.
        let tree: LayoutTree.Pointers
        /// How texts are measured.
        let measurer: Measure
        /// `options.minInputWidth`, made usable (the chrome is in the tree's boxes).
        let minInputWidth: Double
    }

    /// Calls `body` with a run of the tree with arrays `tree` into `frames`
    /// (room for one frame per node).
    static func with<R>(measurer: Measure, minInputWidth: Double, tree: LayoutTree.Pointers,
                        frames: UnsafeMutablePointer<Frame>, _ body: (LayoutRun) -> R) -> R
    {
        withUnsafePointer(to: Context(tree: tree, measurer: measurer, minInputWidth: minInputWidth)) { context in
            body(LayoutRun(nodes: tree.nodes, boxes: tree.boxes, frames: frames, context: context))
        }
    }

    /// Lays out node `index` into `frames[index...]` for a proposal (+∞:
    /// none), with the sizes its parent imposes (+∞: none); returns the
    /// index after its subtree.
    @discardableResult
    func resolve(_ index: Int, width: Double, height: Double, forcedWidth: Double = .infinity,
                 forcedHeight: Double = .infinity) -> Int
    {
        let node = nodes + index
        let box = boxes + Int(node.pointee.box)
        let c = NodeConstraints(box, proposedWidth: width, proposedHeight: height, forcedWidth: forcedWidth,
                                forcedHeight: forcedHeight)
        var size: Size
        switch node.pointee.kind {
        case .image where box.pointee.aspectRatio > 0 || box.pointee.naturalWidth < .infinity:
            size = c.resolve(pictureSize(node.pointee.text, box, c))
        case .text, .fallback, .error, .image, .paragraph:
            size = c.resolve(measureText(node.pointee.text, box, c))
        case .input:
            let measured = context.pointee.measurer.measure(node.pointee.text, font: box.pointee.font,
                                                            maxWidth: .infinity, in: context)
            size = c.resolve(Size(width: max(context.pointee.minInputWidth, measured.width), height: measured.height))
        case .spacer:
            size = c.resolve(Size(width: 0, height: 0))
        case .divider: // as wide as offered (none: 0), one line high; the host draws its line
            let line = context.pointee.measurer.lineHeight(font: box.pointee.font, in: context)
            size = c.resolve(Size(width: c.horizontal.inner < .infinity ? c.horizontal.inner : 0, height: line))
        case .button:
            if node.pointee.text >= 0 {
                // A label (or nothing at all): its children are hidden.
                size = c.resolve(measureText(node.pointee.text, box, c))
                if node.pointee.children > 0 { hideChildren(of: index, x: c.contentX, y: c.contentY) }
            } else {
                size = hstack(index, box, c)
            }
        case .hstack:
            size = hstack(index, box, c)
        case .zstack:
            size = zstack(index, box, c)
        case .grid:
            size = grid(index, box, c)
        case .wrap:
            size = wrap(index, box, c)
        case .rail:
            size = rail(index, box, c)
        case .pager:
            size = pager(index, box, c)
        default: // vstack, list and any kind with no rule of its own: its children in a column
            size = vstack(index, box, c)
        }
        frames[index] = Frame(x: 0, y: 0, width: size.width, height: size.height)
        if box.pointee.direction == 2, node.pointee.children > 0 { mirror(index) }
        return Int(node.pointee.end)
    }

    /// Right to left: mirrors the children of node `index` across its content
    /// box, and theirs across their own, down to the nodes that set a
    /// direction of their own (they laid themselves out already).
    private func mirror(_ index: Int) {
        let box = boxes + Int(nodes[index].box)
        let start = box.pointee.contentX
        let inner = max(0, frames[index].width - box.pointee.insetWidth)
        var child = index + 1
        for _ in 0..<Int(nodes[index].children) {
            frames[child].x = 2 * start + inner - frames[child].x - frames[child].width
            if boxes[Int(nodes[child].box)].direction == 0, nodes[child].children > 0 { mirror(child) }
            child = Int(nodes[child].end)
        }
    }

    /// A text measured at the node's inner width, its height capped by `lineLimit`.
    @inline(__always)
    private func measureText(_ text: Int32, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        var size = context.pointee.measurer.measure(text, font: box.pointee.font, maxWidth: c.horizontal.inner,
                                                    in: context)
        if box.pointee.lineLimit > 0 {
            let line = context.pointee.measurer.lineHeight(font: box.pointee.font, in: context)
            size.height = min(size.height, Double(box.pointee.lineLimit) * line)
        }
        return size
    }

    /// The content size of an image sized from its picture: with an aspect
    /// ratio, the side that is known (definite) decides the other; with
    /// neither known, the picture's natural width (else its label's),
    /// narrowed to the proposal, decides. Whole units, rounded up, so frames
    /// stay integral in terminal cells.
    private func pictureSize(_ label: Int32, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        let b = box.pointee
        let width = c.horizontal.innerDefinite, height = c.vertical.innerDefinite
        guard b.aspectRatio > 0 else { // a natural size and no ratio: as reported, narrowed to fit
            return Size(width: min(b.naturalWidth, c.horizontal.inner), height: b.naturalHeight)
        }
        if width < .infinity && height < .infinity { return Size(width: width, height: height) }
        if width < .infinity { return Size(width: width, height: (width / b.aspectRatio).rounded(.up)) }
        if height < .infinity { return Size(width: (height * b.aspectRatio).rounded(.up), height: height) }
        let natural = b.naturalWidth < .infinity ? b.naturalWidth : measureText(label, box, c).width
        let w = min(natural, c.horizontal.inner)
        return Size(width: w, height: (w / b.aspectRatio).rounded(.up))
    }

    /// The children of node `index`, part of the tree but not shown (a
    /// labelled button's): 0×0 at the given point, and so are their
    /// descendants (at their own corner).
    func hideChildren(of index: Int, x: Double, y: Double) {
        let end = Int(nodes[index].end)
        for k in index + 1..<end {
            frames[k] = Frame(x: 0, y: 0, width: 0, height: 0)
        }
        var child = index + 1
        while child < end {
            frames[child].x = x
            frames[child].y = y
            child = Int(nodes[child].end)
        }
    }
}
