/// How the stacks cut free space into whole units.
///
/// Every share is rounded down, and what rounding leaves over is handed out
/// one unit at a time to the first items, so that with whole-unit inputs
/// (terminal cells) every output is whole too and the shares add up to the
/// total.
enum LayoutSpace {
    /// `total` (negative counts as 0) shared in proportion to `weights`
    /// (items with weight 0 get nothing, and nothing at all is shared when
    /// no weight is positive).
    static func split(_ total: Double, weights: [Double]) -> [Double] {
        let available = max(0, total)
        let sum = weights.reduce(0) { $0 + max(0, $1) }
        guard sum > 0, available > 0, available.isFinite else { return weights.map { _ in 0 } }
        var shares = weights.map { w -> Double in
            guard w > 0 else { return 0 }
            // The epsilon keeps an exact share (9 × 1/3) from rounding down a unit.
            return (available * w / sum + 1e-9).rounded(.down)
        }
        var remainder = available - shares.reduce(0, +)
        while remainder > 1e-9 {
            let before = remainder
            for i in shares.indices where weights[i] > 0 && remainder > 1e-9 {
                let unit = min(1, remainder)
                shares[i] += unit
                remainder -= unit
            }
            if remainder == before { break }
        }
        return shares
    }

    /// Shares of `free` for flexible items by weight, each kept within its
    /// own minimum and maximum. An item whose share falls outside its bounds
    /// is fixed at the bound, and the rest of the space is shared again among
    /// the others, until every share fits. A maximum of +∞ is none.
    static func flexShares(_ free: Double, weights: [Double], minimums: [Double], maximums: [Double]) -> [Double] {
        let n = weights.count
        var result = [Double](repeating: 0, count: n)
        var fixed = [Bool](repeating: false, count: n)
        var remaining = max(0, free)
        for _ in 0...n {
            let open = (0..<n).filter { !fixed[$0] }
            if open.isEmpty { break }
            let shares = split(remaining, weights: open.map { weights[$0] })
            var changed = false
            for (k, i) in open.enumerated() {
                let bounded = AxisConstraint.clamp(shares[k], minimums[i], maximums[i])
                result[i] = bounded
                if bounded != shares[k] {
                    fixed[i] = true
                    remaining = max(0, remaining - bounded)
                    changed = true
                }
            }
            if !changed { break }
        }
        return result
    }

    /// The extra offset of each of `count` items along a stack's main axis
    /// when `leftover` units are free (negative counts as 0):
    /// - start (the default) and fill: none;
    /// - end: all of it before the first item;
    /// - center: half of it (rounded down) before the first item;
    /// - spaceBetween: shared among the gaps between items (a single item
    ///   stays at the start);
    /// - spaceAround: shared equally among the items, each getting half of
    ///   its share (rounded down) before it and the rest after it.
    static func offsets(_ leftover: Double, count: Int, _ distribution: Style.Distribution?) -> [Double] {
        let free = max(0, leftover.isFinite ? leftover : 0)
        guard count > 0 else { return [] }
        switch distribution ?? .start {
        case .start, .fill:
            return [Double](repeating: 0, count: count)
        case .end:
            return [Double](repeating: free, count: count)
        case .center:
            return [Double](repeating: (free / 2).rounded(.down), count: count)
        case .spaceBetween:
            guard count > 1 else { return [0] }
            let gaps = split(free, weights: [Double](repeating: 1, count: count - 1))
            var result = [0.0]
            var sum = 0.0
            for gap in gaps {
                sum += gap
                result.append(sum)
            }
            return result
        case .spaceAround:
            let shares = split(free, weights: [Double](repeating: 1, count: count))
            var result: [Double] = []
            var before = 0.0
            for share in shares {
                result.append(before + (share / 2).rounded(.down))
                before += share
            }
            return result
        }
    }

    /// Calls `place` with where `count` items go along the axis: a uniform
    /// offset and nil when the distribution moves them all alike, else 0 and
    /// one offset per item (`offsets(leftover, count:, distribution)`).
    @inline(__always)
    static func distribute(_ leftover: Double, count: Int, _ distribution: Style.Distribution?,
                           _ place: (_ uniform: Double, _ offsets: UnsafePointer<Double>?) -> Void)
    {
        if let uniform = uniformOffset(leftover, distribution) {
            place(uniform, nil)
        } else {
            offsets(leftover, count: count, distribution).withUnsafeBufferPointer { place(0, $0.baseAddress) }
        }
    }

    /// The offset of every item for `offsets(leftover, count:,
    /// distribution)` when the distribution moves them all alike (start,
    /// fill, end, center), without making an array; nil for the others.
    @inline(__always)
    static func uniformOffset(_ leftover: Double, _ distribution: Style.Distribution?) -> Double? {
        let free = max(0, leftover.isFinite ? leftover : 0)
        switch distribution ?? .start {
        case .start, .fill: return 0
        case .end: return free
        case .center: return (free / 2).rounded(.down)
        case .spaceBetween, .spaceAround: return nil
        }
    }

    /// Where an item of `size` starts in `space` for an alignment: at the
    /// start, centred (rounded down) or at the end; never before the start.
    static func align(_ size: Double, in space: Double, _ placement: Placement) -> Double {
        let free = max(0, space - size)
        switch placement {
        case .start: return 0
        case .center: return (free / 2).rounded(.down)
        case .end: return free
        }
    }

    /// Placement along one axis.
    enum Placement {
        case start, center, end
    }
}
