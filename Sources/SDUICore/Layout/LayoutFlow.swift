/// The flowing rows of `LayoutEngine`: `wrap` and `rail`.
///
/// A **wrap** lays its children out left to right, each proposed the inner
/// width (so none is wider), and starts a new line when the next child does
/// not fit what is left of the current one; `spacing` is the gap between
/// children and between lines, and a line is as high as its highest child.
/// Its width is its widest line's.
///
/// A **rail** lays its children out left to right at their own widths,
/// never narrowed, all as high as its inner height allows; it is as wide
/// as its proposal (or its children, when they are narrower), and children
/// past its right edge have frames past it: the host clips them and lets
/// the user scroll the rail sideways.
extension LayoutRun {
    func wrap(_ index: Int, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        let spacing = box.pointee.spacing
        let width = c.horizontal.inner
        var x = 0.0, y = 0.0, line = 0.0, widest = 0.0
        var child = index + 1
        for _ in 0..<Int(nodes[index].children) {
            let next = resolve(child, width: width, height: .infinity)
            let w = frames[child].width
            if x > 0, x + w > width { // a new line
                y += line + spacing
                x = 0
                line = 0
            }
            frames[child].x = c.contentX + x
            frames[child].y = c.contentY + y
            widest = max(widest, x + w)
            x += w + spacing
            line = max(line, frames[child].height)
            child = next
        }
        return c.resolve(Size(width: widest, height: nodes[index].children > 0 ? y + line : 0))
    }

    func rail(_ index: Int, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        let spacing = box.pointee.spacing
        var x = 0.0, height = 0.0
        var child = index + 1
        for _ in 0..<Int(nodes[index].children) {
            let next = resolve(child, width: .infinity, height: c.vertical.inner)
            frames[child].x = c.contentX + x
            frames[child].y = c.contentY
            x += frames[child].width + spacing
            height = max(height, frames[child].height)
            child = next
        }
        let content = nodes[index].children > 0 ? x - spacing : 0
        return c.resolve(Size(width: content, height: height)) // at most the proposal
    }
}

extension LayoutRun {
    /// A **pager** shows one of its children, the page its `page` member
    /// names (from 0; clamped to the pages), laid out at the pager's inner
    /// width; the other pages get 0×0 frames at its content's corner, so the
    /// layout tree keeps the view tree's shape. The host draws the page
    /// indicator over the page's bottom edge.
    func pager(_ index: Int, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        let count = Int(nodes[index].children)
        let text = nodes[index].text
        let shown = ViewNode.pagerPage(text >= 0 ? context.pointee.tree.strings![Int(text)] : nil, count: count)
        var size = Size(width: 0, height: 0)
        var child = index + 1
        for i in 0..<count {
            let next = end(of: child)
            if i == shown {
                resolve(child, width: c.horizontal.inner, height: c.vertical.inner)
                frames[child].x = c.contentX
                frames[child].y = c.contentY
                size = Size(width: frames[child].width, height: frames[child].height)
            } else {
                resolve(child, width: 0, height: 0)
                for k in child..<next { frames[k] = Frame(x: 0, y: 0, width: 0, height: 0) }
                frames[child].x = c.contentX
                frames[child].y = c.contentY
            }
            child = next
        }
        return c.resolve(size)
    }
}
