/// How a `LayoutRun` measures the texts of its tree: the monospace measurer
/// on the texts' bytes (`MonospaceBytes`), or the host's measurer on
/// strings (`HostMeasuring`). The run is generic over it, so the monospace
/// run holds nothing reference-counted and calls nothing indirectly.
protocol LayoutMeasuring {
    /// The size of string `text` of `run`'s tree in font `font` (a string
    /// of the tree, or -1 for none) within `maxWidth` (+∞: unbounded), made
    /// safe (`LayoutMeasure.safe`).
    func measure(_ text: Int32, font: Int32, maxWidth: Double, in run: UnsafePointer<LayoutRun<Self>.Context>) -> Size
    /// The height of one line of "M" in `font` (as in `measure`): the unit of `lineLimit`.
    func lineHeight(font: Int32, in run: UnsafePointer<LayoutRun<Self>.Context>) -> Double
}

/// Helpers of the measurers.
enum LayoutMeasure {
    /// A measured size with NaN and negative sides made 0.
    @inline(__always)
    static func safe(_ s: Size) -> Size {
        Size(width: s.width.isFinite ? max(0, s.width) : 0, height: s.height.isFinite ? max(0, s.height) : 0)
    }

    /// A width for a `TextMeasurer`: nil for +∞ (unbounded).
    @inline(__always)
    static func optional(_ width: Double) -> Double? {
        width < .infinity ? width : nil
    }

    /// The line height of the monospace measurer, asked once.
    static let monospaceLineHeight = safe(Monospace.measurer("M", nil, nil)).height
}

/// `Monospace.measurer`, run on the texts' bytes: a text known to fit on
/// one line at the width (`LayoutTree.Pointers.lineCells`) is answered
/// without reading it, any other by `Monospace.measureFast`, and only the
/// texts that path does not take by the measurer itself. A cell is
/// `cellWidth` × `cellHeight` layout units (`LayoutOptions`; 1×1 by default).
struct MonospaceBytes: LayoutMeasuring {
    var cellWidth = 1.0
    var cellHeight = 1.0

    /// The measurer with the cell of `options`.
    init(_ options: LayoutOptions) {
        cellWidth = options.cellWidth.isFinite && options.cellWidth > 0 ? options.cellWidth : 1
        cellHeight = options.cellHeight.isFinite && options.cellHeight > 0 ? options.cellHeight : 1
    }

    @inline(__always)
    func measure(_ text: Int32, font: Int32, maxWidth: Double, in run: UnsafePointer<LayoutRun<Self>.Context>) -> Size {
        let maxWidth = maxWidth / cellWidth // in cells (exactly the same with cells of 1)
        // `Monospace.cells`: whole cells, rounded down; unbounded from 1e15 on.
        let cells = maxWidth < 1e15 ? (maxWidth <= 0 ? 0 : Int(maxWidth)) : Int.max
        let line = Int(run.pointee.tree.lineCells![Int(text)])
        if line >= 0, line <= cells { return Size(width: Double(line) * cellWidth, height: cellHeight) } // one line
        let size = wrapped(text, cells: cells, maxWidth: maxWidth, in: run)
        return Size(width: size.width * cellWidth, height: size.height * cellHeight)
    }

    /// `measure` for a text that does not fit on one line (or may not).
    @inline(never)
    private func wrapped(_ text: Int32, cells: Int, maxWidth: Double, in run: UnsafePointer<LayoutRun<Self>.Context>)
        -> Size
    {
        let tree = run.pointee.tree
        let limit = cells == Int.max ? nil : cells
        if let size = Monospace.measureFast(tree.bytes(text), maxWidth: limit,
                                            printableASCII: tree.printable![Int(text)])
        {
            return LayoutMeasure.safe(size)
        }
        return LayoutMeasure.safe(Monospace.measurer(tree.strings![Int(text)], nil, LayoutMeasure.optional(maxWidth)))
    }

    func lineHeight(font: Int32, in run: UnsafePointer<LayoutRun<Self>.Context>) -> Double {
        LayoutMeasure.monospaceLineHeight * cellHeight
    }
}

/// The host's measurer, called with the texts as strings.
struct HostMeasuring: LayoutMeasuring {
    let measurer: TextMeasurer

    func measure(_ text: Int32, font: Int32, maxWidth: Double, in run: UnsafePointer<LayoutRun<Self>.Context>) -> Size {
        let strings = run.pointee.tree.strings!
        return LayoutMeasure.safe(measurer(strings[Int(text)], font >= 0 ? strings[Int(font)] : nil,
                                           LayoutMeasure.optional(maxWidth)))
    }

    func lineHeight(font: Int32, in run: UnsafePointer<LayoutRun<Self>.Context>) -> Double {
        // A tree with no texts has no strings (and its nodes no font).
        let font = font >= 0 ? run.pointee.tree.strings.map { $0[Int(font)] } : nil
        return LayoutMeasure.safe(measurer("M", font, nil)).height
    }
}
