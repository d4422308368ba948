/// What decides a node's size along one axis: the style's fixed size,
/// "fill" and min/max, the parent's proposal, and the insets (padding, plus
/// chrome for buttons, images and inputs).
///
/// A size is *definite* when it is known before the content: a forced size
/// (a flexible child's share, decided by its stack), a fixed size, or "fill"
/// with a proposal. Otherwise the node takes its content's size, never more
/// than the proposal; min/max clamp either way (min wins over max).
struct AxisConstraint {
    /// What the parent proposed; nil for "as much as the content needs".
    var proposed: Double?
    /// The size decided before the content, if any (already clamped).
    var definite: Double?
    var minimum: Double
    var maximum: Double?
    /// Leading plus trailing inset.
    var inset: Double

    init(dimension: Style.Dimension?, proposed: Double?, forced: Double?, minimum: Double?, maximum: Double?,
         inset: Double)
    {
        self.proposed = proposed.flatMap(AxisConstraint.length)
        self.minimum = AxisConstraint.minimum(minimum)
        self.maximum = AxisConstraint.maximum(maximum)
        self.inset = inset
        if let forced = forced.flatMap(AxisConstraint.length) {
            definite = forced
        } else {
            switch dimension {
            case .points(let n)?:
                definite = AxisConstraint.length(n).map { Self.clamp($0, self.minimum, self.maximum) }
            case .fill?:
                definite = self.proposed.map { Self.clamp($0, self.minimum, self.maximum) }
            case nil:
                definite = nil
            }
        }
    }

    /// The proposal for the content inside the insets: the definite size, or
    /// the clamped proposal, or the maximum; nil when unbounded.
    var inner: Double? {
        let outer = definite ?? proposed.map { Self.clamp($0, minimum, maximum) } ?? maximum
        return outer.map { max(0, $0 - inset) }
    }

    /// The definite size inside the insets, when there is one.
    var innerDefinite: Double? {
        definite.map { max(0, $0 - inset) }
    }

    /// The node's size for content of size `content` (inside the insets).
    func resolve(content: Double) -> Double {
        if let definite { return definite }
        var size = max(0, content) + inset
        if let proposed { size = min(size, proposed) }
        return Self.clamp(size, minimum, maximum)
    }

    static func clamp(_ value: Double, _ minimum: Double, _ maximum: Double?) -> Double {
        var v = value
        if let maximum { v = min(v, maximum) }
        return max(v, minimum)
    }

    /// A style minimum made usable: 0 when unset, NaN or infinite.
    static func minimum(_ value: Double?) -> Double {
        value.flatMap(length).flatMap { $0.isFinite ? $0 : nil } ?? 0
    }

    /// A style maximum made usable: nil (no limit) when unset, NaN or +∞.
    static func maximum(_ value: Double?) -> Double? {
        value.flatMap(length)
    }

    /// A finite, non-negative amount (spacing, padding, weight, chrome);
    /// 0 for unset, NaN, infinite and negative values.
    static func amount(_ value: Double?) -> Double {
        guard let value, value.isFinite, value > 0 else { return 0 }
        return min(value, 1e12)
    }

    /// A usable length: nil for NaN and +∞ (unbounded), 0 for negatives.
    static func length(_ value: Double) -> Double? {
        guard !value.isNaN, value != .infinity else { return nil }
        return max(0, value)
    }
}

/// The two axis constraints of one node, with its insets.
struct NodeConstraints {
    var horizontal: AxisConstraint
    var vertical: AxisConstraint
    /// Offset of the content box from the node's top-left corner.
    var contentX: Double
    var contentY: Double

    /// Constraints for a node's style (nil: it has none) under a proposal;
    /// `forcedWidth`/`forcedHeight` are sizes the parent has already
    /// decided; `chrome` is added to the padding on the left and right.
    init(_ style: UnsafePointer<LayoutTree.NodeStyle>?, proposedWidth: Double?, proposedHeight: Double?,
         forcedWidth: Double? = nil, forcedHeight: Double? = nil, chrome: Double = 0)
    {
        guard let style else {
            // As with a style and no padding: the insets are 0 + chrome on each side.
            horizontal = AxisConstraint(dimension: nil, proposed: proposedWidth, forced: forcedWidth, minimum: nil,
                                        maximum: nil, inset: chrome + chrome)
            vertical = AxisConstraint(dimension: nil, proposed: proposedHeight, forced: forcedHeight, minimum: nil,
                                      maximum: nil, inset: 0)
            contentX = chrome
            contentY = 0
            return
        }
        let s = style.pointee
        let top = AxisConstraint.amount(s.padding?.top)
        let bottom = AxisConstraint.amount(s.padding?.bottom)
        let leading = AxisConstraint.amount(s.padding?.leading) + chrome
        let trailing = AxisConstraint.amount(s.padding?.trailing) + chrome
        horizontal = AxisConstraint(dimension: s.width, proposed: proposedWidth, forced: forcedWidth,
                                    minimum: s.minWidth, maximum: s.maxWidth, inset: leading + trailing)
        vertical = AxisConstraint(dimension: s.height, proposed: proposedHeight, forced: forcedHeight,
                                  minimum: s.minHeight, maximum: s.maxHeight, inset: top + bottom)
        contentX = leading
        contentY = top
    }

    /// The node's size for content of `content` size.
    func resolve(_ content: Size) -> Size {
        Size(width: horizontal.resolve(content: content.width), height: vertical.resolve(content: content.height))
    }
}
