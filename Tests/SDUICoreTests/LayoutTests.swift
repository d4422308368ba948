import Testing
@testable import SDUICore

// MARK: - Building trees and reading frames

private func style(_ edit: (inout Style) -> Void) -> Style {
    var s = Style()
    edit(&s)
    return s
}

private func text(_ s: String, _ st: Style = Style()) -> ViewNode {
    ViewNode(.text, props: ["text": s], style: st)
}

private func button(_ label: String, _ st: Style = Style()) -> ViewNode {
    ViewNode(.button, props: ["label": label], style: st)
}

private func node(_ kind: ViewNode.Kind, _ st: Style = Style(), _ children: ViewNode...) -> ViewNode {
    ViewNode(kind, style: st, children: children)
}

private let spacer = ViewNode(.spacer)

private func number(_ v: Double) -> String {
    v.rounded() == v && abs(v) < 1e15 ? String(Int(v)) : String(v)
}

/// Every frame of a layout tree, depth first, as "id x,y wxh".
private func dump(_ n: LayoutNode) -> [String] {
    let f = n.frame
    return ["\(n.id) \(number(f.x)),\(number(f.y)) \(number(f.width))x\(number(f.height))"] + n.children.flatMap(dump)
}

/// Lays `view` out as component "c" (ids c, c/0, c/1/0…) and dumps its frames.
private func frames(_ view: ViewNode, width: Double, height: Double? = nil,
                    engine: LayoutEngine = LayoutEngine()) -> [String]
{
    var v = view
    try! v.assignIds(componentId: "c")
    return dump(engine.layout(v, width: width, height: height))
}

/// The size of a lone node for a proposal.
private func size(_ view: ViewNode, _ width: Double?, _ height: Double? = nil,
                  engine: LayoutEngine = LayoutEngine()) -> String
{
    let s = engine.size(of: view, proposedWidth: width, proposedHeight: height)
    return "\(number(s.width))x\(number(s.height))"
}

private func lines(_ s: String, _ width: Int?) -> [String] {
    Monospace.lines(s, maxWidth: width).map(String.init)
}

// MARK: - Monospace

@Suite("Layout: monospace cells")
struct LayoutMonospaceTests {
    @Test func scalarWidths() {
        func w(_ v: UInt32) -> Int { Monospace.width(of: Unicode.Scalar(v)!) }
        // Narrow: ASCII, Latin, text-presentation symbols, the soft hyphen, halfwidth katakana.
        #expect([w(0x61), w(0x7E), w(0xC4), w(0xAD), w(0x2605), w(0x2764), w(0x2600), w(0xFF61), w(0x2026)]
            == [1, 1, 1, 1, 1, 1, 1, 1, 1])
        // Zero: controls, combining marks, ZWJ, ZWSP, variation selectors, Hangul jamo vowels, kana voicing mark.
        #expect([w(0x00), w(0x07), w(0x7F), w(0x9F), w(0x301), w(0x200D), w(0x200B), w(0xFE0F), w(0xFE0E),
                 w(0xE0101), w(0x1160), w(0x11A8), w(0x3099), w(0x20DD)] == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        // Wide: CJK, kana, Hangul, fullwidth forms, the planes 2 and 3.
        #expect([w(0x4E00), w(0x65E5), w(0x9FFF), w(0x3400), w(0x3041), w(0x30AB), w(0x1100), w(0xAC00),
                 w(0xD7A3), w(0xFF01), w(0xFF21), w(0xFF60), w(0xFFE0), w(0xFFE6), w(0x20000), w(0x3000)]
            == [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
        // Range edges stay narrow.
        #expect([w(0x10FF), w(0x1200), w(0xD7A4), w(0xFF00), w(0xFF61), w(0xFFE7), w(0x4DC0)] == [1, 1, 1, 1, 1, 1, 1])
        // Emoji presentation: the emoji blocks and the few in U+2300–2BFF.
        #expect([w(0x1F3AC), w(0x1F300), w(0x1F64F), w(0x1F680), w(0x1F6FF - 3), w(0x1F900 + 0x10), w(0x1F9FF),
                 w(0x1FA70), w(0x231A), w(0x2614), w(0x26A1), w(0x2705), w(0x2B50), w(0x2B55), w(0x1F1E6)]
            == [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    }

    @Test func stringWidths() {
        #expect(Monospace.width(of: "hello") == 5)
        #expect(Monospace.width(of: "日本") == 4)
        #expect(Monospace.width(of: "한국어") == 6)
        #expect(Monospace.width(of: "ＡＢＣ") == 6)
        #expect(Monospace.width(of: "🎬") == 2)
        #expect(Monospace.width(of: "★") == 1)
        #expect(Monospace.width(of: "❤") == 1)
        #expect(Monospace.width(of: "❤️") == 2) // U+2764 U+FE0F
        #expect(Monospace.width(of: "⭐️") == 2) // already wide: FE0F adds nothing
        #expect(Monospace.width(of: "e\u{301}") == 1)
        #expect(Monospace.width(of: "1\u{FE0F}\u{20E3}") == 2) // keycap
        #expect(Monospace.width(of: "👨\u{200D}👩\u{200D}👧") == 6) // each visible emoji of a ZWJ sequence
        #expect(Monospace.width(of: "🇫🇷🇯🇵") == 4) // two flags
        #expect(Monospace.width(of: "a\tb") == 2)
        #expect(Monospace.width(of: "") == 0)
        #expect(Monospace.width(of: "★ 8.7"[...].dropFirst(2)) == 3) // the Substring overload
    }

    @Test func wrapsWords() {
        #expect(lines("the quick brown fox jumps over", 10) == ["the quick", "brown fox", "jumps over"])
        #expect(lines("the quick brown fox jumps over", nil) == ["the quick brown fox jumps over"])
        #expect(lines("a  b   ", nil) == ["a  b"]) // inner spaces kept, trailing dropped
        #expect(lines("a  b", 3) == ["a", "b"]) // spaces at a break dropped
        #expect(lines("  ab cd", 5) == ["  ab", "cd"]) // indentation kept on the first line
        #expect(lines("ab cd", 5) == ["ab cd"]) // exactly full
    }

    @Test func breaksLongWordsAtCells() {
        #expect(lines("supercalifragilistic end", 8) == ["supercal", "ifragili", "stic end"])
        #expect(lines("abc", 0) == ["a", "b", "c"])
        #expect(lines("日本語", 3) == ["日", "本", "語"])
        #expect(lines("日本語", 4) == ["日本", "語"])
        #expect(lines("日", 1) == ["日"]) // a cluster wider than the line still gets a line
        #expect(lines("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        // A ZWJ sequence is not split.
        #expect(lines("👨\u{200D}👩\u{200D}👧x", 2) == ["👨\u{200D}👩\u{200D}👧", "x"])
    }

    @Test func splitsOnNewlines() {
        #expect(lines("a\nb", nil) == ["a", "b"])
        #expect(lines("a\r\nb", 5) == ["a", "b"])
        #expect(lines("a\n\nb c", 1) == ["a", "", "b", "c"])
        #expect(lines("", 3) == [""])
        #expect(lines("\n", nil) == ["", ""])
    }

    @Test func measurerGivesWidestLineByLineCount() {
        let m = Monospace.measurer
        #expect(m("hello world", nil, 5) == Size(width: 5, height: 2))
        #expect(m("hello world", nil, nil) == Size(width: 11, height: 1))
        #expect(m("hello world", "title", 5.9) == Size(width: 5, height: 2)) // rounded down; font ignored
        #expect(m("hello world", nil, .nan) == Size(width: 11, height: 1))
        #expect(m("hello world", nil, -3) == Size(width: 1, height: 10))
        #expect(m("", nil, 10) == Size(width: 0, height: 1))
        #expect(m("日本 語", nil, 4) == Size(width: 4, height: 2))
    }
}

// MARK: - Leaves

@Suite("Layout: node kinds")
struct LayoutLeafTests {
    @Test func textWrapsAtTheProposedWidth() {
        #expect(frames(text("hello world"), width: 20) == ["c 0,0 11x1"])
        #expect(frames(text("hello world"), width: 8) == ["c 0,0 5x2"])
        #expect(frames(text(""), width: 8) == ["c 0,0 0x1"])
        #expect(frames(text("hello"), width: 0) == ["c 0,0 0x5"]) // one cell a line, clamped to the width
    }

    @Test func fallbackAndErrorShowTheirText() {
        #expect(frames(.fallback(componentType: "Promo"), width: 40) == ["c 0,0 29x1"]) // Unsupported component "Promo"
        #expect(frames(ViewNode(.fallback, props: ["componentType": "X", "text": "soon"]), width: 40) == ["c 0,0 4x1"])
        #expect(frames(.error("boom"), width: 40) == ["c 0,0 6x1"]) // "✖ boom"
        #expect(frames(.error("boom boom"), width: 6) == ["c 0,0 6x2"]) // "✖ boom" / "boom"
    }

    @Test func buttons() {
        #expect(frames(button("OK"), width: 20) == ["c 0,0 4x1"])
        #expect(frames(button("★"), width: 20) == ["c 0,0 3x1"])
        #expect(frames(button("Add to order"), width: 8) == ["c 0,0 8x2"]) // "Add to" / "order" inside [ ]
        #expect(frames(ViewNode(.button), width: 20) == ["c 0,0 2x1"])
        // Children, no label: an hstack inside the chrome.
        let row = ViewNode(.button, style: style { $0.spacing = 1 }, children: [text("a"), text("bc")])
        #expect(frames(row, width: 20) == ["c 0,0 6x1", "c/0 1,0 1x1", "c/1 3,0 2x1"])
        // A label wins; the children keep a place in the tree, 0×0.
        let both = ViewNode(.button, props: ["label": "Go"], children: [text("x")])
        #expect(frames(both, width: 20) == ["c 0,0 4x1", "c/0 1,0 0x0"])
    }

    @Test func inputs() {
        #expect(frames(ViewNode(.input, props: ["name": "q"]), width: 40) == ["c 0,0 12x1"])
        #expect(frames(ViewNode(.input, props: ["name": "q", "value": "Keanu"]), width: 40) == ["c 0,0 12x1"])
        #expect(frames(ViewNode(.input, props: ["name": "q", "value": "fifteen chars!!"]), width: 40) == ["c 0,0 17x1"])
        #expect(frames(ViewNode(.input, props: ["name": "q", "placeholder": "Search movies…"]), width: 40)
            == ["c 0,0 16x1"])
        #expect(frames(ViewNode(.input, props: ["name": "q", "value": "a b c d e f g h"]), width: 8) == ["c 0,0 8x1"])
        var options = LayoutOptions()
        options.minInputWidth = 4
        options.chrome = 2
        #expect(frames(ViewNode(.input, props: ["name": "q", "value": "ab"]), width: 40,
                       engine: LayoutEngine(options: options)) == ["c 0,0 8x1"])
    }

    @Test func images() {
        #expect(frames(ViewNode(.image, props: ["url": "u", "alt": "Poster"]), width: 40) == ["c 0,0 8x1"])
        #expect(frames(ViewNode(.image, props: ["url": "u", "placeholder": "Loading"]), width: 40) == ["c 0,0 9x1"])
        #expect(frames(ViewNode(.image, props: ["url": "u"]), width: 40) == ["c 0,0 7x1"]) // [image]
        let sized = style { $0.width = .points(10); $0.height = .points(4) }
        #expect(frames(ViewNode(.image, props: ["url": "u"], style: sized), width: 40) == ["c 0,0 10x4"])
        // One side given: the other from the label, wrapped inside the chrome.
        let narrow = style { $0.width = .points(5) }
        #expect(frames(ViewNode(.image, props: ["url": "u", "alt": "Big poster"], style: narrow), width: 40)
            == ["c 0,0 5x3"])
        let short = style { $0.height = .points(2) }
        #expect(frames(ViewNode(.image, props: ["url": "u", "alt": "Poster"], style: short), width: 40)
            == ["c 0,0 8x2"])
    }

    @Test func spacersOutsideStacks() {
        #expect(frames(spacer, width: 40) == ["c 0,0 0x0"])
        #expect(frames(ViewNode(.spacer, style: style { $0.minWidth = 2; $0.minHeight = 1 }), width: 40)
            == ["c 0,0 2x1"])
        #expect(frames(node(.zstack, Style(), spacer, text("ab")), width: 40) == ["c 0,0 2x1", "c/0 0,0 0x0",
                                                                                  "c/1 0,0 2x1"])
    }
}

// MARK: - Style

@Suite("Layout: style sizes")
struct LayoutStyleTests {
    @Test func paddingInsetsTheContent() {
        #expect(frames(text("hi", style { $0.padding = .init(all: 1) }), width: 20) == ["c 0,0 4x3"])
        #expect(frames(text("hello world", style { $0.padding = .init(all: 2) }), width: 9) == ["c 0,0 9x6"])
        let uneven = style { $0.padding = .init(top: 1, leading: 2, bottom: 0, trailing: 3) }
        #expect(frames(node(.vstack, uneven, text("abc")), width: 20) == ["c 0,0 8x2", "c/0 2,1 3x1"])
        // Padding wider than the proposal: the content gets 0 (a cell a line) and nothing goes negative.
        #expect(frames(node(.vstack, style { $0.padding = .init(all: 6) }, text("abc")), width: 4)
            == ["c 0,0 4x15", "c/0 6,6 0x3"])
    }

    @Test func fixedSizesReWrapText() {
        #expect(frames(text("hello world", style { $0.width = .points(5) }), width: 20) == ["c 0,0 5x2"])
        #expect(frames(text("hi", style { $0.height = .points(4) }), width: 20) == ["c 0,0 2x4"])
        #expect(frames(text("hello world", style { $0.width = .points(30) }), width: 20) == ["c 0,0 30x1"])
    }

    @Test func fillTakesTheProposalWhenThereIsOne() {
        let fill = style { $0.width = .fill; $0.height = .fill }
        #expect(frames(text("hi", fill), width: 20) == ["c 0,0 20x1"])
        #expect(frames(text("hi", fill), width: 20, height: 5) == ["c 0,0 20x5"])
        #expect(size(text("hi", fill), nil, nil) == "2x1")
    }

    @Test func minAndMaxClamp() {
        #expect(frames(text("hello world foo", style { $0.maxWidth = 7 }), width: 30) == ["c 0,0 5x3"])
        #expect(frames(text("hi", style { $0.minWidth = 10 }), width: 30) == ["c 0,0 10x1"])
        #expect(frames(text("hi", style { $0.minWidth = 10 }), width: 5) == ["c 0,0 10x1"]) // min beats the proposal
        #expect(frames(text("hi", style { $0.minHeight = 3 }), width: 30) == ["c 0,0 2x3"])
        #expect(frames(text("a\nb\nc", style { $0.maxHeight = 1 }), width: 30) == ["c 0,0 1x1"])
        #expect(frames(text("hi", style { $0.width = .points(20); $0.maxWidth = 6 }), width: 30) == ["c 0,0 6x1"])
        #expect(frames(text("hi", style { $0.minWidth = 8; $0.maxWidth = 6 }), width: 30) == ["c 0,0 8x1"])
        // A max width without a proposal still wraps the text.
        #expect(size(text("hello world foo", style { $0.maxWidth = 11 }), nil) == "11x2")
    }

    @Test func lineLimitCapsTheHeight() {
        #expect(frames(text("a b c d e"), width: 1) == ["c 0,0 1x5"])
        #expect(frames(text("a b c d e", style { $0.lineLimit = 2 }), width: 1) == ["c 0,0 1x2"])
        #expect(frames(text("a b c d e", style { $0.lineLimit = 0 }), width: 1) == ["c 0,0 1x5"]) // 0: no limit
    }
}

// MARK: - Stacks

@Suite("Layout: stacks")
struct LayoutStackTests {
    @Test func vstackAlignmentAndSpacing() {
        let pair = [text("abcdef"), text("ab")]
        func v(_ edit: (inout Style) -> Void) -> ViewNode { ViewNode(.vstack, style: style(edit), children: pair) }
        #expect(frames(v { _ in }, width: 20) == ["c 0,0 6x2", "c/0 0,0 6x1", "c/1 0,1 2x1"])
        #expect(frames(v { $0.alignment = .center }, width: 20) == ["c 0,0 6x2", "c/0 0,0 6x1", "c/1 2,1 2x1"])
        #expect(frames(v { $0.alignment = .trailing }, width: 20) == ["c 0,0 6x2", "c/0 0,0 6x1", "c/1 4,1 2x1"])
        #expect(frames(v { $0.alignment = .bottom }, width: 20) == ["c 0,0 6x2", "c/0 0,0 6x1", "c/1 0,1 2x1"])
        #expect(frames(v { $0.spacing = 2 }, width: 20) == ["c 0,0 6x4", "c/0 0,0 6x1", "c/1 0,3 2x1"])
        #expect(frames(v { $0.alignment = .center; $0.width = .fill }, width: 20)
            == ["c 0,0 20x2", "c/0 7,0 6x1", "c/1 9,1 2x1"])
        #expect(frames(ViewNode(.list, style: style { $0.spacing = 1 }, children: pair), width: 20)
            == ["c 0,0 6x3", "c/0 0,0 6x1", "c/1 0,2 2x1"])
    }

    @Test func vstackDistribution() {
        func v(_ d: Style.Distribution?, _ items: [String] = ["a", "b"]) -> [String] {
            frames(ViewNode(.vstack, style: style { $0.height = .points(10); $0.distribution = d },
                            children: items.map { text($0) }), width: 20)
        }
        #expect(v(nil) == ["c 0,0 1x10", "c/0 0,0 1x1", "c/1 0,1 1x1"])
        #expect(v(.start) == ["c 0,0 1x10", "c/0 0,0 1x1", "c/1 0,1 1x1"])
        #expect(v(.fill) == ["c 0,0 1x10", "c/0 0,0 1x1", "c/1 0,1 1x1"])
        #expect(v(.end) == ["c 0,0 1x10", "c/0 0,8 1x1", "c/1 0,9 1x1"])
        #expect(v(.center) == ["c 0,0 1x10", "c/0 0,4 1x1", "c/1 0,5 1x1"])
        #expect(v(.spaceBetween) == ["c 0,0 1x10", "c/0 0,0 1x1", "c/1 0,9 1x1"])
        #expect(v(.spaceAround) == ["c 0,0 1x10", "c/0 0,2 1x1", "c/1 0,7 1x1"])
        // 7 free among three: shares 3, 2, 2 (the remainder to the first).
        #expect(v(.spaceAround, ["a", "b", "c"]) == ["c 0,0 1x10", "c/0 0,1 1x1", "c/1 0,5 1x1", "c/2 0,8 1x1"])
        #expect(v(.spaceBetween, ["a", "b", "c"]) == ["c 0,0 1x10", "c/0 0,0 1x1", "c/1 0,5 1x1", "c/2 0,9 1x1"])
        #expect(v(.center, ["a"]) == ["c 0,0 1x10", "c/0 0,4 1x1"]) // 9 free: 4 before
    }

    @Test func spacersInAVStackNeedADefiniteHeight() {
        let items = [text("top"), spacer, text("bottom")]
        let fixed = ViewNode(.vstack, style: style { $0.height = .points(10) }, children: items)
        #expect(frames(fixed, width: 20) == ["c 0,0 6x10", "c/0 0,0 3x1", "c/1 0,1 0x8", "c/2 0,9 6x1"])
        let free = ViewNode(.vstack, children: items)
        #expect(frames(free, width: 20) == ["c 0,0 6x2", "c/0 0,0 3x1", "c/1 0,1 0x0", "c/2 0,1 6x1"])
        let fill = ViewNode(.vstack, style: style { $0.height = .fill }, children: items)
        #expect(frames(fill, width: 20, height: 12) == ["c 0,0 6x12", "c/0 0,0 3x1", "c/1 0,1 0x10", "c/2 0,11 6x1"])
        #expect(frames(fill, width: 20) == ["c 0,0 6x2", "c/0 0,0 3x1", "c/1 0,1 0x0", "c/2 0,1 6x1"])
    }

    @Test func vstackWeightsAndBounds() {
        // 11 free, 1:2 → 3.67 and 7.33: floors 3 and 7, the remaining unit to the first.
        let weighted = ViewNode(.vstack, style: style { $0.height = .points(12) }, children: [
            ViewNode(.spacer, style: style { $0.weight = 1 }), text("x"),
            ViewNode(.spacer, style: style { $0.weight = 2 }),
        ])
        #expect(frames(weighted, width: 20) == ["c 0,0 1x12", "c/0 0,0 0x4", "c/1 0,4 1x1", "c/2 0,5 0x7"])
        // A share above a maximum stops there; the others share the rest.
        let bounded = ViewNode(.vstack, style: style { $0.height = .points(10) }, children: [
            ViewNode(.spacer, style: style { $0.maxHeight = 2 }), spacer, text("t"),
        ])
        #expect(frames(bounded, width: 20) == ["c 0,0 1x10", "c/0 0,0 0x2", "c/1 0,2 0x7", "c/2 0,9 1x1"])
        // A "fill" child takes its share as a definite height, so its own spacer grows.
        let nested = ViewNode(.vstack, style: style { $0.height = .points(8) }, children: [
            text("a"), ViewNode(.vstack, style: style { $0.height = .fill }, children: [text("b"), spacer, text("c")]),
        ])
        #expect(frames(nested, width: 20) == ["c 0,0 1x8", "c/0 0,0 1x1", "c/1 0,1 1x7", "c/1/0 0,1 1x1",
                                              "c/1/1 0,2 0x5", "c/1/2 0,7 1x1"])
        // A weighted text is laid out at its share.
        let text2 = ViewNode(.vstack, style: style { $0.height = .points(6) }, children: [
            text("a", style { $0.weight = 1 }), text("b"),
        ])
        #expect(frames(text2, width: 20) == ["c 0,0 1x6", "c/0 0,0 1x5", "c/1 0,5 1x1"])
    }

    @Test func hstackSpacersAndWeights() {
        let bar = node(.hstack, Style(), text("Title"), spacer, button("Go"))
        #expect(frames(bar, width: 20) == ["c 0,0 20x1", "c/0 0,0 5x1", "c/1 5,0 11x0", "c/2 16,0 4x1"])
        // Without a width proposal a spacer is 0 and the stack its children's width.
        #expect(size(bar, nil) == "9x1")
        // 10 free, 1:2: floors 3 and 6, the remaining unit to the first.
        let weighted = node(.hstack, Style(), text("ab"), ViewNode(.spacer, style: style { $0.weight = 1 }),
                            ViewNode(.spacer, style: style { $0.weight = 2 }))
        #expect(frames(weighted, width: 12) == ["c 0,0 12x1", "c/0 0,0 2x1", "c/1 2,0 4x0", "c/2 6,0 6x0"])
        #expect(frames(node(.hstack, Style(), spacer, spacer, spacer), width: 8)
            == ["c 0,0 8x0", "c/0 0,0 3x0", "c/1 3,0 3x0", "c/2 6,0 2x0"])
        // Width "fill" is flexible; spacing is kept between every two children.
        #expect(frames(node(.hstack, Style(), text("ab"), text("cd", style { $0.width = .fill })), width: 20)
            == ["c 0,0 20x1", "c/0 0,0 2x1", "c/1 2,0 18x1"])
        #expect(frames(node(.hstack, style { $0.spacing = 2 }, text("a"), spacer, text("b")), width: 10)
            == ["c 0,0 10x1", "c/0 0,0 1x1", "c/1 3,0 4x0", "c/2 9,0 1x1"])
        // A weighted text wraps at its share.
        #expect(frames(node(.hstack, Style(), text("one two", style { $0.weight = 1 }), text("xyz")), width: 6)
            == ["c 0,0 6x2", "c/0 0,0 3x2", "c/1 3,0 3x1"])
    }

    @Test func hstackDistribution() {
        func h(_ d: Style.Distribution?, fill: Bool = true) -> [String] {
            frames(ViewNode(.hstack, style: style { $0.width = fill ? .fill : nil; $0.distribution = d },
                            children: [text("a"), text("b")]), width: 10)
        }
        #expect(h(nil) == ["c 0,0 10x1", "c/0 0,0 1x1", "c/1 1,0 1x1"])
        #expect(h(.end) == ["c 0,0 10x1", "c/0 8,0 1x1", "c/1 9,0 1x1"])
        #expect(h(.center) == ["c 0,0 10x1", "c/0 4,0 1x1", "c/1 5,0 1x1"])
        #expect(h(.spaceBetween) == ["c 0,0 10x1", "c/0 0,0 1x1", "c/1 9,0 1x1"])
        #expect(h(.spaceAround) == ["c 0,0 10x1", "c/0 2,0 1x1", "c/1 7,0 1x1"])
        // Content-sized: nothing is free.
        #expect(h(.spaceBetween, fill: false) == ["c 0,0 2x1", "c/0 0,0 1x1", "c/1 1,0 1x1"])
    }

    @Test func hstackOverflowWrapsTheNarrowestFirst() {
        // Intrinsic 15 and 22 in 20: the first gets min(15, 20/2) = 10 and wraps to 9,
        // the second the remaining 11 and wraps to 9.
        let two = node(.hstack, Style(), text("Hello world foo"), text("Another long text here"))
        #expect(frames(two, width: 20) == ["c 0,0 18x3", "c/0 0,0 9x2", "c/1 9,0 9x3"])
        let swapped = node(.hstack, Style(), text("Another long text here"), text("Hello world foo"))
        #expect(frames(swapped, width: 20) == ["c 0,0 18x3", "c/0 0,0 9x3", "c/1 9,0 9x2"])
        // A short child keeps its width; the long one gets the rest.
        let row = node(.hstack, style { $0.alignment = .center }, button("OK"),
                       text("the quick brown fox jumps over the lazy dog"))
        #expect(frames(row, width: 20) == ["c 0,0 19x3", "c/0 0,1 4x1", "c/1 4,0 15x3"])
        // When the others overflow, spacers keep their minimum out of the shrinking, and
        // get what wrapping leaves free: "aaaa bbbb" gets 8 - 1 - 2 = 5 and wraps to 4.
        let crowded = node(.hstack, Style(), text("aaaa bbbb"), ViewNode(.spacer, style: style { $0.minWidth = 1 }),
                           text("cc"))
        #expect(frames(crowded, width: 8) == ["c 0,0 8x2", "c/0 0,0 4x2", "c/1 4,0 2x0", "c/2 6,0 2x1"])
        // Children that cannot shrink overflow the stack's frame, never their own.
        let rigid = node(.hstack, Style(), text("x", style { $0.width = .points(6) }),
                         text("y", style { $0.width = .points(6) }))
        #expect(frames(rigid, width: 8) == ["c 0,0 8x1", "c/0 0,0 6x1", "c/1 6,0 6x1"])
    }

    @Test func hstackVerticalAlignment() {
        func h(_ a: Style.Alignment?) -> [String] {
            frames(node(.hstack, style { $0.alignment = a }, text("a"), text("x\ny\nz")), width: 20)
        }
        #expect(h(nil) == ["c 0,0 2x3", "c/0 0,0 1x1", "c/1 1,0 1x3"])
        #expect(h(.leading) == ["c 0,0 2x3", "c/0 0,0 1x1", "c/1 1,0 1x3"])
        #expect(h(.center) == ["c 0,0 2x3", "c/0 0,1 1x1", "c/1 1,0 1x3"])
        #expect(h(.bottom) == ["c 0,0 2x3", "c/0 0,2 1x1", "c/1 1,0 1x3"])
    }

    @Test func zstackAlignment() {
        func z(_ a: Style.Alignment?, _ edit: (inout Style) -> Void = { _ in }) -> [String] {
            frames(ViewNode(.zstack, style: style { $0.alignment = a; edit(&$0) },
                            children: [text("a\nb\nc"), text("abcde")]), width: 20)
        }
        #expect(z(nil) == ["c 0,0 5x3", "c/0 0,0 1x3", "c/1 0,0 5x1"])
        #expect(z(.center) == ["c 0,0 5x3", "c/0 2,0 1x3", "c/1 0,1 5x1"])
        #expect(z(.trailing) == ["c 0,0 5x3", "c/0 4,0 1x3", "c/1 0,0 5x1"])
        #expect(z(.bottom) == ["c 0,0 5x3", "c/0 0,0 1x3", "c/1 0,2 5x1"])
        #expect(z(.center) { $0.padding = .init(all: 1) } == ["c 0,0 7x5", "c/0 3,1 1x3", "c/1 1,2 5x1"])
        #expect(z(.center) { $0.width = .fill } == ["c 0,0 20x3", "c/0 9,0 1x3", "c/1 7,1 5x1"])
    }

    @Test func nestedFramesAreAbsoluteWithinTheComponent() {
        let tree = node(.vstack, style { $0.padding = .init(all: 1) },
                        text("head"),
                        node(.hstack, style { $0.padding = .init(all: 1); $0.spacing = 1 },
                             text("a"),
                             node(.vstack, style { $0.padding = .init(all: 1) }, text("b"))))
        #expect(frames(tree, width: 30) == [
            "c 0,0 9x8", "c/0 1,1 4x1", "c/1 1,2 7x5", "c/1/0 2,3 1x1", "c/1/1 4,3 3x3", "c/1/1/0 5,4 1x1",
        ])
    }
}

// MARK: - Whole components

@Suite("Layout: components")
struct LayoutComponentTests {
    static let overview = "A computer hacker learns from mysterious rebels about the true nature of his reality."

    /// hstack[image, vstack[title, overview, rating, hstack[button ★, button "Add to order"]]].
    static func movieCard() -> ViewNode {
        node(.hstack, style { $0.spacing = 1 },
             ViewNode(.image, props: ["url": "https://img/603.jpg", "alt": "The Matrix"],
                      style: style { $0.width = .points(12); $0.height = .points(6) }),
             node(.vstack, Style(),
                  text("The Matrix", style { $0.font = "title" }),
                  text(overview, style { $0.lineLimit = 3 }),
                  text("★ 8.7 · 1999", style { $0.font = "caption" }),
                  node(.hstack, style { $0.spacing = 1 }, button("★"), button("Add to order"))))
    }

    @Test func movieCardAt60() {
        // The vstack's intrinsic width (85, the overview) overflows 60 - 12 - 1: it gets the 47 left.
        #expect(frames(Self.movieCard(), width: 60) == [
            "c 0,0 60x6",
            "c/0 0,0 12x6",
            "c/1 13,0 47x5",
            "c/1/0 13,0 10x1",
            "c/1/1 13,1 47x2", // "… mysterious rebels" / "about the true nature of his reality."
            "c/1/2 13,3 12x1",
            "c/1/3 13,4 18x1",
            "c/1/3/0 13,4 3x1", // [★]
            "c/1/3/1 17,4 14x1", // [Add to order]
        ])
    }

    @Test func movieCardAt30() {
        // 17 cells for the text column: the overview is cut at 3 lines, and the buttons
        // (3 + 1 + 14) overflow, so "Add to order" wraps inside its chrome.
        #expect(frames(Self.movieCard(), width: 30) == [
            "c 0,0 30x7",
            "c/0 0,0 12x6",
            "c/1 13,0 17x7",
            "c/1/0 13,0 10x1",
            "c/1/1 13,1 17x3",
            "c/1/2 13,4 12x1",
            "c/1/3 13,5 12x2",
            "c/1/3/0 13,5 3x1",
            "c/1/3/1 17,5 8x2",
        ])
    }

    /// The controls (a disabled button, a tooltip, tap targets) change no size:
    /// the tree with every button disabled and tipped, every container and
    /// image tappable, lays out as the plain one.
    @Test func controlsChangeNoFrame() {
        func controlled(_ n: ViewNode) -> ViewNode {
            var n = n
            if n.kind.takesDisabled {
                n.disabled = true
                n.props["tooltip"] = "A tooltip far longer than any frame it could be measured into"
            }
            if n.kind.takesAction && n.action == nil { n.action = Action(type: "nav/open") }
            n.children = n.children.map(controlled)
            return n
        }
        for width in [60.0, 30, 8] {
            #expect(frames(controlled(Self.movieCard()), width: width) == frames(Self.movieCard(), width: width))
        }
        #expect(frames(controlled(Self.movieCard()), width: 60).count == 9)
    }

    @Test func customMeasurerUnitsAreAbstract() {
        // 7 units a character, 16 a line, wrapping by characters.
        let measurer: TextMeasurer = { text, _, maxWidth in
            let count = text.count
            let perLine = maxWidth.map { max(1, Int($0 / 7)) } ?? max(1, count)
            let lines = max(1, (count + perLine - 1) / perLine)
            return Size(width: Double(min(count, perLine) * 7), height: Double(lines * 16))
        }
        var options = LayoutOptions()
        options.chrome = 7
        let engine = LayoutEngine(measurer: measurer, options: options)
        let tree = node(.vstack, style { $0.spacing = 4 },
                        text("Hello"), button("OK"),
                        node(.hstack, Style(), text("ab"), spacer, text("cd")),
                        text("abcdefghij", style { $0.width = .points(50) }),
                        text("a b c d", style { $0.lineLimit = 1; $0.maxWidth = 14 }))
        #expect(frames(tree, width: 100, engine: engine) == [
            "c 0,0 100x112",
            "c/0 0,0 35x16",
            "c/1 0,20 28x16",
            "c/2 0,40 100x16", "c/2/0 0,40 14x16", "c/2/1 14,40 72x0", "c/2/2 86,40 14x16",
            "c/3 0,60 50x32", // 7 characters a line: 2 lines
            "c/4 0,96 14x16", // 4 lines cut to 1
        ])
        // Fractional units stay fractional.
        let halves = LayoutEngine(measurer: { text, _, _ in Size(width: Double(text.count) * 2.5, height: 1.5) })
        #expect(frames(node(.hstack, style { $0.spacing = 0.5 }, text("ab"), text("c")), width: 40, engine: halves)
            == ["c 0,0 8x1.5", "c/0 0,0 5x1.5", "c/1 5.5,0 2.5x1.5"])
    }

    @Test func jsonForm() {
        var tree = node(.vstack, Style(), text("a"))
        try! tree.assignIds(componentId: "c")
        let laidOut = LayoutEngine().layout(tree, width: 10)
        let expected: JSON = [
            "id": "c", "type": "vstack", "frame": ["x": 0, "y": 0, "width": 1, "height": 1],
            "children": [["id": "c/0", "type": "text", "frame": ["x": 0, "y": 0, "width": 1, "height": 1]]],
        ]
        #expect(laidOut.json.isIdentical(to: expected))
        #expect(Frame(x: 1.5, y: 0, width: 2, height: -0.0).json.isIdentical(to: [
            "x": .double(1.5), "y": 0, "width": 2, "height": 0,
        ]))
        #expect(laidOut.node(id: "c/0")?.frame == Frame(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func sizeOfMatchesTheLaidOutFrame() {
        let card = Self.movieCard()
        for width in [0.0, 1, 7, 20, 30, 60, 200] {
            let s = LayoutEngine().size(of: card, proposedWidth: width, proposedHeight: nil)
            let f = LayoutEngine().layout(card, width: width).frame
            #expect(s == Size(width: f.width, height: f.height))
        }
        #expect(size(Self.movieCard(), nil) == "98x6") // 12 + 1 + 85: the overview on one line
        #expect(size(Self.movieCard(), 60, 4) == "60x4") // clamped to the proposed height
    }
}

// MARK: - Robustness

/// A small deterministic generator for the random trees.
private struct TreeRNG {
    var state: UInt64
    mutating func below(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}

@Suite("Layout: robustness")
struct LayoutRobustnessTests {
    static let words = ["a", "movie", "日本語", "❤️", "e\u{301}t\u{301}e\u{301}", "supercalifragilistic", "🎬🎬",
                        " ", "", "two words", "line\nbreak"]

    fileprivate static func randomStyle(_ r: inout TreeRNG) -> Style {
        var s = Style()
        func maybe(_ percent: Int) -> Bool { r.below(100) < percent }
        if maybe(20) { s.padding = .init(top: Double(r.below(3)), leading: Double(r.below(3)),
                                         bottom: Double(r.below(2)), trailing: Double(r.below(3))) }
        if maybe(30) { s.spacing = Double(r.below(3)) }
        if maybe(30) { s.alignment = Style.Alignment.allCases[r.below(5)] }
        if maybe(30) { s.distribution = Style.Distribution.allCases[r.below(6)] }
        if maybe(15) { s.width = maybe(50) ? .fill : .points(Double(r.below(30))) }
        if maybe(15) { s.height = maybe(50) ? .fill : .points(Double(r.below(12))) }
        if maybe(10) { s.minWidth = Double(r.below(20)) }
        if maybe(10) { s.maxWidth = Double(r.below(20)) }
        if maybe(10) { s.minHeight = Double(r.below(5)) }
        if maybe(10) { s.maxHeight = Double(r.below(5)) }
        if maybe(15) { s.weight = Double(r.below(4)) }
        if maybe(10) { s.lineLimit = r.below(3) }
        return s
    }

    fileprivate static func randomTree(_ r: inout TreeRNG, depth: Int) -> ViewNode {
        let kinds = ViewNode.Kind.allCases
        let kind = depth > 3 ? [.text, .spacer, .input, .image][r.below(4)] : kinds[r.below(kinds.count)]
        var n = ViewNode(kind, style: randomStyle(&r))
        let word = { (r: inout TreeRNG) in
            (0..<r.below(4)).map { _ in words[r.below(words.count)] }.joined(separator: " ")
        }
        switch kind {
        case .text: n.props["text"] = word(&r)
        case .image: if r.below(2) == 0 { n.props["alt"] = word(&r) }
        case .input: n.props["value"] = word(&r)
        case .button: if r.below(3) == 0 { n.props["label"] = word(&r) }
        case .fallback: n.props["componentType"] = "X"
        case .error: n.props["message"] = word(&r)
        default: break
        }
        if kind.isContainer {
            n.children = (0..<r.below(5)).map { _ in randomTree(&r, depth: depth + 1) }
        }
        return n
    }

    /// Checks a layout node against its view node: same shape and ids, whole
    /// non-negative numbers.
    static func check(_ l: LayoutNode, _ v: ViewNode) -> Bool {
        let f = l.frame
        let whole = [f.x, f.y, f.width, f.height].allSatisfy { $0.isFinite && $0.rounded() == $0 }
        guard whole, f.width >= 0, f.height >= 0, f.x >= 0, f.y >= 0, l.id == v.id, l.kind == v.kind,
              l.children.count == v.children.count else { return false }
        return zip(l.children, v.children).allSatisfy { check($0, $1) }
    }

    @Test func randomTreesLayOutInWholeCellsWithTheViewTreesShape() {
        var r = TreeRNG(state: 7)
        let engine = LayoutEngine()
        for i in 0..<400 {
            var tree = Self.randomTree(&r, depth: 0)
            try! tree.assignIds(componentId: "t\(i)")
            let width = Double(r.below(70))
            let height: Double? = r.below(4) == 0 ? Double(r.below(20)) : nil
            let laidOut = engine.layout(tree, width: width, height: height)
            #expect(Self.check(laidOut, tree), "tree \(i) at \(width)")
            #expect(laidOut == engine.layout(tree, width: width, height: height)) // deterministic
            let s = engine.size(of: tree, proposedWidth: width, proposedHeight: height)
            #expect(s == Size(width: laidOut.frame.width, height: laidOut.frame.height))
        }
    }

    @Test func theMonospaceMeasurerGivesTheSameLayoutOnBytesAndAsAClosure() {
        // LayoutEngine() measures on the texts' bytes; given Monospace.measurer
        // it calls the closure with strings. Same rules, same frames.
        var r = TreeRNG(state: 11)
        let bytes = LayoutEngine(), closure = LayoutEngine(measurer: Monospace.measurer)
        for i in 0..<2000 {
            var tree = Self.randomTree(&r, depth: 0)
            try! tree.assignIds(componentId: "t\(i)")
            let width = Double(r.below(70))
            let height: Double? = r.below(4) == 0 ? Double(r.below(20)) : nil
            #expect(bytes.layout(tree, width: width, height: height) == closure.layout(tree, width: width, height: height),
                    "tree \(i) at \(width)")
        }
    }

    @Test func aTemplateFilledWithTheFramesIsTheLayoutsJSON() {
        // What the engine writes for the host: a component's text without
        // numbers (ids escaped once) filled in with its y and frames; and the
        // same component again with its root node copied from that text.
        var r = TreeRNG(state: 5)
        let halves = LayoutEngine(measurer: { text, _, _ in Size(width: Double(text.count) * 2.5, height: 1.5) })
        for i in 0..<300 {
            var tree = Self.randomTree(&r, depth: 0)
            // Ids needing escapes, at the start, inside and at the end of the bytes.
            let ids = ["t\(i)", "q\"\\\u{1}\(i)", "é\n\(i)", "long-component-\(i)\"", "abcdefg\(i)\u{1F}"]
            try! tree.assignIds(componentId: ids[i % ids.count])
            let engine = i % 4 == 0 ? halves : LayoutEngine()
            let width = [Double(r.below(70)), 1e16, 0.5][r.below(6) == 0 ? 1 + r.below(2) : 0]
            let laidOut = engine.layout(tree, width: width)
            let frames = engine.frames(of: tree, width: width, height: nil)
            let owner = withUnsafePointer(to: tree) { LayoutTemplate(id: tree.id, $0) }
            defer { withExtendedLifetime(owner) {} }
            let template = owner.text
            var writer = LayoutWriter(capacity: 16)
            let begun = writer.head(width: width, height: 12345.5)
            #expect(begun)
            let start = frames.withUnsafeBufferPointer { writer.fill(template, $0.baseAddress!, y: Double(i) * 0.75) }!
            let end = writer.count - 1
            let copy = Array(UnsafeBufferPointer(start: writer.base + start, count: end - start))
            _ = copy.withUnsafeBufferPointer { writer.item(template, y: 1e7 + 0.5, root: $0) }
            let ended = writer.readingOrderHead() && writer.end()
            #expect(ended)
            let text = writer.take()!
            let written = Array(text)
            #expect(text.baseAddress![text.count] == 0) // NUL-terminated for C
            text.baseAddress!.deallocate()
            let expected = ScreenLayout(width: width, height: 12345.5,
                                        components: [.init(id: tree.id, y: Double(i) * 0.75, root: laidOut),
                                                     .init(id: tree.id, y: 1e7 + 0.5, root: laidOut)])
            #expect(written == JSONWriter.bytes(expected.json), "tree \(i)")
        }
    }

    @Test func degenerateTreesAndValuesNeverCrash() {
        let empty = ViewNode.Kind.allCases.map { ViewNode($0) }
        for n in empty {
            for width in [0.0, -5, .nan, .infinity, 10] {
                let f = LayoutEngine().layout(n, width: width, height: width.isNaN ? nil : width).frame
                #expect(f.width >= 0 && f.height >= 0 && f.width.isFinite && f.height.isFinite)
            }
        }
        #expect(frames(node(.vstack, style { $0.padding = .init(all: 2) }), width: 10) == ["c 0,0 4x4"])
        #expect(frames(node(.hstack), width: 10) == ["c 0,0 0x0"])
        #expect(frames(node(.zstack), width: 10) == ["c 0,0 0x0"])
        // NaN, infinite and negative style values are ignored or count as 0.
        let weird = style {
            $0.width = .points(.nan); $0.height = .points(-3); $0.minWidth = .infinity; $0.maxWidth = .nan
            $0.spacing = .infinity; $0.padding = .init(top: .nan, leading: -1, bottom: .infinity, trailing: 1)
            $0.weight = .nan
        }
        // Here: no spacing, trailing padding 1, height 0 (proposed to the hstack's children too).
        #expect(frames(node(.hstack, weird, text("ab"), spacer, text("c")), width: 10)
            == ["c 0,0 10x0", "c/0 0,0 2x0", "c/1 2,0 6x0", "c/2 8,0 1x0"])
        // A vstack proposes no height: the text overflows the 0-high stack.
        #expect(frames(node(.vstack, weird, text("ab")), width: .infinity) == ["c 0,0 3x0", "c/0 0,0 2x1"])
        // A huge weight and a measurer that returns garbage.
        let garbage = LayoutEngine(measurer: { _, _, _ in Size(width: .nan, height: -4) })
        #expect(frames(node(.vstack, Style(), text("x"), ViewNode(.spacer, style: style { $0.weight = 1e300 })),
                       width: 10, engine: garbage) == ["c 0,0 0x0", "c/0 0,0 0x0", "c/1 0,0 0x0"])
        // Deep nesting.
        var deep = text("leaf")
        for i in 0..<200 { deep = node(i % 2 == 0 ? .vstack : .hstack, Style(), deep) }
        #expect(LayoutEngine().layout(deep, width: 10).frame == Frame(x: 0, y: 0, width: 4, height: 1))
    }
}
