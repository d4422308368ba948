/// What decides a node's size along one axis: the style's fixed size,
/// "fill" and min/max, the parent's proposal, and the insets (padding, plus
/// chrome for buttons, images and inputs).
///
/// A size is *definite* when it is known before the content: a forced size
/// (a flexible child's share, decided by its stack), a fixed size, or "fill"
/// with a proposal. Otherwise the node takes its content's size, never more
/// than the proposal; min/max clamp either way (min wins over max).
///
/// "None" is +∞ throughout (no proposal, no definite size, no maximum): a
/// usable length is never +∞ (`length` makes +∞ none), and `min(x, +∞)` is
/// `x`, so a missing maximum or proposal leaves a size as it is, as it should.
struct AxisConstraint {
    /// What the parent proposed; +∞ for "as much as the content needs".
    var proposed: Double
    /// The size decided before the content (already clamped); +∞ when there is none.
    var definite: Double
    var minimum: Double
    /// +∞ for no maximum.
    var maximum: Double
    /// Leading plus trailing inset.
    var inset: Double

    /// The constraint for a proposal (a usable length, or +∞), a size the
    /// parent forces (+∞: none), the box's fixed size (+∞: none) and
    /// whether it fills, its min/max and its inset.
    @inline(__always)
    init(proposed: Double, forced: Double, fixed: Double, fill: Bool, minimum: Double, maximum: Double,
         inset: Double)
    {
        self.proposed = proposed
        self.minimum = minimum
        self.maximum = maximum
        self.inset = inset
        if forced < .infinity {
            definite = forced
        } else if fixed < .infinity {
            definite = fixed
        } else if fill, proposed < .infinity {
            definite = AxisConstraint.clamp(proposed, minimum, maximum)
        } else {
            definite = .infinity
        }
    }

    /// The proposal for the content inside the insets: the definite size, or
    /// the clamped proposal, or the maximum; +∞ when unbounded.
    @inline(__always)
    var inner: Double {
        let outer: Double
        if definite < .infinity {
            outer = definite
        } else if proposed < .infinity {
            outer = AxisConstraint.clamp(proposed, minimum, maximum)
        } else {
            outer = maximum
        }
        return outer < .infinity ? max(0, outer - inset) : .infinity
    }

    /// The definite size inside the insets; +∞ when there is none.
    @inline(__always)
    var innerDefinite: Double {
        definite < .infinity ? max(0, definite - inset) : .infinity
    }

    /// The node's size for content of size `content` (inside the insets).
    @inline(__always)
    func resolve(content: Double) -> Double {
        if definite < .infinity { return definite }
        let size = min(max(0, content) + inset, proposed)
        return AxisConstraint.clamp(size, minimum, maximum)
    }

    /// `value` within `minimum` and `maximum` (+∞: no maximum); the minimum wins.
    @inline(__always)
    static func clamp(_ value: Double, _ minimum: Double, _ maximum: Double) -> Double {
        max(min(value, maximum), minimum)
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

    /// A proposal made usable for a layout: +∞ for nil, NaN and +∞, 0 for negatives.
    static func proposal(_ value: Double?) -> Double {
        value.flatMap(length) ?? .infinity
    }
}

/// The two axis constraints of one node, with its insets.
struct NodeConstraints {
    var horizontal: AxisConstraint
    var vertical: AxisConstraint
    /// Offset of the content box from the node's top-left corner.
    var contentX: Double
    var contentY: Double

    /// Constraints for a node's box under a proposal (+∞: none);
    /// `forcedWidth`/`forcedHeight` are sizes the parent has already
    /// decided (+∞: none).
    @inline(__always)
    init(_ box: UnsafePointer<LayoutBox>, proposedWidth: Double, proposedHeight: Double, forcedWidth: Double,
         forcedHeight: Double)
    {
        horizontal = AxisConstraint(proposed: proposedWidth, forced: forcedWidth, fixed: box.pointee.fixedWidth,
                                    fill: box.pointee.fillWidth, minimum: box.pointee.minWidth,
                                    maximum: box.pointee.maxWidth, inset: box.pointee.insetWidth)
        vertical = AxisConstraint(proposed: proposedHeight, forced: forcedHeight, fixed: box.pointee.fixedHeight,
                                  fill: box.pointee.fillHeight, minimum: box.pointee.minHeight,
                                  maximum: box.pointee.maxHeight, inset: box.pointee.insetHeight)
        contentX = box.pointee.contentX
        contentY = box.pointee.contentY
    }

    /// The node's size for content of `content` size.
    @inline(__always)
    func resolve(_ content: Size) -> Size {
        Size(width: horizontal.resolve(content: content.width), height: vertical.resolve(content: content.height))
    }
}
