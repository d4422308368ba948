/// One layout of a view tree by `LayoutEngine`'s rules, written into a flat
/// array of frames rather than a tree of nodes.
///
/// The frames are in depth-first order: a node at index `i`, then each of
/// its children's subtrees in turn, so a subtree is a contiguous run of
/// frames and a child can be laid out again (an hstack narrowing it) in
/// place. Each frame is relative to its parent's frame (`LayoutEngine` makes
/// them relative to the root afterwards); `resolve` leaves a node's own
/// frame at (0, 0) and its parent places it. `ends[i]` is the
/// index after the subtree of node `i`, so a stack finds its children's
/// frames by stepping from one to the next. Nothing is allocated per node.
struct LayoutRun {
    let measurer: TextMeasurer
    /// `options.chrome` and `options.minInputWidth`, made usable.
    let chrome: Double
    let minInputWidth: Double
    /// Room for one frame, and one end, per node of the tree being laid out.
    let frames: UnsafeMutablePointer<Frame>
    let ends: UnsafeMutablePointer<Int>

    init(measurer: @escaping TextMeasurer, options: LayoutOptions, frames: UnsafeMutablePointer<Frame>,
         ends: UnsafeMutablePointer<Int>)
    {
        self.measurer = measurer
        chrome = AxisConstraint.amount(options.chrome)
        minInputWidth = AxisConstraint.amount(options.minInputWidth)
        self.frames = frames
        self.ends = ends
    }

    /// Lays out `node` into `frames[index...]` for a proposal, with the sizes
    /// its parent imposes; returns the index after its subtree.
    ///
    /// Nodes are passed by address, and read in place: a `ViewNode` is
    /// several reference-counted members, and copying one per node is what
    /// a layout would otherwise spend its time on.
    @discardableResult
    func resolve(_ node: UnsafePointer<ViewNode>, at index: Int, width: Double?, height: Double?,
                 forcedWidth: Double? = nil, forcedHeight: Double? = nil) -> Int
    {
        let kind = node.pointee.kind
        let chrome: Double
        switch kind {
        case .button, .image, .input: chrome = self.chrome
        default: chrome = 0
        }
        // What the layout reads of the style, read once: most nodes have none.
        let c: NodeConstraints
        var textStyle = TextStyle()
        var stack = StackStyle()
        if let box = node.pointee.styleBox {
            c = NodeConstraints(box, proposedWidth: width, proposedHeight: height, forcedWidth: forcedWidth,
                                forcedHeight: forcedHeight, chrome: chrome)
            textStyle = TextStyle(font: box.style.font, lineLimit: box.style.lineLimit)
            stack = StackStyle(spacing: AxisConstraint.amount(box.style.spacing), alignment: box.style.alignment,
                               distribution: box.style.distribution)
        } else {
            c = NodeConstraints(proposedWidth: width, proposedHeight: height, forcedWidth: forcedWidth,
                                forcedHeight: forcedHeight, chrome: chrome)
        }
        var size: Size
        var end = index + 1
        switch kind {
        case .text:
            size = c.resolve(measureText(LayoutRun.prop(node, "text") ?? "", textStyle, c))
        case .fallback:
            let text = LayoutRun.prop(node, "text")
                ?? "Unsupported component \"\(LayoutRun.prop(node, "componentType") ?? "")\""
            size = c.resolve(measureText(text, textStyle, c))
        case .error:
            size = c.resolve(measureText("✖ " + (LayoutRun.prop(node, "message") ?? ""), textStyle, c))
        case .image:
            let label = LayoutRun.prop(node, "alt") ?? LayoutRun.prop(node, "placeholder") ?? "image"
            size = c.resolve(measureText(label, textStyle, c))
        case .input:
            let shown = LayoutRun.prop(node, "value") ?? LayoutRun.prop(node, "placeholder") ?? ""
            let measured = measure(shown, textStyle.font, nil)
            size = c.resolve(Size(width: max(minInputWidth, measured.width), height: measured.height))
        case .spacer:
            size = c.resolve(Size(width: 0, height: 0))
        case .button:
            if let label = LayoutRun.prop(node, "label") {
                size = c.resolve(measureText(label, textStyle, c))
                LayoutRun.forEachChild(of: node) { child in
                    end = hide(child, at: end, x: c.contentX, y: c.contentY)
                }
            } else if node.pointee.children.isEmpty {
                size = c.resolve(measureText("", textStyle, c))
            } else {
                (size, end) = hstack(node, stack, at: index, c)
            }
        case .vstack, .list:
            (size, end) = vstack(node, stack, at: index, c)
        case .hstack:
            (size, end) = hstack(node, stack, at: index, c)
        case .zstack:
            (size, end) = zstack(node, stack, at: index, c)
        }
        frames[index] = Frame(x: 0, y: 0, width: size.width, height: size.height)
        ends[index] = end
        return end
    }

    /// Calls `body` with the address of each child of `node`, in order.
    @inline(__always)
    static func forEachChild(of node: UnsafePointer<ViewNode>, _ body: (UnsafePointer<ViewNode>) -> Void) {
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for i in 0..<children.count { body(first + i) }
        }
    }

    /// The content member `name` of a node. Most nodes have one member (a
    /// text, a label) and few have more than three, so they are compared
    /// rather than hashed.
    @inline(__always)
    static func prop(_ node: UnsafePointer<ViewNode>, _ name: String) -> String? {
        if node.pointee.props.count <= 4 {
            for (key, value) in node.pointee.props where key == name { return value }
            return nil
        }
        return node.pointee.props[name]
    }

    /// The measurer's size for a text, made safe: no NaN, nothing negative.
    func measure(_ text: String, _ font: String?, _ maxWidth: Double?) -> Size {
        let s = measurer(text, font, maxWidth)
        return Size(width: s.width.isFinite ? max(0, s.width) : 0, height: s.height.isFinite ? max(0, s.height) : 0)
    }

    /// A text measured at the node's inner width, its height capped by `lineLimit`.
    private func measureText(_ string: String, _ text: TextStyle, _ c: NodeConstraints) -> Size {
        var size = measure(string, text.font, c.horizontal.inner)
        if let limit = text.lineLimit, limit > 0 {
            size.height = min(size.height, Double(limit) * measure("M", text.font, nil).height)
        }
        return size
    }

    /// What a text reads of its node's style.
    struct TextStyle {
        var font: String? = nil
        var lineLimit: Int? = nil
    }

    /// What a stack reads of its style; `spacing` made usable (0 when unset).
    struct StackStyle {
        var spacing = 0.0
        var alignment: Style.Alignment? = nil
        var distribution: Style.Distribution? = nil
    }

    /// A node that is part of the tree but not shown (a labelled button's
    /// children): 0×0 at the given point, and so are its descendants (at
    /// its own corner). Returns the index after its subtree.
    func hide(_ node: UnsafePointer<ViewNode>, at index: Int, x: Double, y: Double) -> Int {
        frames[index] = Frame(x: x, y: y, width: 0, height: 0)
        var end = index + 1
        LayoutRun.forEachChild(of: node) { child in
            end = hide(child, at: end, x: 0, y: 0)
        }
        ends[index] = end
        return end
    }

    /// The number of nodes in the subtree of `node`, itself included.
    static func count(_ node: UnsafePointer<ViewNode>) -> Int {
        var n = 1
        forEachChild(of: node) { n += count($0) }
        return n
    }
}
