/// What the layout reads of one node's style, made usable once per render
/// (when its view tree is compiled into a `LayoutTree`) rather than at every
/// layout: amounts cleaned (`AxisConstraint.amount`, `minimum`, `maximum`),
/// padding and chrome summed into insets, a fixed size clamped, and the
/// node's weight as a flexible child worked out for each stack axis.
///
/// Nothing here is optional: "none" is +∞ for a maximum or a fixed size
/// (no usable length is ever +∞), 0 for a weight (not flexible) and for a
/// line limit, -1 for a font.
struct LayoutBox {
    /// Leading plus trailing inset (padding, plus chrome on each side for
    /// buttons, images and inputs), and top plus bottom padding.
    var insetWidth = 0.0
    var insetHeight = 0.0
    /// Offset of the content box from the node's top-left corner.
    var contentX = 0.0
    var contentY = 0.0
    /// The style's min/max, made usable; +∞ for no maximum.
    var minWidth = 0.0
    var maxWidth = Double.infinity
    var minHeight = 0.0
    var maxHeight = Double.infinity
    /// A fixed size (`width`/`height` as a usable number), clamped; +∞ when there is none.
    var fixedWidth = Double.infinity
    var fixedHeight = Double.infinity
    /// `width`/`height` is "fill".
    var fillWidth = false
    var fillHeight = false
    /// The node's weight as a flexible child of an hstack (along the
    /// width) and of a vstack (along the height); 0 when it takes its own size.
    var flexWidth = 0.0
    var flexHeight = 0.0
    /// A stack's spacing (0 when unset), alignment and distribution.
    var spacing = 0.0
    var alignment: Style.Alignment?
    var distribution: Style.Distribution?
    /// A text's line limit, 0 for none; its font in the tree's strings, or -1.
    var lineLimit = 0
    var font: Int32 = -1
    /// An image's width over its height (the style's, else its picture's),
    /// 0 for none; its picture's reported size, +∞ when unknown.
    var aspectRatio = 0.0
    var naturalWidth = Double.infinity
    var naturalHeight = Double.infinity
    /// The style's direction: 0 unset (the parent's), 1 left to right, 2 right to left.
    var direction: UInt8 = 0
    /// The padding on each edge (what a bleeding child reaches through), made usable.
    var paddingTop = 0.0, paddingLeading = 0.0, paddingBottom = 0.0, paddingTrailing = 0.0
    /// The style's `bleed`, for a kind that bleeds (`bleeds(_:)`).
    var bleed = false

    /// The box of a node of `kind` with `style` (nil: none), `chrome` the
    /// usable chrome of buttons, images and inputs, `font` the index of the
    /// style's font.
    init(_ kind: ViewNode.Kind, style: Style?, chrome: Double, font: Int32 = -1) {
        let chrome = LayoutBox.hasChrome(kind) ? chrome : 0
        self.font = font
        let isSpacer = kind == .spacer
        guard let s = style else {
            // As with a style and no padding: the insets are 0 + chrome on each side.
            insetWidth = chrome + chrome
            contentX = chrome
            if isSpacer { (flexWidth, flexHeight) = (1, 1) }
            return
        }
        let border = AxisConstraint.amount(s.borderWidth) // inside the frame, around the padding
        let top = AxisConstraint.amount(s.padding?.top) + border
        let bottom = AxisConstraint.amount(s.padding?.bottom) + border
        let leading = AxisConstraint.amount(s.padding?.leading) + chrome + border
        let trailing = AxisConstraint.amount(s.padding?.trailing) + chrome + border
        paddingTop = AxisConstraint.amount(s.padding?.top)
        paddingLeading = AxisConstraint.amount(s.padding?.leading)
        paddingBottom = AxisConstraint.amount(s.padding?.bottom)
        paddingTrailing = AxisConstraint.amount(s.padding?.trailing)
        bleed = s.bleed == true && LayoutBox.bleeds(kind)
        insetWidth = leading + trailing
        insetHeight = top + bottom
        contentX = leading
        contentY = top
        minWidth = AxisConstraint.minimum(s.minWidth)
        maxWidth = AxisConstraint.maximum(s.maxWidth) ?? .infinity
        minHeight = AxisConstraint.minimum(s.minHeight)
        maxHeight = AxisConstraint.maximum(s.maxHeight) ?? .infinity
        if case .points(let n)? = s.width, let length = AxisConstraint.length(n) {
            fixedWidth = AxisConstraint.clamp(length, minWidth, maxWidth)
        }
        if case .points(let n)? = s.height, let length = AxisConstraint.length(n) {
            fixedHeight = AxisConstraint.clamp(length, minHeight, maxHeight)
        }
        fillWidth = s.width == .fill
        fillHeight = s.height == .fill
        flexWidth = LayoutBox.weight(s.width, s.weight, isSpacer: isSpacer)
        flexHeight = LayoutBox.weight(s.height, s.weight, isSpacer: isSpacer)
        spacing = AxisConstraint.amount(s.spacing)
        alignment = s.alignment
        distribution = s.distribution
        if let limit = s.lineLimit, limit > 0 { lineLimit = limit }
        if let ratio = s.aspectRatio, ratio > 0, ratio.isFinite { aspectRatio = ratio }
        if let d = s.direction { direction = d == .rtl ? 2 : 1 }
    }

    /// Gives an image box its picture's reported size: its natural size,
    /// and its aspect ratio unless the style gave one.
    mutating func picture(_ size: Size) {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return }
        naturalWidth = size.width
        naturalHeight = size.height
        if aspectRatio == 0 { aspectRatio = size.width / size.height }
    }

    /// Buttons, images and inputs have chrome inside their padding.
    static func hasChrome(_ kind: ViewNode.Kind) -> Bool {
        switch kind {
        case .button, .image, .input: return true
        default: return false
        }
    }

    /// The kinds whose content is their children, which a bleed leaves in
    /// place: not leaves (their content is drawn from their frame) nor
    /// buttons (their chrome is).
    static func bleeds(_ kind: ViewNode.Kind) -> Bool {
        kind.isContainer && kind != .button
    }

    /// The weight of a styled node as a flexible item along a stack's axis,
    /// `dimension` its size on that axis; 0 when it takes its own size: a
    /// fixed size or an explicit weight of 0 is never flexible; an explicit
    /// weight > 0 is; otherwise spacers and "fill" have weight 1.
    private static func weight(_ dimension: Style.Dimension?, _ weight: Double?, isSpacer: Bool) -> Double {
        if case .points? = dimension { return 0 }
        if let weight { return AxisConstraint.amount(weight) }
        return isSpacer || dimension == .fill ? 1 : 0
    }
}
