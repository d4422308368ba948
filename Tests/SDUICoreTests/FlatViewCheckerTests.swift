import Testing
@testable import SDUICore

/// The check of views a binding writes in the flat form itself
/// (`FlatViewChecker`, `FlatView(flat:maxDepth:)`): it takes exactly what
/// the engine's own reader writes, for the views of the shape it covers,
/// and nothing the engine would write differently.
@Suite("Flat view checker")
struct FlatViewCheckerTests {
    /// Whether the checker covers the view `text`: no keys, no
    /// accessibility (an empty one leaves no trace), styles that are a font
    /// alone, whole numbers only.
    static func covered(_ text: String) -> Bool {
        !text.contains(#""key""#) && (!text.contains("accessibility") || text.contains(#""accessibility":{}"#))
            && !text.contains("1.5") && !text.contains(#""color""#) && !text.contains(#""spacing""#)
    }

    static func check(_ bytes: [UInt8], maxDepth: Int = 512) -> FlatView? {
        bytes.withUnsafeBytes { FlatView(flat: $0, maxDepth: maxDepth) }
    }

    /// What the engine writes for `text`, the binding's way (keys sorted, then packed and read).
    static func written(_ text: String) throws -> [UInt8]? {
        FlatViewTests.read(FlatViewTests.packed(try FlatViewTests.sortedKeys(text)))?.bytes
    }

    @Test(arguments: FlatViewTests.views)
    func takesWhatTheReaderWrites(_ text: String) throws {
        guard let bytes = try Self.written(text) else { return } // a key: the reader leaves it to the long way
        let taken = Self.check(bytes)
        if Self.covered(text) {
            #expect(taken?.bytes == bytes, "refused what the reader wrote for \(text)")
            // the kinds noted while checking are those a walk over the bytes finds
            #expect(taken?.kinds == FlatView.kinds(of: bytes), "kinds of \(text)")
        } else {
            #expect(taken == nil, "took a view it leaves to the packed way: \(text)")
        }
    }

    /// A node's header, for hand-made bytes.
    static func header(_ kind: ViewNode.Kind, flags: UInt8 = 0, props: UInt16 = 0, children: UInt32 = 0) -> [UInt8] {
        [kind.index, flags, UInt8(props & 0xFF), UInt8(props >> 8)] + withUnsafeBytes(of: children) { Array($0) }
    }

    static func field(_ text: String) -> [UInt8] {
        withUnsafeBytes(of: UInt32(text.utf8.count)) { Array($0) } + Array(text.utf8)
    }

    /// A button labelled "Go" with `action` as its action field.
    static func button(action: String) -> [UInt8] {
        header(.button, flags: FlatView.actionFlag, props: 1) + field("Go") + field(action)
    }

    @Test func takesActionsAsTheEngineWritesThem() {
        for action in [
            #"{"type":"a/b","payload":null}"#,
            #"{"type":"a/b","payload":{"a":[1,-2,"x\n\u0001\"\\"],"b":{},"c":[],"d":true,"e":false}}"#,
            #"{"type":"a/b","payload":-9223372036854775808}"#,
            #"{"type":"a/b","payload":9223372036854775807}"#,
            #"{"type":"é/☃","payload":"日本 ☆"}"#,
            #"{"type":"a/b","payload":{"a":1,"ab":2,"b":3}}"#,
        ] {
            let bytes = Self.button(action: action)
            #expect(Self.check(bytes)?.bytes == bytes, "refused \(action)")
        }
    }

    @Test func refusesActionsTheEngineWritesOtherwise() {
        for action in [
            #"{"type":"a/b", "payload":null}"#, // a space
            #"{"type":"a/b","payload":{"b":1,"a":2}}"#, // keys out of order
            #"{"type":"a/b","payload":{"a":1,"a":2}}"#, // a key twice
            #"{"type":"a/b","payload":{"a\n":1}}"#, // a key with an escape
            #"{"type":"a/b","payload":{"é":1}}"#, // a key not ASCII
            #"{"type":"a/b","payload":1.5}"#, #"{"type":"a/b","payload":1e3}"#, // fractions
            #"{"type":"a/b","payload":-0}"#, #"{"type":"a/b","payload":01}"#, // not as written
            #"{"type":"a/b","payload":9223372036854775808}"#, #"{"type":"a/b","payload":-9223372036854775809}"#,
            #"{"type":"a\/b","payload":null}"#, #"{"type":"a\u0041","payload":null}"#, // escapes not written
            #"{"type":"a\u001F","payload":null}"#, #"{"type":"a\u000a","payload":null}"#,
            "{\"type\":\"a\u{1}\",\"payload\":null}", // a raw control byte
            #"{"type":"","payload":null}"#, #"{"type":"a/b"}"#, #"{"payload":null,"type":"a/b"}"#,
            #"{"type":"a/b","payload":nul}"#, #"{"type":"a/b","payload":[1,]}"#, #"{"type":"a/b","payload":[1}"#,
            #"{"type":"a/b","payload":null}x"#, #"{"type":"a/b","payload":"x}"#,
            #"{"type":"a/b","payload":{"k01":1,"k02":2,"k03":3,"k04":4,"k05":5,"k06":6,"k07":7,"k08":8,"k09":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17}}"#,
        ] {
            #expect(Self.check(Self.button(action: action)) == nil, "took \(action)")
        }
        let invalid: [UInt8] = Self.header(.button, flags: FlatView.actionFlag, props: 1) + Self.field("Go")
            + [6, 0, 0, 0] + Array(#"{"type":"a/b","payload":"#.utf8) // a field longer than what follows
        #expect(Self.check(invalid) == nil)
    }

    @Test func refusesNodesTheEngineWouldNotWrite() {
        let text = Self.header(.text, props: 1) + Self.field("t")
        #expect(Self.check(text) != nil)
        let refused: [[UInt8]] = [
            [],
            Self.header(.text), // its text missing
            Self.header(.text, props: 2) + Self.field("t"), // a member it does not have
            Self.header(.text, flags: FlatView.actionFlag, props: 1) + Self.field("t") + Self.field(#"{"type":"a/b","payload":null}"#),
            Self.header(.image, flags: FlatView.disabledFlag, props: 1) + Self.field("u"), // disabled on an image
            Self.header(.text, flags: FlatView.keyFlag, props: 1) + Self.field("k") + Self.field("t"), // a key
            Self.header(.text, flags: FlatView.accessibilityFlag, props: 1) + Self.field("t") + Self.field(#"{"label":"x"}"#),
            Self.header(.text, flags: 32, props: 1) + Self.field("t"), // an unknown flag
            Self.header(.text, props: 1, children: 1) + Self.field("t") + text, // a child under a text
            Self.header(.vstack, children: 2) + text, // a child missing
            Self.header(.vstack, children: UInt32.max) + text,
            text + [0], // a byte left over
            Self.header(.text, props: 1) + [1, 0, 0, 0, 0xFF], // not UTF-8
            Self.header(.text, props: 1) + [9, 0, 0, 0, 0x41], // a field past the end
            [200] + Array(text.dropFirst()), // no such kind
            Self.header(.input, props: 1 << 3) + Self.field("q") + Self.field("number"), // a member checked the long way
            Self.header(.text, flags: FlatView.styleFlag, props: 1) + Self.field("t") + Self.field(#"{"color":"red"}"#),
            Self.header(.text, flags: FlatView.styleFlag, props: 1) + Self.field("t") + Self.field(#"{"font":"a"} "#),
        ]
        for bytes in refused { #expect(Self.check(bytes) == nil, "took \(bytes)") }
        let styled = Self.header(.text, flags: FlatView.styleFlag, props: 1) + Self.field("t") + Self.field(#"{"font":"ti\"tle"}"#)
        #expect(Self.check(styled)?.bytes == styled)
    }

    @Test func textIsTakenExactlyWhenItIsWellFormedUTF8() {
        // each ill-formed kind, then well-formed text of every length
        let cases: [[UInt8]] = [
            [0xFF], [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x98], [0x41, 0xE2],
            [0xE2, 0x41, 0x80], Array("★ · é 😀 日本".utf8), Array("7.8 · 1980".utf8), [0xC2, 0x80], [0xEF, 0xBF, 0xBF],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
            // past the eight-byte ASCII steps: a fault or a sequence across their edge, and at the end
            Array("abcdefghijklmnop".utf8) + [0xE2, 0x98], Array("abcdefg★abcdefgh".utf8),
            Array("abcdefgh".utf8) + [0xC0, 0x80] + Array("abcdefgh".utf8), Array("0123456789abcdef€".utf8),
        ]
        var rng = SeededRNG(seed: 42)
        var mutants: [[UInt8]] = []
        for _ in 0..<400 { // random bytes from the lead and continuation ranges
            mutants.append((0..<Int.random(in: 1...6, using: &rng)).map { _ in UInt8.random(in: 0x7E...0xFF, using: &rng) })
        }
        for _ in 0..<400 { // longer texts, mostly ASCII, a non-ASCII byte now and then
            mutants.append((0..<Int.random(in: 8...40, using: &rng)).map { _ in
                Int.random(in: 0..<8, using: &rng) == 0 ? UInt8.random(in: 0x80...0xFF, using: &rng)
                    : UInt8.random(in: 0x20...0x7E, using: &rng)
            })
        }
        for text in cases + mutants {
            let bytes = Self.header(.text, props: 1) + withUnsafeBytes(of: UInt32(text.count)) { Array($0) } + text
            let wellFormed = String(validating: text, as: UTF8.self) != nil
            #expect((Self.check(bytes) != nil) == wellFormed, "\(text)")
        }
    }

    @Test func nestingStopsWhereTheReadersDoes() {
        // a vstack chain: node n sits at the reader's depth 2n
        func chain(_ n: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<n { bytes += Self.header(.vstack, children: 1) }
            return bytes + Self.header(.spacer)
        }
        #expect(Self.check(chain(5), maxDepth: 11) != nil)
        #expect(Self.check(chain(5), maxDepth: 10) == nil)
        // an action's payload nests from the node's depth + 1
        let nested = Self.button(action: #"{"type":"a/b","payload":[[[]]]}"#)
        #expect(Self.check(nested, maxDepth: 5) != nil)
        #expect(Self.check(nested, maxDepth: 4) == nil)
        let packed = FlatViewTests.packed(#"{"type":"button","label":"Go","action":{"type":"a/b","payload":[[[]]]}}"#)
        #expect(FlatViewTests.read(packed, maxDepth: 4) == nil, "the reader stops at the same depth")
        #expect(FlatViewTests.read(packed, maxDepth: 5)?.bytes == nested)
    }

    /// Whatever bytes it takes are the bytes the engine writes for the view they describe.
    @Test func takesOnlyWhatItWouldWriteItself() throws {
        var random = SeededRNG(seed: 0x5D01)
        var taken = 0
        let alphabet = Array(#"{}[]",:0-9az\u"#.utf8) // JSON's own bytes, the likeliest to keep it JSON
        for text in FlatViewTests.views where Self.covered(text) {
            guard let base = try Self.written(text) else { continue }
            for _ in 0..<400 {
                var bytes = base
                switch random.below(4) {
                case 0: bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes[random.below(bytes.count)] = alphabet[random.below(alphabet.count)]
                case 2: bytes.removeLast(random.below(min(bytes.count, 8)) + 1)
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: random.below(bytes.count))
                }
                guard let view = Self.check(bytes) else { continue }
                taken += 1
                #expect(FlatView(view.node(componentId: "c")).bytes == bytes, "took bytes it would write otherwise: \(bytes)")
            }
        }
        #expect(taken > 0, "some mutations keep a view the engine writes")
    }
}
