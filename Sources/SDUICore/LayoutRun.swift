/// One layout of a `LayoutTree` by `LayoutEngine`'s rules, written into a
/// flat array of frames, one per node in the tree's depth-first order.
///
/// A subtree is a contiguous run of frames, so a child can be laid out again
/// (an hstack narrowing it) in place. Each frame is relative to its parent's
/// frame (`LayoutEngine` makes them relative to the root afterwards);
/// `resolve` leaves a node's own frame at (0, 0) and its parent places it.
/// Nothing is allocated per node.
struct LayoutRun {
    /// The host's measurer; nil for the monospace one, which is run on the
    /// texts' bytes (`Monospace.measureFast`) without making strings.
    let measurer: TextMeasurer?
    /// `options.chrome` and `options.minInputWidth`, made usable.
    let chrome: Double
    let minInputWidth: Double
    let tree: LayoutTree.Pointers
    /// Room for one frame per node of the tree.
    let frames: UnsafeMutablePointer<Frame>

    init(measurer: TextMeasurer?, options: LayoutOptions, tree: LayoutTree.Pointers,
         frames: UnsafeMutablePointer<Frame>)
    {
        self.measurer = measurer
        chrome = AxisConstraint.amount(options.chrome)
        minInputWidth = AxisConstraint.amount(options.minInputWidth)
        self.tree = tree
        self.frames = frames
    }

    /// Lays out node `index` into `frames[index...]` for a proposal, with
    /// the sizes its parent imposes; returns the index after its subtree.
    @discardableResult
    func resolve(_ index: Int, width: Double?, height: Double?, forcedWidth: Double? = nil,
                 forcedHeight: Double? = nil) -> Int
    {
        let node = tree.nodes[index]
        let chrome: Double
        switch node.kind {
        case .button, .image, .input: chrome = self.chrome
        default: chrome = 0
        }
        let style = node.style >= 0 ? tree.styles! + Int(node.style) : nil
        let c = NodeConstraints(style, proposedWidth: width, proposedHeight: height, forcedWidth: forcedWidth,
                                forcedHeight: forcedHeight, chrome: chrome)
        var size: Size
        switch node.kind {
        case .text, .fallback, .error, .image:
            size = c.resolve(measureText(node.text, style, c))
        case .input:
            let measured = measure(node.text, style?.pointee.font ?? -1, nil)
            size = c.resolve(Size(width: max(minInputWidth, measured.width), height: measured.height))
        case .spacer:
            size = c.resolve(Size(width: 0, height: 0))
        case .button:
            if node.text >= 0 {
                // A label (or nothing at all): its children are hidden.
                size = c.resolve(measureText(node.text, style, c))
                hideChildren(of: index, x: c.contentX, y: c.contentY)
            } else {
                size = hstack(index, style, c)
            }
        case .vstack, .list:
            size = vstack(index, style, c)
        case .hstack:
            size = hstack(index, style, c)
        case .zstack:
            size = zstack(index, style, c)
        }
        frames[index] = Frame(x: 0, y: 0, width: size.width, height: size.height)
        return Int(node.end)
    }

    /// The measurer's size for string `text` of the tree (with font `font`,
    /// -1 for none), made safe: no NaN, nothing negative.
    func measure(_ text: Int32, _ font: Int32, _ maxWidth: Double?) -> Size {
        let s: Size
        if let measurer {
            s = measurer(tree.strings![Int(text)], font >= 0 ? tree.strings![Int(font)] : nil, maxWidth)
        } else if let fast = measureCells(text, Monospace.cells(maxWidth)) {
            s = fast
        } else {
            s = Monospace.measurer(tree.strings![Int(text)], nil, maxWidth)
        }
        return LayoutRun.safe(s)
    }

    /// The monospace measurer's size for string `text` within `cells`
    /// (nil: unbounded) from its bytes, or nil when it needs the general path.
    @inline(__always)
    private func measureCells(_ text: Int32, _ cells: Int?) -> Size? {
        let line = Int(tree.lineCells![Int(text)])
        if line >= 0, line <= cells ?? Int.max { return Size(width: Double(line), height: 1) } // all on one line
        return Monospace.measureFast(tree.bytes(text), maxWidth: cells, printableASCII: tree.printable![Int(text)])
    }

    /// The measurer's size for one line of "M" in `font`: the line height of `lineLimit`.
    func lineHeight(_ font: Int32) -> Double {
        let m = measurer ?? Monospace.measurer
        return LayoutRun.safe(m("M", font >= 0 ? tree.strings![Int(font)] : nil, nil)).height
    }

    /// A measured size with NaN and negative sides made 0.
    static func safe(_ s: Size) -> Size {
        Size(width: s.width.isFinite ? max(0, s.width) : 0, height: s.height.isFinite ? max(0, s.height) : 0)
    }

    /// A text measured at the node's inner width, its height capped by `lineLimit`.
    private func measureText(_ text: Int32, _ style: UnsafePointer<LayoutTree.NodeStyle>?,
                             _ c: NodeConstraints) -> Size
    {
        guard let style else { return measure(text, -1, c.horizontal.inner) }
        var size = measure(text, style.pointee.font, c.horizontal.inner)
        if let limit = style.pointee.lineLimit, limit > 0 {
            size.height = min(size.height, Double(limit) * lineHeight(style.pointee.font))
        }
        return size
    }

    /// The children of node `index`, part of the tree but not shown (a
    /// labelled button's): 0×0 at the given point, and so are their
    /// descendants (at their own corner).
    private func hideChildren(of index: Int, x: Double, y: Double) {
        let end = Int(tree.nodes[index].end)
        for k in index + 1..<end {
            frames[k] = Frame(x: 0, y: 0, width: 0, height: 0)
        }
        var child = index + 1
        while child < end {
            frames[child].x = x
            frames[child].y = y
            child = Int(tree.nodes[child].end)
        }
    }
}
