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

    /// The box of node `i`.
    @inline(__always)
    func box(of i: Int) -> UnsafePointer<LayoutBox> {
        boxes + Int(nodes[i].box)
    }

    /// The index after the subtree of node `i` (its next sibling, if any).
    @inline(__always)
    func end(of i: Int) -> Int {
        Int(nodes[i].end)
    }

    /// Children top to bottom. Returns the stack's size.
    func vstack(_ index: Int, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        let spacing = box.pointee.spacing
        let width = c.horizontal.inner
        let definiteHeight = c.vertical.innerDefinite
        let count = Int(nodes[index].children)
        let gaps = spacing * Double(max(0, count - 1))
        var contentWidth = 0.0
        var contentHeight = gaps
        if definiteHeight < .infinity, nodes[index].flexible & LayoutTree.flexibleInColumn != 0,
           let flexible = flexibleChildren(of: index, count: count, horizontal: false)
        {
            defer { flexible.release() }
            var child = index + 1
            var cursor = 0
            for i in 0..<count {
                let next = end(of: child)
                if !flexible.contains(index: i, cursor: &cursor) { resolve(child, width: width, height: .infinity) }
                child = next
            }
            var used = gaps // placeholders are 0 high
            var k = index + 1
            for _ in 0..<count {
                used += frames[k].height
                k = end(of: k)
            }
            let shares = self.shares(definiteHeight - used, flexible, horizontal: false)
            for (n, item) in flexible.items.enumerated() {
                resolve(item.node, width: width, height: shares[n], forcedHeight: shares[n])
            }
            k = index + 1
            for _ in 0..<count {
                contentWidth = max(contentWidth, frames[k].width)
                contentHeight += frames[k].height
                k = end(of: k)
            }
        } else {
            var child = index + 1
            for _ in 0..<count {
                let next = resolve(child, width: width, height: .infinity)
                contentWidth = max(contentWidth, frames[child].width)
                contentHeight += frames[child].height
                child = next
            }
        }
        let size = c.resolve(Size(width: contentWidth, height: contentHeight))
        let innerWidth = max(0, size.width - c.horizontal.inset)
        let innerHeight = max(0, size.height - c.vertical.inset)
        let placement: LayoutSpace.Placement
        switch box.pointee.alignment {
        case .center?: placement = .center
        case .trailing?: placement = .end
        default: placement = .start
        }
        let leftover = innerHeight - contentHeight
        @inline(__always) func place(_ uniform: Double, _ offsets: UnsafePointer<Double>?) {
            var y = c.contentY
            var k = index + 1
            for i in 0..<count {
                let f = frames + k
                f.pointee.x = c.contentX + LayoutSpace.align(f.pointee.width, in: innerWidth, placement)
                f.pointee.y = y + (offsets?[i] ?? uniform)
                y += f.pointee.height + spacing
                k = end(of: k)
            }
        }
        LayoutSpace.distribute(leftover, count: count, box.pointee.distribution, place)
        return size
    }

    /// Children left to right. Returns the stack's size.
    func hstack(_ index: Int, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        let spacing = box.pointee.spacing
        let width = c.horizontal.inner
        let height = c.vertical.inner
        let count = Int(nodes[index].children)
        let gaps = spacing * Double(max(0, count - 1))
        let flexible = width < .infinity && nodes[index].flexible & LayoutTree.flexibleInRow != 0
            ? flexibleChildren(of: index, count: count, horizontal: true) : nil
        defer { flexible?.release() }
        var childrenWidth = gaps
        var contentHeight = 0.0
        var child = index + 1
        var cursor = 0
        for i in 0..<count {
            let next: Int
            if let flexible, flexible.contains(index: i, cursor: &cursor) {
                next = end(of: child) // a placeholder: 0×0 for now
            } else {
                next = resolve(child, width: .infinity, height: height)
            }
            childrenWidth += frames[child].width
            contentHeight = max(contentHeight, frames[child].height)
            child = next
        }
        var laidOutAgain = false
        if width < .infinity {
            var flexibleMinimum = 0.0
            for item in flexible?.items ?? UnsafeMutableBufferPointer(start: nil, count: 0) {
                flexibleMinimum += self.box(of: item.node).pointee.minWidth
            }
            if childrenWidth + flexibleMinimum > width {
                // Overflow: narrower proposals, from the narrowest child up.
                narrow(index, count: count, flexible: flexible, height: height,
                       remaining: width - gaps - flexibleMinimum)
                childrenWidth = self.childrenWidth(index, count: count, gaps: gaps)
                laidOutAgain = true
            }
            if let flexible {
                let shares = self.shares(width - childrenWidth, flexible, horizontal: true)
                for (n, item) in flexible.items.enumerated() {
                    resolve(item.node, width: shares[n], height: height, forcedWidth: shares[n])
                }
                childrenWidth = self.childrenWidth(index, count: count, gaps: gaps)
                laidOutAgain = true
            }
        }
        if laidOutAgain {
            contentHeight = 0
            var k = index + 1
            for _ in 0..<count {
                contentHeight = max(contentHeight, frames[k].height)
                k = end(of: k)
            }
        }
        var contentWidth = childrenWidth
        if width < .infinity, flexible != nil { contentWidth = max(width, childrenWidth) }
        let size = c.resolve(Size(width: contentWidth, height: contentHeight))
        let innerWidth = max(0, size.width - c.horizontal.inset)
        let innerHeight = max(0, size.height - c.vertical.inset)
        let placement: LayoutSpace.Placement
        switch box.pointee.alignment {
        case .center?: placement = .center
        case .bottom?: placement = .end
        default: placement = .start
        }
        let leftover = innerWidth - childrenWidth
        @inline(__always) func place(_ uniform: Double, _ offsets: UnsafePointer<Double>?) {
            var x = c.contentX
            var k = index + 1
            for i in 0..<count {
                let f = frames + k
                f.pointee.x = x + (offsets?[i] ?? uniform)
                f.pointee.y = c.contentY + LayoutSpace.align(f.pointee.height, in: innerHeight, placement)
                x += f.pointee.width + spacing
                k = end(of: k)
            }
        }
        LayoutSpace.distribute(leftover, count: count, box.pointee.distribution, place)
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
    private func narrow(_ index: Int, count: Int, flexible: FlexibleChildren?, height: Double, remaining: Double) {
        withUnsafeTemporaryAllocation(of: (index: Int, node: Int).self, capacity: count) { order in
            var n = 0
            var k = index + 1
            var cursor = 0
            for i in 0..<count {
                if flexible?.contains(index: i, cursor: &cursor) != true {
                    order[n] = (i, k)
                    n += 1
                }
                k = end(of: k)
            }
            let rigid = UnsafeMutableBufferPointer(rebasing: order[0..<n])
            let frames = self.frames
            if n <= 16 {
                // Insertion sort, stable: ties stay in order.
                for i in 1..<max(1, n) {
                    let item = rigid[i]
                    let w = frames[item.node].width
                    var j = i
                    while j > 0, w < frames[rigid[j - 1].node].width {
                        rigid[j] = rigid[j - 1]
                        j -= 1
                    }
                    rigid[j] = item
                }
            } else {
                var all = rigid
                all.sort { a, b in
                    let wa = frames[a.node].width, wb = frames[b.node].width
                    return wa < wb || (wa == wb && a.index < b.index)
                }
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
    func zstack(_ index: Int, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
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
        switch box.pointee.alignment {
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

    /// The flexible children of a stack along its axis, in order: their
    /// place among the children, weight and index in the tree. In memory
    /// of its own, given back with `release` (nothing to count when a stack
    /// has none, the common case).
    struct FlexibleChildren {
        let items: UnsafeMutableBufferPointer<Flexible>

        /// True when the child at place `i` is flexible, for a loop that asks
        /// for i = 0, 1, 2… in order: `cursor` (0 at the start) walks the
        /// list alongside, so a stack costs its children, not children × flexible.
        @inline(__always)
        func contains(index i: Int, cursor: inout Int) -> Bool {
            guard cursor < items.count, items[cursor].index == i else { return false }
            cursor += 1
            return true
        }

        func release() {
            items.deallocate()
        }
    }

    /// Shares of `free` for the `flexible` children along the stack's axis
    /// (see `LayoutSpace.flexShares`), within their min/max.
    @inline(never)
    private func shares(_ free: Double, _ flexible: FlexibleChildren, horizontal: Bool) -> [Double] {
        LayoutSpace.flexShares(
            free, weights: flexible.items.map(\.weight),
            minimums: flexible.items.map {
                horizontal ? box(of: $0.node).pointee.minWidth : box(of: $0.node).pointee.minHeight
            },
            maximums: flexible.items.map {
                horizontal ? box(of: $0.node).pointee.maxWidth : box(of: $0.node).pointee.maxHeight
            })
    }

    /// The flexible children of the stack at `index` (`count` children)
    /// along its axis, each given a 0×0 placeholder frame where its subtree
    /// starts (it is laid out later, with its share); nil when there are none.
    private func flexibleChildren(of index: Int, count: Int, horizontal: Bool) -> FlexibleChildren? {
        // Most stacks have none: looked for before any array is made.
        var child = index + 1
        var first = 0
        while first < count, (horizontal ? box(of: child).pointee.flexWidth : box(of: child).pointee.flexHeight) <= 0 {
            child = end(of: child)
            first += 1
        }
        if first == count { return nil }
        let items = UnsafeMutableBufferPointer<Flexible>.allocate(capacity: count - first)
        var n = 0
        for i in first..<count {
            let box = box(of: child)
            let weight = horizontal ? box.pointee.flexWidth : box.pointee.flexHeight
            if weight > 0 {
                items[n] = (i, weight, child)
                n += 1
                frames[child] = Frame(x: 0, y: 0, width: 0, height: 0)
            }
            child = end(of: child)
        }
        return FlexibleChildren(items: UnsafeMutableBufferPointer(rebasing: items[0..<n]))
    }
}
