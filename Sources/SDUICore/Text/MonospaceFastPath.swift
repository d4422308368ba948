/// The measurer's answer computed on a text's UTF-8 bytes, for the texts
/// where every scalar is a cluster of its own, by the rules of `wrap`.
///
/// Most UI text is like that: printable ASCII, or ASCII with a few symbols,
/// accented letters or wide characters (`★ 8.7`, `7.8 · 1980`, `日本`). A
/// text with a scalar that joins the one before it or gets special treatment
/// (a zero-width scalar such as a combining mark, a variation selector or
/// the zero-width joiner, a control character other than "\n" such as a tab
/// or "\r", a regional indicator) is left to the general path: `measure`
/// returns nil for it.
///
/// Two byte paths, both giving exactly what `wrap` gives:
/// - printable ASCII (and "\n"): one cell a byte, so a line's width is its
///   length in bytes and a line can be found without walking its words: it
///   ends at the last word end within the limit;
/// - any other text of single-scalar clusters: the words are walked scalar
///   by scalar with their widths.
extension Monospace {
    /// The size `measurer` gives `text` at `maxWidth` cells (nil: unbounded),
    /// or nil when the text needs the general path.
    static func measureFast(_ text: String, maxWidth: Int?) -> Size? {
        let size: Size?? = text.utf8.withContiguousStorageIfAvailable { measureFast($0, maxWidth: maxWidth) }
        return size ?? nil
    }

    /// `measureFast` for a text given as its UTF-8 bytes; `printableASCII`
    /// says they are known to be all printable ASCII (no "\n" either), as
    /// `isPrintableASCII` tells.
    static func measureFast(_ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int?, printableASCII: Bool = false)
        -> Size?
    {
        var measure = FastMeasure(bytes: bytes, limit: maxWidth.map { max(0, $0) } ?? Int.max)
        if printableASCII {
            measure.asciiPiece(0, bytes.count)
            return Size(width: Double(measure.widest), height: Double(measure.count))
        }
        return measure.run()
    }

    /// True when every byte of a text is printable ASCII (0x20–0x7E): one
    /// piece of one-cell clusters, which `measureFast` measures on its bytes alone.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        FastMeasure.isPrintableASCII(bytes)
    }
}

/// One measurement on the bytes of a text (see `Monospace.measureFast`).
private struct FastMeasure {
    let bytes: UnsafeBufferPointer<UInt8>
    let limit: Int
    /// The widest line so far, and the number of lines.
    var widest = 0
    var count = 0

    init(bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        self.bytes = bytes
        self.limit = limit
    }

    static let space = UInt8(ascii: " ")
    static let newline = UInt8(ascii: "\n")

    mutating func run() -> Size? {
        let n = bytes.count
        if FastMeasure.isPrintableASCII(bytes) {
            // No "\n" either: one piece.
            asciiPiece(0, n)
        } else {
            var pieceStart = 0
            var ascii = true
            for i in 0..<n {
                let b = bytes[i]
                if b == FastMeasure.newline { continue }
                if b < 0x20 || b > 0x7E {
                    ascii = false
                    break
                }
            }
            while true {
                var pieceEnd = pieceStart
                while pieceEnd < n, bytes[pieceEnd] != FastMeasure.newline { pieceEnd += 1 }
                if ascii {
                    asciiPiece(pieceStart, pieceEnd)
                } else if !scalarPiece(pieceStart, pieceEnd) {
                    return nil
                }
                guard pieceEnd < n else { break }
                pieceStart = pieceEnd + 1
            }
        }
        return Size(width: Double(widest), height: Double(count))
    }

    mutating func emit(_ width: Int) {
        if width > widest { widest = width }
        count += 1
    }

    /// True when every byte is printable ASCII (0x20–0x7E), checked eight
    /// bytes at a time (the last eight overlapping the ones before).
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard n >= 8, let start = bytes.baseAddress else {
            for b in bytes where b < 0x20 || b > 0x7E { return false }
            return true
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        // The high bit of a byte below 0x20, or of one at least 0x7F (adding 1 sets it).
        @inline(__always) func flags(_ offset: Int) -> UInt64 {
            let w = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            return (w &- ones &* 0x20) & ~w | (w &+ ones) | w
        }
        var any: UInt64 = 0
        var i = 0
        while i + 16 <= n {
            any |= flags(i) | flags(i + 8)
            i += 16
        }
        if i + 8 <= n { any |= flags(i) }
        any |= flags(n - 8)
        return any & (ones &* 0x80) == 0
    }

    /// One piece of printable ASCII, `bytes[start..<end]`, no "\n" in it.
    ///
    /// Every line but the piece's first starts at a word (the spaces where
    /// a line breaks are dropped); the first keeps the indentation. A line
    /// from `s` takes everything up to the last word end within `s + limit`;
    /// with no word end there, the word (or the indentation) is too wide and
    /// the line takes `limit` cells of it (at least one), and the next line
    /// goes on in the same word.
    mutating func asciiPiece(_ start: Int, _ end: Int) {
        var e = end
        while e > start, bytes[e - 1] == FastMeasure.space { e -= 1 } // trailing spaces are dropped
        guard e > start else { return emit(0) } // empty, or only spaces: one empty line
        var s = start
        while e - s > limit {
            var p = s + limit // < e, so bytes[p] exists
            while p > s, !(bytes[p] == FastMeasure.space && bytes[p - 1] != FastMeasure.space) { p -= 1 }
            if p == s { p = s + max(1, limit) } // no word end: cut the word
            emit(p - s)
            if p == e { return }
            s = p
            if bytes[p - 1] != FastMeasure.space {
                // The spaces at the break go; a non-space is ahead (e follows one).
                while bytes[s] == FastMeasure.space { s += 1 }
            }
        }
        emit(e - s)
    }

    /// Decodes the scalar at `i`: its cells and its length in bytes; nil for
    /// a scalar the fast path does not take (see `Monospace.measureFast`).
    func scalar(at i: Int) -> (width: Int, length: Int)? {
        let b0 = UInt32(bytes[i])
        var value: UInt32
        var length: Int
        if b0 < 0x80 {
            return b0 >= 0x20 && b0 < 0x7F ? (1, 1) : nil
        } else if b0 < 0xE0 {
            value = b0 & 0x1F
            length = 2
        } else if b0 < 0xF0 {
            value = b0 & 0x0F
            length = 3
        } else {
            value = b0 & 0x07
            length = 4
        }
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        // Regional indicators pair into flags; zero-width scalars join the one before.
        if value >= 0x1F1E6 && value <= 0x1F1FF { return nil }
        let width = Monospace.width(of: Unicode.Scalar(value)!)
        return width == 0 ? nil : (width, length)
    }

    /// One piece of single-scalar clusters, `bytes[start..<end]`, walked as
    /// `Monospace.wrap` walks its clusters; false when a scalar needs the
    /// general path.
    mutating func scalarPiece(_ start: Int, _ end: Int) -> Bool {
        var lineOpen = false
        var lineWidth = 0
        var emitted = false
        var spaces = 0
        var i = start
        while i < end {
            if bytes[i] == FastMeasure.space {
                spaces += 1
                i += 1
                continue
            }
            let wordStart = i
            var word = 0
            while i < end, bytes[i] != FastMeasure.space {
                if bytes[i] > 0x20 && bytes[i] < 0x7F { // printable ASCII: one cell, one byte
                    word += 1
                    i += 1
                    continue
                }
                guard let (w, length) = scalar(at: i) else { return false }
                word += w
                i += length
            }
            if lineOpen, lineWidth + spaces + word <= limit {
                lineWidth += spaces + word
            } else {
                if lineOpen {
                    emit(lineWidth)
                    emitted = true
                }
                let indent = !emitted && !lineOpen && spaces > 0
                let width = indent ? spaces + word : word
                if width <= limit {
                    lineWidth = width
                } else {
                    // Too wide for any line: broken at cell boundaries, at
                    // least one cluster a line (the indentation's spaces are
                    // one-cell clusters too).
                    var part = 0
                    func add(_ w: Int) {
                        if part > 0, part + w > limit {
                            emit(part)
                            emitted = true
                            part = 0
                        }
                        part += w
                    }
                    if indent { for _ in 0..<spaces { add(1) } }
                    var j = wordStart
                    while j < i {
                        let (w, length) = scalar(at: j)!
                        add(w)
                        j += length
                    }
                    lineWidth = part
                }
                lineOpen = true
            }
            spaces = 0
        }
        if lineOpen {
            emit(lineWidth)
        } else if !emitted {
            emit(0)
        }
        return true
    }
}
