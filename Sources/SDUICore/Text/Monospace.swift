/// Monospace cell measurement for terminals.
///
/// A terminal draws text in a grid of cells: most characters take one cell,
/// East Asian wide and fullwidth characters and emoji take two, and
/// combining marks and format characters take none. `width(of:)` gives the
/// cells of a scalar or a string, `lines(_:maxWidth:)` word-wraps a text
/// within a number of cells, and `measurer` is the `TextMeasurer` built on
/// them that `LayoutEngine` uses by default, so every frame comes out in
/// whole cells. No Foundation and no ICU: the widths come from the range
/// tables in `MonospaceTables`.
public enum Monospace {
    /// Display cells of one Unicode scalar.
    ///
    /// - 0 for control characters (U+0000–001F, U+007F–009F), combining and
    ///   enclosing marks (U+0301 …), format characters such as the zero-width
    ///   space and joiner (U+200B–200D), variation selectors (U+FE00–FE0F)
    ///   and the conjoining Hangul jamo vowels and finals;
    /// - 2 for East Asian Wide and Fullwidth characters (CJK ideographs,
    ///   Hiragana, Katakana, Hangul syllables, fullwidth forms U+FF01–FF60
    ///   and U+FFE0–FFE6, …) and for characters with default emoji
    ///   presentation (U+1F300–1F64F, U+1F680–1F6FF, U+1F900–1F9FF,
    ///   U+1FA70–1FAFF, ⭐ U+2B50, ⭕ U+2B55, the handful in U+2600–26FF such
    ///   as ☔ U+2614 and ⚡ U+26A1);
    /// - 1 for everything else, including symbols with default text
    ///   presentation (★ U+2605, ❤ U+2764) and the soft hyphen.
    ///
    /// The ranges and their sources are listed on `MonospaceTables`.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }
        if v < 0x300 { return 1 } // Latin-1 to spacing modifiers: no marks, nothing wide
        if MonospaceTables.contains(v, in: MonospaceTables.zero) { return 0 }
        if MonospaceTables.contains(v, in: MonospaceTables.wide) { return 2 }
        return 1
    }

    /// Display cells of a string: the sum of its clusters' widths.
    ///
    /// A cluster is a scalar with the zero-width scalars that follow it. A
    /// scalar followed by U+FE0F (emoji presentation) counts 2 (`❤️` is 2
    /// cells, `❤` is 1); a pair of regional indicators (a flag) counts 2.
    /// A zero-width-joiner sequence counts each of its visible emoji, so
    /// `👨‍👩‍👧` is 6 cells: an approximation, since terminals disagree on
    /// whether they draw such a sequence as one glyph or several.
    public static func width(of text: Substring) -> Int {
        var cells = 0
        var clusters = CellClusters(text.unicodeScalars)
        while let cluster = clusters.next() { cells += cluster.width }
        return cells
    }

    /// Display cells of a string; see `width(of:)` for a `Substring`.
    public static func width(of text: String) -> Int {
        width(of: text[...])
    }

    /// The default measurer, for terminals: the text is word-wrapped with
    /// `lines(_:maxWidth:)` at the given width rounded down to whole cells
    /// (unbounded when nil, infinite or NaN; a negative width counts as 0),
    /// and its size is the widest line in cells by the number of lines. The
    /// font is ignored: every font of a terminal is one cell per column and
    /// one line per row. An empty text is 0 wide and 1 high (one empty
    /// line), so a text node always takes at least a row.
    public static var measurer: TextMeasurer {
        { text, _, maxWidth in
            if let size = measureFast(text, maxWidth: cells(maxWidth)) { return size }
            var widest = 0
            var count = 0
            wrap(text[...], maxWidth: cells(maxWidth)) { _, width in
                widest = max(widest, width)
                count += 1
            }
            return Size(width: Double(widest), height: Double(count))
        }
    }

    /// A layout width as whole cells: nil (unbounded) for nil, NaN and +∞.
    static func cells(_ width: Double?) -> Int? {
        guard let width, !width.isNaN, width < 1e15 else { return nil }
        return width <= 0 ? 0 : Int(width) // rounded down: positive
    }
}
