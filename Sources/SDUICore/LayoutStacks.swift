/// The containers of `LayoutEngine`: how vstacks (and lists), hstacks (and
/// buttons with children) and zstacks size and place their children. The
/// rules are documented on `LayoutEngine`.
extension LayoutEngine {
    /// Children top to bottom. Returns the stack's size and its children,
    /// framed relative to the stack.
    func vstack(_ node: ViewNode, _ c: NodeConstraints) -> (Size, [LayoutNode]) {
        let style = node.style
        let spacing = AxisConstraint.amount(style.spacing)
        let count = node.children.count
        let width = c.horizontal.inner
        let definiteHeight = c.vertical.innerDefinite
        var kids = [LayoutNode](repeating: LayoutEngine.placeholder, count: count)
        var flexible: [(index: Int, weight: Double)] = []
        for (i, child) in node.children.enumerated() {
            if definiteHeight != nil, let weight = LayoutEngine.flexWeight(child, horizontal: false) {
                flexible.append((i, weight))
            } else {
                kids[i] = resolve(child, width: width, height: nil)
            }
        }
        let gaps = spacing * Double(max(0, count - 1))
        if let definiteHeight, !flexible.isEmpty {
            let used = kids.reduce(gaps) { $0 + $1.frame.height } // placeholders are 0 high
            let shares = LayoutSpace.flexShares(
                definiteHeight - used, weights: flexible.map(\.weight),
                minimums: flexible.map { AxisConstraint.minimum(node.children[$0.index].style.minHeight) },
                maximums: flexible.map { AxisConstraint.maximum(node.children[$0.index].style.maxHeight) })
            for (k, item) in flexible.enumerated() {
                kids[item.index] = resolve(node.children[item.index], width: width, height: shares[k],
                                           forcedHeight: shares[k])
            }
        }
        let contentWidth = kids.reduce(0) { max($0, $1.frame.width) }
        let contentHeight = kids.reduce(gaps) { $0 + $1.frame.height }
        let size = c.resolve(Size(width: contentWidth, height: contentHeight))
        let innerWidth = max(0, size.width - c.horizontal.inset)
        let innerHeight = max(0, size.height - c.vertical.inset)
        let offsets = LayoutSpace.offsets(innerHeight - contentHeight, count: count, style.distribution)
        let placement: LayoutSpace.Placement
        switch style.alignment {
        case .center?: placement = .center
        case .trailing?: placement = .end
        default: placement = .start
        }
        var y = c.contentY
        for i in kids.indices {
            kids[i].frame.x = c.contentX + LayoutSpace.align(kids[i].frame.width, in: innerWidth, placement)
            kids[i].frame.y = y + offsets[i]
            y += kids[i].frame.height + spacing
        }
        return (size, kids)
    }

    /// Children left to right. Returns the stack's size and its children,
    /// framed relative to the stack.
    func hstack(_ node: ViewNode, _ c: NodeConstraints) -> (Size, [LayoutNode]) {
        let style = node.style
        let spacing = AxisConstraint.amount(style.spacing)
        let count = node.children.count
        let width = c.horizontal.inner
        let height = c.vertical.inner
        var kids = [LayoutNode](repeating: LayoutEngine.placeholder, count: count)
        var flexible: [(index: Int, weight: Double)] = []
        for (i, child) in node.children.enumerated() {
            if width != nil, let weight = LayoutEngine.flexWeight(child, horizontal: true) {
                flexible.append((i, weight))
            } else {
                kids[i] = resolve(child, width: nil, height: height)
            }
        }
        let gaps = spacing * Double(max(0, count - 1))
        if let width {
            let minimums = flexible.map { AxisConstraint.minimum(node.children[$0.index].style.minWidth) }
            let flexibleMinimum = minimums.reduce(0, +)
            var used = kids.reduce(gaps) { $0 + $1.frame.width } // placeholders are 0 wide
            if used + flexibleMinimum > width {
                // Overflow: narrower proposals, from the narrowest child up.
                let rigid = kids.indices.filter { i in !flexible.contains { $0.index == i } }
                let order = rigid.sorted { (kids[$0].frame.width, $0) < (kids[$1].frame.width, $1) }
                var remaining = width - gaps - flexibleMinimum
                var left = Double(order.count)
                for i in order {
                    let share = (max(0, remaining) / left).rounded(.down)
                    if share < kids[i].frame.width {
                        kids[i] = resolve(node.children[i], width: share, height: height)
                    }
                    remaining -= kids[i].frame.width
                    left -= 1
                }
                used = kids.reduce(gaps) { $0 + $1.frame.width }
            }
            if !flexible.isEmpty {
                let shares = LayoutSpace.flexShares(
                    width - used, weights: flexible.map(\.weight), minimums: minimums,
                    maximums: flexible.map { AxisConstraint.maximum(node.children[$0.index].style.maxWidth) })
                for (k, item) in flexible.enumerated() {
                    kids[item.index] = resolve(node.children[item.index], width: shares[k], height: height,
                                               forcedWidth: shares[k])
                }
            }
        }
        let childrenWidth = kids.reduce(gaps) { $0 + $1.frame.width }
        var contentWidth = childrenWidth
        if let width, !flexible.isEmpty { contentWidth = max(width, childrenWidth) }
        let contentHeight = kids.reduce(0) { max($0, $1.frame.height) }
        let size = c.resolve(Size(width: contentWidth, height: contentHeight))
        let innerWidth = max(0, size.width - c.horizontal.inset)
        let innerHeight = max(0, size.height - c.vertical.inset)
        let offsets = LayoutSpace.offsets(innerWidth - childrenWidth, count: count, style.distribution)
        let placement: LayoutSpace.Placement
        switch style.alignment {
        case .center?: placement = .center
        case .bottom?: placement = .end
        default: placement = .start
        }
        var x = c.contentX
        for i in kids.indices {
            kids[i].frame.x = x + offsets[i]
            kids[i].frame.y = c.contentY + LayoutSpace.align(kids[i].frame.height, in: innerHeight, placement)
            x += kids[i].frame.width + spacing
        }
        return (size, kids)
    }

    /// Children on top of each other. Returns the stack's size and its
    /// children, framed relative to the stack.
    func zstack(_ node: ViewNode, _ c: NodeConstraints) -> (Size, [LayoutNode]) {
        let width = c.horizontal.inner
        let height = c.vertical.inner
        var kids = node.children.map { resolve($0, width: width, height: height) }
        let content = Size(width: kids.reduce(0) { max($0, $1.frame.width) },
                           height: kids.reduce(0) { max($0, $1.frame.height) })
        let size = c.resolve(content)
        let innerWidth = max(0, size.width - c.horizontal.inset)
        let innerHeight = max(0, size.height - c.vertical.inset)
        let across: LayoutSpace.Placement, down: LayoutSpace.Placement
        switch node.style.alignment {
        case .center?: (across, down) = (.center, .center)
        case .trailing?: (across, down) = (.end, .start)
        case .bottom?: (across, down) = (.start, .end)
        default: (across, down) = (.start, .start)
        }
        for i in kids.indices {
            kids[i].frame.x = c.contentX + LayoutSpace.align(kids[i].frame.width, in: innerWidth, across)
            kids[i].frame.y = c.contentY + LayoutSpace.align(kids[i].frame.height, in: innerHeight, down)
        }
        return (size, kids)
    }

    /// The weight of `child` as a flexible item along a stack's axis, or nil
    /// when it takes its own size: a fixed size or an explicit weight of 0
    /// is never flexible; an explicit weight > 0 is; otherwise spacers and
    /// "fill" on that axis have weight 1.
    static func flexWeight(_ child: ViewNode, horizontal: Bool) -> Double? {
        let dimension = horizontal ? child.style.width : child.style.height
        if case .points? = dimension { return nil }
        if let weight = child.style.weight {
            let w = AxisConstraint.amount(weight)
            return w > 0 ? w : nil
        }
        return child.kind == .spacer || dimension == .fill ? 1 : nil
    }

    /// Stands in for a child laid out later; 0×0.
    static let placeholder = LayoutNode(id: "", kind: .spacer, frame: Frame(x: 0, y: 0, width: 0, height: 0))
}
