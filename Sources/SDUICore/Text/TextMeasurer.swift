/// Sizes a run of text: (text, font name or nil, the width it may take or nil
/// for unbounded) -> its size.
///
/// Must return the same size for the same input. A measurer that wraps
/// should keep within `maxWidth` where it can; `LayoutEngine` clamps a
/// text's frame to the width it was offered anyway. The layout engine uses
/// the height it returns for one line of "M" as the line height of
/// `Style.lineLimit`. `Monospace.measurer` is the terminal one.
public typealias TextMeasurer = (_ text: String, _ font: String?, _ maxWidth: Double?) -> Size
