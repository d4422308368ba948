/// The units a terminal text is measured and wrapped in: each cluster is a
/// scalar with everything that must stay in the same cell run as it.
///
/// A new cluster starts at every scalar except:
/// - a zero-width scalar that is not a control character (a combining mark,
///   a variation selector, the zero-width joiner…), which joins the cluster
///   before it;
/// - U+FE0F, which also joins and turns a one-cell scalar before it into two
///   cells (emoji presentation);
/// - a scalar right after a zero-width joiner, which joins with its own width
///   (so a ZWJ sequence is never split, and counts each visible emoji);
/// - the second regional indicator of a flag, which joins without adding
///   cells (a flag is two cells).
///
/// A cluster that is a single U+0020 is a space: the place lines break.
struct CellClusters: IteratorProtocol {
    /// One cluster: its bounds in the text's scalars and its cells.
    struct Cluster {
        var start: String.Index
        var end: String.Index
        var width: Int
        var isSpace: Bool
    }

    private let scalars: Substring.UnicodeScalarView
    private var position: String.Index

    init(_ scalars: Substring.UnicodeScalarView) {
        self.scalars = scalars
        position = scalars.startIndex
    }

    static let space: Unicode.Scalar = " "
    static let joiner: Unicode.Scalar = "\u{200D}"
    static let emojiPresentation: Unicode.Scalar = "\u{FE0F}"

    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0x1F1E6 && s.value <= 0x1F1FF
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }

    mutating func next() -> Cluster? {
        let end = scalars.endIndex
        guard position < end else { return nil }
        let start = position
        let first = scalars[position]
        scalars.formIndex(after: &position)
        var width = Monospace.width(of: first)
        var lastWidth = width
        var isSpace = first == Self.space
        var afterJoiner = first == Self.joiner
        var pendingFlag = Self.isRegionalIndicator(first)
        while position < end {
            let s = scalars[position]
            let w = Monospace.width(of: s)
            if s == Self.emojiPresentation {
                if lastWidth == 1 {
                    width += 1
                    lastWidth = 2
                }
            } else if afterJoiner {
                width += w
                if w > 0 { lastWidth = w }
            } else if pendingFlag && Self.isRegionalIndicator(s) {
                pendingFlag = false
            } else if w != 0 || Self.isControl(s) {
                break
            }
            if w > 0 { pendingFlag = false }
            isSpace = false
            afterJoiner = s == Self.joiner
            scalars.formIndex(after: &position)
        }
        return Cluster(start: start, end: position, width: width, isSpace: isSpace)
    }
}
