/// Layout options: the sizes a renderer adds around some kinds of node, and
/// the size of the monospace measurer's cell.
public struct LayoutOptions: Sendable, Equatable {
    /// Horizontal inset on each side of buttons, images and inputs, where a
    /// terminal draws `[` and `]`. Default 1.
    public var chrome: Double = 1
    /// Narrowest an input's text area gets, before chrome: room to type.
    /// Default 10.
    public var minInputWidth: Double = 10
    /// How wide a cell of the default (monospace) measurer is, in layout
    /// units: a text `n` cells wide measures `n × cellWidth`. Default 1,
    /// the layout in cells; a host's measurer is not scaled.
    public var cellWidth: Double = 1
    /// How high a line of the default measurer is, in layout units. Default 1.
    public var cellHeight: Double = 1

    /// The defaults: chrome 1, minimum input width 10, cells 1×1.
    public init() {}

    /// The options of a layout in units of which a monospace cell is
    /// `cellWidth` × `cellHeight` (points, for a terminal whose cells are
    /// that size): the chrome one cell, the minimum input width ten.
    public init(cellWidth: Double, cellHeight: Double) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        chrome = cellWidth
        minInputWidth = 10 * cellWidth
    }
}
