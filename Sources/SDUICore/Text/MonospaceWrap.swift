extension Monospace {
    /// Word-wrapped lines of `text` within `maxWidth` cells (nil: no limit).
    ///
    /// - The text is first split on "\n" (a "\r" before it is dropped);
    ///   each piece is at least one line (an empty piece is an empty line,
    ///   so "" gives one empty line).
    /// - Lines break at spaces (U+0020): a line takes as many words as fit,
    ///   with the spaces between them as written. The spaces where a line
    ///   breaks and the spaces ending a piece are dropped; the spaces
    ///   starting a piece (indentation) stay on its first line.
    /// - A word wider than the line is broken at cell boundaries: each line
    ///   takes as many clusters as fit, and always at least one, so a
    ///   two-cell character still gets a line of its own when `maxWidth` is
    ///   1 or less.
    /// - A scalar is never separated from the zero-width scalars that follow
    ///   it (combining marks, variation selectors), nor from a scalar joined
    ///   to it by a zero-width joiner; see `CellClusters`.
    public static func lines(_ text: String, maxWidth: Int?) -> [Substring] {
        var result: [Substring] = []
        let scalars = text.unicodeScalars
        wrap(text[...], maxWidth: maxWidth) { range, _ in
            result.append(Substring(scalars[range]))
        }
        return result
    }

    /// The wrapping behind `lines` and `measurer`: calls `line` with each
    /// line's bounds in `text` and its width in cells, in order.
    static func wrap(_ text: Substring, maxWidth: Int?, _ line: (Range<String.Index>, Int) -> Void) {
        let limit = maxWidth.map { max(0, $0) } ?? Int.max
        let scalars = text.unicodeScalars
        var pieceStart = scalars.startIndex
        while true {
            let pieceEnd = scalars[pieceStart...].firstIndex(of: "\n") ?? scalars.endIndex
            var contentEnd = pieceEnd
            if contentEnd > pieceStart, scalars[scalars.index(before: contentEnd)] == "\r" {
                contentEnd = scalars.index(before: contentEnd) // "\r\n" ends a line too
            }
            wrapPiece(Substring(scalars[pieceStart..<contentEnd]), limit: limit, line)
            guard pieceEnd < scalars.endIndex else { return }
            pieceStart = scalars.index(after: pieceEnd)
        }
    }

    /// Wraps one piece of text that holds no newline.
    private static func wrapPiece(_ piece: Substring, limit: Int, _ line: (Range<String.Index>, Int) -> Void) {
        var clusters = CellClusters(piece.unicodeScalars)
        var lineStart: String.Index? = nil // nil while the current line is empty
        var lineEnd = piece.startIndex
        var lineWidth = 0
        var emitted = false
        // The spaces before the next word, and where they start.
        var spacesStart = piece.startIndex
        var spacesWidth = 0
        var pending = clusters.next()

        func emit(_ range: Range<String.Index>, _ width: Int) {
            line(range, width)
            emitted = true
        }

        while let first = pending {
            if first.isSpace {
                if spacesWidth == 0 { spacesStart = first.start }
                spacesWidth += first.width
                pending = clusters.next()
                continue
            }
            // A word: the clusters up to the next space.
            let wordStart = first.start
            var wordEnd = first.end
            var wordWidth = first.width
            pending = clusters.next()
            while let c = pending, !c.isSpace {
                wordEnd = c.end
                wordWidth += c.width
                pending = clusters.next()
            }
            if lineStart != nil, lineWidth + spacesWidth + wordWidth <= limit {
                lineEnd = wordEnd
                lineWidth += spacesWidth + wordWidth
            } else {
                if let start = lineStart {
                    emit(start..<lineEnd, lineWidth)
                }
                // A piece's indentation stays on its first line.
                let indent = !emitted && lineStart == nil && spacesWidth > 0
                let start = indent ? spacesStart : wordStart
                let width = indent ? spacesWidth + wordWidth : wordWidth
                if width <= limit {
                    lineStart = start
                    lineEnd = wordEnd
                    lineWidth = width
                } else {
                    // Too wide for any line: break it at cell boundaries and
                    // keep its last part as the current line.
                    var parts = CellClusters(piece.unicodeScalars[start..<wordEnd])
                    var partStart = start
                    var partWidth = 0
                    while let c = parts.next() {
                        if c.start > partStart, partWidth + c.width > limit {
                            emit(partStart..<c.start, partWidth)
                            partStart = c.start
                            partWidth = 0
                        }
                        partWidth += c.width
                    }
                    lineStart = partStart
                    lineEnd = wordEnd
                    lineWidth = partWidth
                }
            }
            spacesWidth = 0
        }
        if let start = lineStart {
            emit(start..<lineEnd, lineWidth)
        } else if !emitted {
            emit(piece.startIndex..<piece.startIndex, 0)
        }
    }
}
