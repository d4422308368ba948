/// Lays out view trees. Parent proposes a size, child picks its own, parent
/// places it.
///
/// **Units.** Units are abstract: whatever the measurer returns. With
/// `Monospace.measurer` they are terminal cells, and every frame comes out
/// integral: free space is cut with `floor`, and the remainder is handed out
/// one unit at a time to the first items.
///
/// **Sizing a node.** A parent proposes a width and a height, each possibly
/// nil ("as much as you need"). On each axis:
/// - `width`/`height` as a number fix the size; `"fill"` takes the whole
///   proposal (when there is one, else it behaves as unset); a flexible
///   child's share in a stack is imposed by the stack. These are *definite*
///   sizes, known before the content.
/// - Otherwise the node is as large as its content plus its insets, but no
///   larger than the proposal: a content-sized node never overflows the
///   space it was offered (renderers clip what does not fit inside it).
/// - `minWidth/maxWidth/minHeight/maxHeight` clamp the result, whichever way
///   it was found, and win over the proposal (min wins over max).
/// - The content is proposed the definite size, or the proposal clamped by
///   min/max (or the max when there is no proposal), minus the insets — so a
///   fixed or clamped width also re-wraps a text.
/// - `padding` insets the content on its four edges. Buttons, images and
///   inputs also have `options.chrome` inside the padding on the left and the
///   right, where a terminal draws `[` and `]`.
///
/// **Leaves.**
/// - text: `measurer(text, style.font, inner width)`. fallback: its "text"
///   (or `Unsupported component "<type>"`); error: `"✖ " + message` (the
///   mark and a space, then the message, so a renderer draws that string).
///   `style.lineLimit` n > 0 caps a text's height at n lines, a line being
///   the height the measurer gives "M".
/// - button with a label: the measured label, plus chrome on each side;
///   as high as the label. With children and no label: an hstack of its
///   children (with the button's spacing, alignment and distribution),
///   plus chrome. With both, the label wins and the children get 0×0 frames
///   at the content's corner, so the layout tree keeps the view tree's shape.
///   With neither: an empty label (with the monospace measurer, 2×1: `[]`).
/// - input: `max(options.minInputWidth, measured(value ?? placeholder ?? ""))`
///   plus chrome on each side; the text is measured unbounded (an input
///   scrolls, it does not wrap), so it is as high as one line.
/// - image: sized like a button labelled `alt ?? placeholder ?? "image"`;
///   `width`/`height` in its style fix either or both sides (with only the
///   width fixed, the height is the label's, wrapped at that width).
/// - spacer: no content (0×0; min sizes apply). In a stack it is flexible
///   along the stack's axis with weight 1 (or `style.weight`); across it, and
///   outside a stack, it is 0 (or its min size).
/// - any other leaf: the rule at its kind's case in `LayoutRun.resolve`
///   (a kind with no rule of its own is laid out as a vstack: its children,
///   if it has any, in a column). The containers that flow (wrap, rail,
///   pager) are in `LayoutFlow`, the grid in `LayoutGrid`.
///
/// **vstack and list.** Children top to bottom, `spacing` (default 0) between
/// each two. Each child is proposed the stack's inner width and no height.
/// The stack's width is its widest child (the proposal when width is
/// "fill"); its height is the children's heights plus the spacing, plus
/// padding. Children are placed horizontally by `alignment`: leading (the
/// default; top and bottom also mean leading), center, trailing. When the
/// stack's height is definite (fixed, "fill" with a proposed height, or a
/// share imposed by a parent stack), flexible children — spacers, children
/// with `weight` > 0, children with height "fill" (weight 1 unless given) —
/// share the height the others and the spacing leave, by weight, within
/// their own min/max; they are laid out with that height imposed. A child
/// with a fixed height, or with weight 0, is never flexible. Whatever
/// remains free (no flexible children, or all of them at their maximum) is
/// placed by `distribution`: start (the default; fill is start), center,
/// end, spaceBetween, spaceAround. Without a definite height flexible
/// children take their own size (a spacer 0) and nothing is free.
///
/// **hstack.** Children left to right with `spacing`; the same rules across
/// axes, with one difference: the width is usually proposed, so
/// - the children that are not flexible are first measured with no width
///   proposal (their intrinsic width);
/// - if they fit in the inner width W, the flexible children (spacers,
///   weight > 0, width "fill") share what is left by weight, and the stack is
///   W wide; with no flexible child the stack is as wide as its children,
///   and if its width is definite the free space is placed by
///   `distribution`;
/// - if they overflow, each gets a narrower proposal: from the narrowest
///   intrinsic width up (ties in order), a child gets
///   `min(intrinsic, floor(remaining / children left))` and is laid out
///   again with that width when it is less than its intrinsic width (a text
///   wraps and grows taller); `remaining` starts as W minus the spacing and
///   the flexible children's minimums, and loses each child's actual width.
///   The flexible children share whatever is still free.
/// Children are proposed the stack's inner height (usually none). The stack
/// is as high as its tallest child; children are placed vertically by
/// `alignment`: top (the default; leading and trailing also mean top),
/// center, bottom. Without a width proposal everything takes its intrinsic
/// size.
///
/// **zstack.** Each child is proposed the inner size; the zstack is as large
/// as its largest child (width and height separately). Children are placed
/// by `alignment`, which names an edge and keeps the other axis at its
/// start: none or leading is top-leading, trailing top-trailing, top
/// top-leading, bottom bottom-leading; center centres on both axes.
///
/// **Bleed.** A container (a stack, list, grid, wrap, rail or pager) with
/// `bleed: true` reaches through its parent's padding: once the layout is
/// done, its frame grows into the parent's padding on each side where it
/// meets the parent's content box, up to the parent's edge (inside its
/// border; the parent's size does not change), and its children stay where
/// they were, so its content does not move and only its background (and
/// border) reach further. Which sides follow from where the parent placed
/// it: in a vstack a child as wide as the content bleeds left and right,
/// the first child up and the last down; in an hstack a child as high as
/// the row bleeds up and down (a shorter one only on the edge it is aligned
/// to), the first child left and the last right; right to left, the first
/// child is the one at the right edge, so it bleeds right. A zstack's
/// children meet every edge they are as large as. Nodes laid out 0×0
/// (hidden pages and children) and the component's root do not bleed;
/// leaves and buttons ignore `bleed`. A bleeding child of a bleeding node
/// reaches its parent's padding as laid out (not the grandparent's).
///
/// **Frames** are relative to the component's root (absolute within the
/// component, origin (0, 0) at its top-left corner), not to the parent.
/// Centring rounds down; a child larger than the space it is aligned in
/// starts at the start.
///
/// **Robustness.** Any tree lays out: empty containers are their insets
/// (0×0 without padding), negative proposals count as 0 and NaN or infinite
/// ones as none, NaN, infinite and negative style values are ignored (or
/// count as 0), so are a measurer's, negative leftovers count as 0, and no
/// width or height is ever negative. Each hstack may lay a child out twice
/// (intrinsic, then narrower), so deeply nested overflowing hstacks cost
/// more than their node count.
///
/// **How it runs.** The view tree is first compiled into flat arrays
/// (`LayoutTree`), and a layout is computed from them into a flat array of
/// frames, one per view node in depth-first order (`LayoutRun`), with no
/// tree of `LayoutNode` values built on the way: `layout` makes that tree
/// from the frames, and the engine's layout cache keeps each component's
/// compiled tree (made once per render) and frames, and writes them as JSON
/// directly (`LayoutTemplate`, `LayoutWriter`).
public struct LayoutEngine {
    /// Measures text: cells by default (`Monospace.measurer`).
    public var measurer: TextMeasurer {
        get { hostMeasurer ?? Monospace.measurer }
        set { hostMeasurer = newValue }
    }
    /// The measurer set, nil for the default: the monospace measurer, which
    /// the layout runs on the texts' bytes without making strings.
    var hostMeasurer: TextMeasurer?
    /// Chrome and minimum sizes.
    public var options: LayoutOptions

    /// An engine with a measurer (the monospace one when nil) and options.
    public init(measurer: TextMeasurer? = nil, options: LayoutOptions = LayoutOptions()) {
        hostMeasurer = measurer
        self.options = options
    }

    /// Lays out `node` for an available width (and height when the
    /// component has one; nil = as tall as it needs), origin (0,0).
    public func layout(_ node: ViewNode, width: Double, height: Double? = nil) -> LayoutNode {
        let frames = self.frames(of: node, width: width, height: height)
        return frames.withUnsafeBufferPointer { LayoutNode(node, frames: $0) }
    }

    /// The size `node` takes for a proposal (exposed for tests).
    public func size(of node: ViewNode, proposedWidth: Double?, proposedHeight: Double?) -> Size {
        let frames = self.frames(of: node, width: proposedWidth, height: proposedHeight)
        return Size(width: frames[0].width, height: frames[0].height)
    }

    /// The frames of `node` laid out at (0, 0) for a proposal (nil, NaN
    /// and +∞: none; negatives count as 0): one per node of the tree in
    /// depth-first order (a node, then its children's subtrees in order),
    /// relative to the root's corner.
    func frames(of node: ViewNode, width: Double?, height: Double?) -> [Frame] {
        let tree = withUnsafePointer(to: node) { LayoutTree($0, chrome: chrome) }
        return [Frame](unsafeUninitializedCapacity: tree.count) { buffer, initialized in
            layOut(tree, width: AxisConstraint.proposal(width), height: AxisConstraint.proposal(height),
                   into: buffer.baseAddress!)
            initialized = tree.count
        }
    }

    /// `options.chrome` made usable: what trees laid out by this engine are
    /// compiled with (`LayoutTree(_:chrome:)`).
    var chrome: Double {
        AxisConstraint.amount(options.chrome)
    }

    /// `frames(of:width:height:)` for the view tree compiled in `tree` (with
    /// this engine's `chrome`), for a proposal made usable (+∞: none),
    /// written into `frames` (room for `tree.count`).
    func layOut(_ tree: LayoutTree, width: Double, height: Double, into frames: UnsafeMutablePointer<Frame>) {
        let minInputWidth = AxisConstraint.amount(options.minInputWidth)
        if let hostMeasurer {
            LayoutEngine.layOut(tree.pointers, count: tree.count, measurer: HostMeasuring(measurer: hostMeasurer),
                                minInputWidth: minInputWidth, width: width, height: height, into: frames)
        } else {
            LayoutEngine.layOut(tree.pointers, count: tree.count, measurer: MonospaceBytes(options),
                                minInputWidth: minInputWidth, width: width, height: height, into: frames)
        }
    }

    /// `layOut` for the tree of `count` nodes with arrays `tree`, measured
    /// by `measurer`, `minInputWidth` made usable.
    static func layOut<M: LayoutMeasuring>(_ tree: LayoutTree.Pointers, count: Int, measurer: M, minInputWidth: Double,
                                           width: Double, height: Double, into frames: UnsafeMutablePointer<Frame>)
    {
        _ = LayoutRun.with(measurer: measurer, minInputWidth: minInputWidth, tree: tree, frames: frames) { run in
            run.resolve(0, width: width, height: height)
        }
        bleed(UnsafeMutableBufferPointer(start: frames, count: count), tree.nodes, tree.boxes)
        makeAbsolute(UnsafeMutableBufferPointer(start: frames, count: count), tree.nodes)
    }

    /// Grows the frames of bleeding nodes (frames still relative to the
    /// parent) into their parents' padding, where they meet the parent's
    /// content box, and moves their children back by as much, so what they
    /// show does not move. Last node first: a node has bled before its
    /// parent does, so it reaches its parent's padding as the parent was
    /// laid out, and the parent's own bleed then moves it with the rest.
    static func bleed(_ frames: UnsafeMutableBufferPointer<Frame>, _ nodes: UnsafePointer<LayoutTree.Node>,
                      _ boxes: UnsafePointer<LayoutBox>)
    {
        guard let f = frames.baseAddress else { return }
        var i = frames.count - 1
        while i > 0 {
            defer { i -= 1 }
            guard boxes[Int(nodes[i].box)].bleed else { continue }
            let p = Int(nodes[i].parent)
            let parent = boxes + Int(nodes[p].box)
            let child = f[i]
            // Hidden nodes (a pager's other pages, a labelled button's children) stay 0×0.
            if f[p].width == 0 && f[p].height == 0 || child.width == 0 && child.height == 0 { continue }
            let left = parent.pointee.contentX, top = parent.pointee.contentY
            let right = f[p].width - (parent.pointee.insetWidth - left)
            let bottom = f[p].height - (parent.pointee.insetHeight - top)
            let slack = 1e-6
            let l = child.x <= left + slack ? parent.pointee.paddingLeading : 0
            let t = child.y <= top + slack ? parent.pointee.paddingTop : 0
            let r = child.x + child.width >= right - slack ? parent.pointee.paddingTrailing : 0
            let b = child.y + child.height >= bottom - slack ? parent.pointee.paddingBottom : 0
            if l == 0 && t == 0 && r == 0 && b == 0 { continue }
            f[i] = Frame(x: child.x - l, y: child.y - t, width: child.width + l + r, height: child.height + t + b)
            var k = i + 1
            for _ in 0..<Int(nodes[i].children) {
                f[k].x += l
                f[k].y += t
                k = Int(nodes[k].end)
            }
        }
    }

    /// Turns frames relative to the parent into frames relative to the root:
    /// each child's corner moves by its parent's, parents first.
    static func makeAbsolute(_ frames: UnsafeMutableBufferPointer<Frame>, _ nodes: UnsafePointer<LayoutTree.Node>) {
        guard let f = frames.baseAddress else { return }
        for i in 1..<max(1, frames.count) {
            let parent = f + Int(nodes[i].parent) // before i: made relative to the root already
            f[i].x += parent.pointee.x
            f[i].y += parent.pointee.y
        }
    }
}
