/// The containers of `LayoutEngine`: how vstacks (and lists), hstacks (and
/// buttons with children) and zstacks size and place their children. The
/// rules are documented on `LayoutEngine`.
///
/// Each stack lays its children out in `frames` after its own frame (see
/// `LayoutRun`), reads their sizes from their frames, stepping from one
/// child to the next by the tree's subtree ends, and places them by setting
/// their frames' corners (relative to the stack).
extension LayoutRun {
    /// A flexible child: its place among the children, its weight, and its
    /// index in the tree.
    typealias Flexible = (index: Int, weight: Double, node: Int)

    /// What a stack reads of its style; `spacing` made usable (0 when unset).
    struct StackStyle {
        var spacing = 0.0
        var alignment: Style.Alignment?
        var distribution: Style.Distribution?

        init(_ style: UnsafePointer<LayoutTree.NodeStyle>?) {
            guard let style else { return }
            spacing = AxisConstraint.amount(style.pointee.spacing)
            alignment = style.pointee.alignment
            distribution = style.pointee.distribution
        }
    }

    /// The style of node `i`, or nil.
    func style(of i: Int) -> UnsafePointer<LayoutTree.NodeStyle>? {
        let s = tree.nodes[i].style
        return s >= 0 ? tree.styles! + Int(s) : nil
    }

    /// The index after the subtree of node `i` (its next sibling, if any).
    func end(of i: Int) -> Int {
        Int(tree.nodes[i].end)
    }

    /// Children top to bottom. Returns the stack's size.
    func vstack(_ index: Int, _ nodeStyle: UnsafePointer<LayoutTree.NodeStyle>?, _ c: NodeConstraints) -> Size {
        let style = StackStyle(nodeStyle)
        let spacing = style.spacing
        let width = c.horizontal.inner
        let definiteHeight = c.vertical.innerDefinite
        let count = Int(tree.nodes[index].children)
        var flexible: [Flexible] = []
        var child = index + 1
        for i in 0..<count {
            if definiteHeight != nil, let weight = flexWeight(child, horizontal: false) {
                flexible.append((i, weight, child))
                child = placeholder(child)
            } else {
                child = resolve(child, width: width, height: nil)
            }
        }
        let gaps = spacing * Double(max(0, count - 1))
        if let definiteHeight, !flexible.isEmpty {
            var used = gaps // placeholders are 0 high
            var k = index + 1
            for _ in 0..<count {
                used += frames[k].height
                k = end(of: k)
            }
            let shares = LayoutSpace.flexShares(
                definiteHeight - used, weights: flexible.map(\.weight),
                minimums: flexible.map { AxisConstraint.minimum(self.style(of: $0.node)?.pointee.minHeight) },
                maximums: flexible.map { AxisConstraint.maximum(self.style(of: $0.node)?.pointee.maxHeight) })
            for (n, item) in flexible.enumerated() {
                resolve(item.node, width: width, height: shares[n], forcedHeight: shares[n])
            }
        }
        var contentWidth = 0.0
        var contentHeight = gaps
        var k = index + 1
        for _ in 0..<count {
            contentWidth = max(contentWidth, frames[k].width)
            contentHeight += frames[k].height
            k = end(of: k)
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
            k = end(of: k)
        }
        return size
    }

    /// Children left to right. Returns the stack's size.
    func hstack(_ index: Int, _ nodeStyle: UnsafePointer<LayoutTree.NodeStyle>?, _ c: NodeConstraints) -> Size {
        let style = StackStyle(nodeStyle)
        let spacing = style.spacing
        let width = c.horizontal.inner
        let height = c.vertical.inner
        let count = Int(tree.nodes[index].children)
        var flexible: [Flexible] = []
        var child = index + 1
        for i in 0..<count {
            if width != nil, let weight = flexWeight(child, horizontal: true) {
                flexible.append((i, weight, child))
                child = placeholder(child)
            } else {
                child = resolve(child, width: nil, height: height)
            }
        }
        let gaps = spacing * Double(max(0, count - 1))
        if let width {
            let minimums = flexible.map { AxisConstraint.minimum(self.style(of: $0.node)?.pointee.minWidth) }
            let flexibleMinimum = minimums.reduce(0, +)
            var used = childrenWidth(index, count: count, gaps: gaps) // placeholders are 0 wide
            if used + flexibleMinimum > width {
                // Overflow: narrower proposals, from the narrowest child up.
                narrow(index, count: count, flexible: flexible, height: height,
                       remaining: width - gaps - flexibleMinimum)
                used = childrenWidth(index, count: count, gaps: gaps)
            }
            if !flexible.isEmpty {
                let shares = LayoutSpace.flexShares(
                    width - used, weights: flexible.map(\.weight), minimums: minimums,
                    maximums: flexible.map { AxisConstraint.maximum(self.style(of: $0.node)?.pointee.maxWidth) })
                for (n, item) in flexible.enumerated() {
                    resolve(item.node, width: shares[n], height: height, forcedWidth: shares[n])
                }
            }
        }
        var childrenWidth = gaps
        var contentHeight = 0.0
        var k = index + 1
        for _ in 0..<count {
            childrenWidth += frames[k].width
            contentHeight = max(contentHeight, frames[k].height)
            k = end(of: k)
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
            k = end(of: k)
        }
        return size
    }

    /// `gaps` plus the widths of the `count` children of the stack at `index`.
    private func childrenWidth(_ index: Int, count: Int, gaps: Double) -> Double {
        var sum = gaps
        var k = index + 1
        for _ in 0..<count {
            sum += frames[k].width
            k = end(of: k)
        }
        return sum
    }

    /// An overflowing hstack's children that are not flexible, from the
    /// narrowest (ties in order) up: each gets `remaining` shared among
    /// those left, and is laid out again at that width if it is narrower
    /// than the child; `remaining` loses each child's width.
    private func narrow(_ index: Int, count: Int, flexible: [Flexible], height: Double?, remaining: Double) {
        withUnsafeTemporaryAllocation(of: (index: Int, node: Int).self, capacity: count) { order in
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
                k = end(of: k)
            }
            var rigid = UnsafeMutableBufferPointer(rebasing: order[0..<n])
            rigid.sort { a, b in
                let wa = frames[a.node].width, wb = frames[b.node].width
                return wa < wb || (wa == wb && a.index < b.index)
            }
            var remaining = remaining
            var left = Double(n)
            for (_, node) in rigid {
                let share = (max(0, remaining) / left).rounded(.down)
                if share < frames[node].width {
                    resolve(node, width: share, height: height)
                }
                remaining -= frames[node].width
                left -= 1
            }
        }
    }

    /// Children on top of each other. Returns the stack's size.
    func zstack(_ index: Int, _ nodeStyle: UnsafePointer<LayoutTree.NodeStyle>?, _ c: NodeConstraints) -> Size {
        let style = StackStyle(nodeStyle)
        let width = c.horizontal.inner
        let height = c.vertical.inner
        let end = end(of: index)
        var content = Size(width: 0, height: 0)
        var child = index + 1
        while child < end {
            let start = child
            child = resolve(start, width: width, height: height)
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
        child = index + 1
        while child < end {
            let f = frames + child
            f.pointee.x = c.contentX + LayoutSpace.align(f.pointee.width, in: innerWidth, across)
            f.pointee.y = c.contentY + LayoutSpace.align(f.pointee.height, in: innerHeight, down)
            child = self.end(of: child)
        }
        return size
    }

    /// Stands in for a flexible child laid out later: a 0×0 frame where its
    /// subtree starts. Returns the index after its subtree.
    private func placeholder(_ child: Int) -> Int {
        frames[child] = Frame(x: 0, y: 0, width: 0, height: 0)
        return end(of: child)
    }

    /// The weight of node `child` as a flexible item along a stack's axis,
    /// or nil when it takes its own size: a fixed size or an explicit weight
    /// of 0 is never flexible; an explicit weight > 0 is; otherwise spacers
    /// and "fill" on that axis have weight 1.
    func flexWeight(_ child: Int, horizontal: Bool) -> Double? {
        let isSpacer = tree.nodes[child].kind == .spacer
        guard let style = style(of: child) else { return isSpacer ? 1 : nil }
        let dimension = horizontal ? style.pointee.width : style.pointee.height
        if case .points? = dimension { return nil }
        if let weight = style.pointee.weight {
            let w = AxisConstraint.amount(weight)
            return w > 0 ? w : nil
        }
        return isSpacer || dimension == .fill ? 1 : nil
    }
}
