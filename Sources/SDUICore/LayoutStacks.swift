/// The containers of `LayoutEngine`: how vstacks (and lists), hstacks (and
/// buttons with children) and zstacks size and place their children. The
/// rules are documented on `LayoutEngine`.
///
/// Each stack lays its children out in `frames` after its own frame (see
/// `LayoutRun`), reads their sizes from their frames, stepping from one
/// child's frame to the next through `ends`, and places them by setting
/// their frames' corners (relative to the stack).
extension LayoutRun {
    /// A flexible child: its place among the children, its weight, and
    /// where its subtree starts in `frames`.
    typealias Flexible = (index: Int, weight: Double, start: Int)

    /// Children top to bottom. Returns the stack's size and the index after its subtree.
    func vstack(_ node: UnsafePointer<ViewNode>, _ style: StackStyle, at index: Int, _ c: NodeConstraints)
        -> (Size, Int)
    {
        let spacing = style.spacing
        let width = c.horizontal.inner
        let definiteHeight = c.vertical.innerDefinite
        return node.pointee.children.withUnsafeBufferPointer { children in
            let count = children.count
            var flexible: [Flexible] = []
            var next = index + 1
            for i in 0..<count {
                let child = children.baseAddress! + i
                if definiteHeight != nil, let weight = LayoutRun.flexWeight(child, horizontal: false) {
                    flexible.append((i, weight, next))
                    next = placeholder(child, at: next)
                } else {
                    next = resolve(child, at: next, width: width, height: nil)
                }
            }
            let gaps = spacing * Double(max(0, count - 1))
            if let definiteHeight, !flexible.isEmpty {
                var used = gaps // placeholders are 0 high
                var k = index + 1
                for _ in 0..<count {
                    used += frames[k].height
                    k = ends[k]
                }
                let shares = LayoutSpace.flexShares(
                    definiteHeight - used, weights: flexible.map(\.weight),
                    minimums: flexible.map { AxisConstraint.minimum(children[$0.index].style.minHeight) },
                    maximums: flexible.map { AxisConstraint.maximum(children[$0.index].style.maxHeight) })
                for (n, item) in flexible.enumerated() {
                    resolve(children.baseAddress! + item.index, at: item.start, width: width, height: shares[n],
                            forcedHeight: shares[n])
                }
            }
            var contentWidth = 0.0
            var contentHeight = gaps
            var k = index + 1
            for _ in 0..<count {
                contentWidth = max(contentWidth, frames[k].width)
                contentHeight += frames[k].height
                k = ends[k]
            }
            let size = c.resolve(Size(width: contentWidth, height: contentHeight))
            let innerWidth = max(0, size.width - c.horizontal.inset)
            let innerHeight = max(0, size.height - c.vertical.inset)
            let offsets = LayoutSpace.Offsets(innerHeight - contentHeight, count: count, style.distribution)
            let placement: LayoutSpace.Placement
            switch style.alignment {
            case .center?: placement = .center
            case .trailing?: placement = .end
            default: placement = .start
            }
            var y = c.contentY
            k = index + 1
            for i in 0..<count {
                let f = frames + k
                f.pointee.x = c.contentX + LayoutSpace.align(f.pointee.width, in: innerWidth, placement)
                f.pointee.y = y + offsets[i]
                y += f.pointee.height + spacing
                k = ends[k]
            }
            return (size, next)
        }
    }

    /// Children left to right. Returns the stack's size and the index after its subtree.
    func hstack(_ node: UnsafePointer<ViewNode>, _ style: StackStyle, at index: Int, _ c: NodeConstraints)
        -> (Size, Int)
    {
        let spacing = style.spacing
        let width = c.horizontal.inner
        let height = c.vertical.inner
        return node.pointee.children.withUnsafeBufferPointer { children in
            let count = children.count
            var flexible: [Flexible] = []
            var next = index + 1
            for i in 0..<count {
                let child = children.baseAddress! + i
                if width != nil, let weight = LayoutRun.flexWeight(child, horizontal: true) {
                    flexible.append((i, weight, next))
                    next = placeholder(child, at: next)
                } else {
                    next = resolve(child, at: next, width: nil, height: height)
                }
            }
            let gaps = spacing * Double(max(0, count - 1))
            if let width {
                let minimums = flexible.map { AxisConstraint.minimum(children[$0.index].style.minWidth) }
                let flexibleMinimum = minimums.reduce(0, +)
                var used = childrenWidth(index, count: count, gaps: gaps) // placeholders are 0 wide
                if used + flexibleMinimum > width {
                    // Overflow: narrower proposals, from the narrowest child up.
                    narrow(children, at: index, flexible: flexible, height: height,
                           remaining: width - gaps - flexibleMinimum)
                    used = childrenWidth(index, count: count, gaps: gaps)
                }
                if !flexible.isEmpty {
                    let shares = LayoutSpace.flexShares(
                        width - used, weights: flexible.map(\.weight), minimums: minimums,
                        maximums: flexible.map { AxisConstraint.maximum(children[$0.index].style.maxWidth) })
                    for (n, item) in flexible.enumerated() {
                        resolve(children.baseAddress! + item.index, at: item.start, width: shares[n], height: height,
                                forcedWidth: shares[n])
                    }
                }
            }
            var childrenWidth = gaps
            var contentHeight = 0.0
            var k = index + 1
            for _ in 0..<count {
                childrenWidth += frames[k].width
                contentHeight = max(contentHeight, frames[k].height)
                k = ends[k]
            }
            var contentWidth = childrenWidth
            if let width, !flexible.isEmpty { contentWidth = max(width, childrenWidth) }
            let size = c.resolve(Size(width: contentWidth, height: contentHeight))
            let innerWidth = max(0, size.width - c.horizontal.inset)
            let innerHeight = max(0, size.height - c.vertical.inset)
            let offsets = LayoutSpace.Offsets(innerWidth - childrenWidth, count: count, style.distribution)
            let placement: LayoutSpace.Placement
            switch style.alignment {
            case .center?: placement = .center
            case .bottom?: placement = .end
            default: placement = .start
            }
            var x = c.contentX
            k = index + 1
            for i in 0..<count {
                let f = frames + k
                f.pointee.x = x + offsets[i]
                f.pointee.y = c.contentY + LayoutSpace.align(f.pointee.height, in: innerHeight, placement)
                x += f.pointee.width + spacing
                k = ends[k]
            }
            return (size, next)
        }
    }

    /// `gaps` plus the widths of the `count` children of the stack at `index`.
    private func childrenWidth(_ index: Int, count: Int, gaps: Double) -> Double {
        var sum = gaps
        var k = index + 1
        for _ in 0..<count {
            sum += frames[k].width
            k = ends[k]
        }
        return sum
    }

    /// An overflowing hstack's children that are not flexible, from the
    /// narrowest (ties in order) up: each gets `remaining` shared among
    /// those left, and is laid out again at that width if it is narrower
    /// than the child; `remaining` loses each child's width.
    private func narrow(_ children: UnsafeBufferPointer<ViewNode>, at index: Int, flexible: [Flexible],
                        height: Double?, remaining: Double)
    {
        let count = children.count
        withUnsafeTemporaryAllocation(of: (index: Int, start: Int).self, capacity: count) { order in
            var n = 0
            var f = 0 // flexible children are listed in order
            var k = index + 1
            for i in 0..<count {
                if f < flexible.count, flexible[f].index == i {
                    f += 1
                } else {
                    order[n] = (i, k)
                    n += 1
                }
                k = ends[k]
            }
            var rigid = UnsafeMutableBufferPointer(rebasing: order[0..<n])
            rigid.sort { a, b in
                let wa = frames[a.start].width, wb = frames[b.start].width
                return wa < wb || (wa == wb && a.index < b.index)
            }
            var remaining = remaining
            var left = Double(n)
            for (i, start) in rigid {
                let share = (max(0, remaining) / left).rounded(.down)
                if share < frames[start].width {
                    resolve(children.baseAddress! + i, at: start, width: share, height: height)
                }
                remaining -= frames[start].width
                left -= 1
            }
        }
    }

    /// Children on top of each other. Returns the stack's size and the index after its subtree.
    func zstack(_ node: UnsafePointer<ViewNode>, _ style: StackStyle, at index: Int, _ c: NodeConstraints)
        -> (Size, Int)
    {
        let width = c.horizontal.inner
        let height = c.vertical.inner
        var next = index + 1
        var content = Size(width: 0, height: 0)
        LayoutRun.forEachChild(of: node) { child in
            let start = next
            next = resolve(child, at: start, width: width, height: height)
            content.width = max(content.width, frames[start].width)
            content.height = max(content.height, frames[start].height)
        }
        let size = c.resolve(content)
        let innerWidth = max(0, size.width - c.horizontal.inset)
        let innerHeight = max(0, size.height - c.vertical.inset)
        let across: LayoutSpace.Placement, down: LayoutSpace.Placement
        switch style.alignment {
        case .center?: (across, down) = (.center, .center)
        case .trailing?: (across, down) = (.end, .start)
        case .bottom?: (across, down) = (.start, .end)
        default: (across, down) = (.start, .start)
        }
        var k = index + 1
        while k < next {
            let f = frames + k
            f.pointee.x = c.contentX + LayoutSpace.align(f.pointee.width, in: innerWidth, across)
            f.pointee.y = c.contentY + LayoutSpace.align(f.pointee.height, in: innerHeight, down)
            k = ends[k]
        }
        return (size, next)
    }

    /// Stands in for a flexible child laid out later: a 0×0 frame where its
    /// subtree starts. Returns the index after its subtree.
    private func placeholder(_ child: UnsafePointer<ViewNode>, at index: Int) -> Int {
        frames[index] = Frame(x: 0, y: 0, width: 0, height: 0)
        ends[index] = index + LayoutRun.count(child)
        return ends[index]
    }

    /// The weight of `child` as a flexible item along a stack's axis, or nil
    /// when it takes its own size: a fixed size or an explicit weight of 0
    /// is never flexible; an explicit weight > 0 is; otherwise spacers and
    /// "fill" on that axis have weight 1.
    static func flexWeight(_ child: UnsafePointer<ViewNode>, horizontal: Bool) -> Double? {
        guard let box = child.pointee.styleBox else { return child.pointee.kind == .spacer ? 1 : nil }
        let dimension = horizontal ? box.style.width : box.style.height
        if case .points? = dimension { return nil }
        if let weight = box.style.weight {
            let w = AxisConstraint.amount(weight)
            return w > 0 ? w : nil
        }
        return child.pointee.kind == .spacer || dimension == .fill ? 1 : nil
    }
}
