/// The grid container of `LayoutEngine`: rows whose cells share column
/// widths.
///
/// A grid's children are its rows, top to bottom. A row that is a stack or a
/// list (with children) holds its cells, left to right; any other child is a
/// row of its own that spans every column. Column j is as wide as its widest
/// cell, measured with no width proposal; when the columns and the gaps are
/// wider than the grid's inner width, every column is narrowed in
/// proportion (in whole units, the rest handed out from the first column),
/// and the cells wrap. Each cell is laid out at its column's width; a row is
/// as high as its highest cell and spans the columns (its own style is not
/// applied: the grid places its cells). `spacing` is the gap between columns
/// and between rows.
extension LayoutRun {
    func grid(_ index: Int, _ box: UnsafePointer<LayoutBox>, _ c: NodeConstraints) -> Size {
        let spacing = box.pointee.spacing
        let rowCount = Int(nodes[index].children)
        // The cells of each row (node indexes); a row of one spanning cell is empty.
        var cellsOf: [[Int]] = []
        cellsOf.reserveCapacity(rowCount)
        var row = index + 1
        for _ in 0..<rowCount {
            var cells: [Int] = []
            if LayoutRun.holdsCells(nodes[row].kind), nodes[row].children > 0 {
                var k = row + 1
                for _ in 0..<Int(nodes[row].children) {
                    cells.append(k)
                    k = end(of: k)
                }
            }
            cellsOf.append(cells)
            row = end(of: row)
        }
        let columns = cellsOf.map(\.count).max() ?? 0
        var widths = [Double](repeating: 0, count: columns)
        for cells in cellsOf {
            for (j, cell) in cells.enumerated() {
                resolve(cell, width: .infinity, height: .infinity)
                widths[j] = max(widths[j], frames[cell].width)
            }
        }
        let gaps = spacing * Double(max(0, columns - 1))
        let inner = c.horizontal.inner
        let natural = widths.reduce(0, +)
        if inner < .infinity, natural + gaps > inner, natural > 0 {
            let room = max(0, inner - gaps)
            var used = 0.0
            for j in widths.indices {
                widths[j] = (widths[j] * room / natural).rounded(.down)
                used += widths[j]
            }
            var left = room - used
            var j = 0
            while left >= 1 {
                widths[j % columns] += 1
                left -= 1
                j += 1
            }
        }
        let rowWidth = widths.reduce(0, +) + gaps
        var contentWidth = rowWidth
        var contentHeight = spacing * Double(max(0, rowCount - 1))
        var y = c.contentY
        row = index + 1
        for r in 0..<rowCount {
            let next = end(of: row)
            let cells = cellsOf[r]
            var height = 0.0
            if cells.isEmpty { // a spanning row: laid out as a node of its own
                resolve(row, width: columns > 0 ? rowWidth : inner, height: .infinity)
                contentWidth = max(contentWidth, frames[row].width)
                height = frames[row].height
            } else {
                var x = 0.0
                for (j, cell) in cells.enumerated() {
                    resolve(cell, width: widths[j], height: .infinity, forcedWidth: widths[j])
                    frames[cell].x = x
                    frames[cell].y = 0
                    height = max(height, frames[cell].height)
                    x += widths[j] + spacing
                }
                frames[row] = Frame(x: 0, y: 0, width: rowWidth, height: height)
            }
            frames[row].x = c.contentX
            frames[row].y = y
            y += height + spacing
            contentHeight += height
            row = next
        }
        return c.resolve(Size(width: contentWidth, height: contentHeight))
    }

    /// Kinds whose children are a grid row's cells.
    static func holdsCells(_ kind: ViewNode.Kind) -> Bool {
        switch kind {
        case .hstack, .vstack, .zstack, .list, .grid: return true
        default: return false
        }
    }
}
