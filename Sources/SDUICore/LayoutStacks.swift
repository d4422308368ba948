/// The containers of `LayoutEngine`: how vstacks (and lists), hstacks (and
/// buttons with children) and zstacks size and place their children. The
/// rules are documented on `LayoutEngine`.
///
/// Each stack lays its children out in `frames` after its own frame (see
/// `LayoutRun`), keeps where each child's subtree starts in a temporary
/// buffer, reads the children's sizes from their frames, and places them by
/// setting their frames' corners (relative to the stack).
extension LayoutRun {
    /// Children top to bottom. Returns the stack's size and the index after its subtree.
    func vstack(_ node: UnsafePointer<ViewNode>, _ style: StackStyle, at index: Int, _ c: NodeConstraints) -> (Size, Int) {
        let spacing = style.spacing
        let width = c.horizontal.inner
        let definiteHeight = c.vertical.innerDefinite
        return LayoutRun.withChildren(of: node) { children, starts in
            let count = children.count
            var flexible: [(index: Int, weight: Double)] = []
            var next = index + 1
            for i in 0..<count {
                starts[i] = next
                if definiteHeight != nil, let weight = LayoutRun.flexWeight(children.baseAddress! + i, horizontal: false) {
                    flexible.append((i, weight))
                    next = placeholder(children.baseAddress! + i, at: next)
                } else {
                    next = resolve(children.baseAddress! + i, at: next, width: width, height: nil)
                }
            }
            starts[count] = next
            let gaps = spacing * Double(max(0, count - 1))
            if let definiteHeight, !flexible.isEmpty {
                var used = gaps // placeholders are 0 high
                for i in 0..<count { used += frames[starts[i]].height }
                let shares = LayoutSpace.flexShares(
                    definiteHeight - used, weights: flexible.map(\.weight),
                    minimums: flexible.map { AxisConstraint.minimum(children[$0.index].style.minHeight) },
                    maximums: flexible.map { AxisConstraint.maximum(children[$0.index].style.maxHeight) })
                for (k, item) in flexible.enumerated() {
                    resolve(children.baseAddress! + item.index, at: starts[item.index], width: width, height: shares[k],
                            forcedHeight: shares[k])
                }
            }
            var contentWidth = 0.0
            var contentHeight = gaps
            for i in 0..<count {
                let f = frames[starts[i]]
                contentWidth = max(contentWidth, f.width)
                contentHeight += f.height
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
            for i in 0..<count {
                let f = frames + starts[i]
                f.pointee.x = c.contentX + LayoutSpace.align(f.pointee.width, in: innerWidth, placement)
                f.pointee.y = y + offsets[i]
                y += f.pointee.height + spacing
            }
            return (size, next)
        }
    }

    /// Children left to right. Returns the stack's size and the index after its subtree.
    func hstack(_ node: UnsafePointer<ViewNode>, _ style: StackStyle, at index: Int, _ c: NodeConstraints) -> (Size, Int) {
        let spacing = style.spacing
        let width = c.horizontal.inner
        let height = c.vertical.inner
        return LayoutRun.withChildren(of: node) { children, starts in
            let count = children.count
            var flexible: [(index: Int, weight: Double)] = []
            var next = index + 1
            for i in 0..<count {
                starts[i] = next
                if width != nil, let weight = LayoutRun.flexWeight(children.baseAddress! + i, horizontal: true) {
                    flexible.append((i, weight))
                    next = placeholder(children.baseAddress! + i, at: next)
                } else {
                    next = resolve(children.baseAddress! + i, at: next, width: nil, height: height)
                }
            }
            starts[count] = next
            let gaps = spacing * Double(max(0, count - 1))
            if let width {
                let minimums = flexible.map { AxisConstraint.minimum(children[$0.index].style.minWidth) }
                let flexibleMinimum = minimums.reduce(0, +)
                var used = gaps // placeholders are 0 wide
                for i in 0..<count { used += frames[starts[i]].width }
                if used + flexibleMinimum > width {
                    // Overflow: narrower proposals, from the narrowest child up.
                    narrow(children, starts, flexible: flexible, height: height,
                           remaining: width - gaps - flexibleMinimum)
                    used = gaps
                    for i in 0..<count { used += frames[starts[i]].width }
                }
                if !flexible.isEmpty {
                    let shares = LayoutSpace.flexShares(
                        width - used, weights: flexible.map(\.weight), minimums: minimums,
                        maximums: flexible.map { AxisConstraint.maximum(children[$0.index].style.maxWidth) })
                    for (k, item) in flexible.enumerated() {
                        resolve(children.baseAddress! + item.index, at: starts[item.index], width: shares[k], height: height,
                                forcedWidth: shares[k])
                    }
                }
            }
            var childrenWidth = gaps
            var contentHeight = 0.0
            for i in 0..<count {
                let f = frames[starts[i]]
                childrenWidth += f.width
                contentHeight = max(contentHeight, f.height)
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
            for i in 0..<count {
                let f = frames + starts[i]
                f.pointee.x = x + offsets[i]
                f.pointee.y = c.contentY + LayoutSpace.align(f.pointee.height, in: innerHeight, placement)
                x += f.pointee.width + spacing
            }
            return (size, next)
        }
    }

    /// An overflowing hstack's children that are not flexible, from the
    /// narrowest (ties in order) up: each gets `remaining` shared among
    /// those left, and is laid out again at that width if it is narrower
    /// than the child; `remaining` loses each child's width.
    private func narrow(_ children: UnsafeBufferPointer<ViewNode>, _ starts: UnsafeMutableBufferPointer<Int>,
                        flexible: [(index: Int, weight: Double)], height: Double?, remaining: Double)
    {
        let count = children.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
            var n = 0
            var k = 0 // flexible children are listed in order
            for i in 0..<count {
                if k < flexible.count, flexible[k].index == i {
                    k += 1
                } else {
                    order[n] = i
                    n += 1
                }
            }
            var rigid = UnsafeMutableBufferPointer(rebasing: order[0..<n])
            rigid.sort { a, b in
                let wa = frames[starts[a]].width, wb = frames[starts[b]].width
                return wa < wb || (wa == wb && a < b)
            }
            var remaining = remaining
            var left = Double(n)
            for i in rigid {
                let share = (max(0, remaining) / left).rounded(.down)
                if share < frames[starts[i]].width {
                    resolve(children.baseAddress! + i, at: starts[i], width: share, height: height)
                }
                remaining -= frames[starts[i]].width
                left -= 1
            }
        }
    }

    /// Children on top of each other. Returns the stack's size and the index after its subtree.
    func zstack(_ node: UnsafePointer<ViewNode>, _ style: StackStyle, at index: Int, _ c: NodeConstraints) -> (Size, Int) {
        let width = c.horizontal.inner
        let height = c.vertical.inner
        return LayoutRun.withChildren(of: node) { children, starts in
            var next = index + 1
            var content = Size(width: 0, height: 0)
            for i in children.indices {
                starts[i] = next
                next = resolve(children.baseAddress! + i, at: next, width: width, height: height)
                content.width = max(content.width, frames[starts[i]].width)
                content.height = max(content.height, frames[starts[i]].height)
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
            for i in children.indices {
                let f = frames + starts[i]
                f.pointee.x = c.contentX + LayoutSpace.align(f.pointee.width, in: innerWidth, across)
                f.pointee.y = c.contentY + LayoutSpace.align(f.pointee.height, in: innerHeight, down)
            }
            return (size, next)
        }
    }

    /// Stands in for a flexible child laid out later: a 0×0 frame where its
    /// subtree starts. Returns the index after its subtree.
    private func placeholder(_ child: UnsafePointer<ViewNode>, at index: Int) -> Int {
        frames[index] = Frame(x: 0, y: 0, width: 0, height: 0)
        return index + LayoutRun.count(child)
    }

    /// The weight of `child` as a flexible item along a stack's axis, or nil
    /// when it takes its own size: a fixed size or an explicit weight of 0
    /// is never flexible; an explicit weight > 0 is; otherwise spacers and
    /// "fill" on that axis have weight 1.
    static func flexWeight(_ child: UnsafePointer<ViewNode>, horizontal: Bool) -> Double? {
        guard child.pointee.hasStyle else { return child.pointee.kind == .spacer ? 1 : nil }
        let style = child.pointee.style
        let dimension = horizontal ? style.width : style.height
        if case .points? = dimension { return nil }
        if let weight = style.weight {
            let w = AxisConstraint.amount(weight)
            return w > 0 ? w : nil
        }
        return child.pointee.kind == .spacer || dimension == .fill ? 1 : nil
    }

    /// Calls `body` with `node`'s children in place and room for as many
    /// indices plus one (where each child's subtree starts in `frames`).
    @inline(__always)
    static func withChildren<R>(of node: UnsafePointer<ViewNode>,
                                _ body: (UnsafeBufferPointer<ViewNode>, UnsafeMutableBufferPointer<Int>) -> R) -> R
    {
        node.pointee.children.withUnsafeBufferPointer { children in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: children.count + 1) { body(children, $0) }
        }
    }
}
