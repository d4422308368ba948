import Testing
@testable import SDUICore

@Suite("Lazy list")
struct LazyListTests {
    /// A page of `count` components; component i is a vstack of (i % 3) + 1
    /// one-line texts, so its height in cells is known: 1, 2, 3, 1, 2, 3…
    /// Components read "flags" at their own index.
    static func engine(count: Int) throws -> Engine {
        let engine = Engine()
        try engine.register(service: "flags", state: .object(JSONObject()))
        try engine.store.register(action: "flags/set") { ctx in
            try ctx.state.set(true, at: JSONPath([.key(ctx.payload.stringValue!)]))
        }
        try engine.register(component: "Rows") { data, ctx in
            let n = Int(data["n"]!.intValue!)
            let on = ctx.state("flags", at: JSONPath([.key(String(n))])) != nil
            return ViewNode(.vstack, children: (0...(n % 3)).map { _ in .text(on ? "on \(n)" : "row \(n)") })
        }
        let components = (0..<count).map { Component(id: "c\($0)", type: "Rows", data: ["n": .int(Int64($0))]) }
        engine.loadPage(Page(id: "p", components: components))
        return engine
    }

    /// Page y of component i: heights cycle 1, 2, 3 (6 rows every 3 components).
    static func top(_ i: Int) -> Double {
        Double((i / 3) * 6 + [0, 1, 3][i % 3])
    }

    @Test func rendersOnlyTheWindowOfALongPage() throws {
        let engine = try Self.engine(count: 10_000)
        let events = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        // Visible rows 0..<10: c0 (row 0) … c5 (rows 9-11).
        #expect(events == (0...5).map { .appear("c\($0)") })
        // Rendered down to one viewport below (row 20): c10 (rows 19-20) is the last.
        #expect(engine.counters.componentRenders == 11)
        let layout = engine.layout(width: 40)
        #expect(layout.components.map(\.id) == (0...10).map { "c\($0)" })
        #expect(layout.components.map(\.y) == (0...10).map(Self.top))
        // The rest counts at the average height laid out so far: 21 rows / 11, rounded to 2.
        #expect(layout.height == Self.top(11) + Double(10_000 - 11) * 2)
    }

    @Test func scrollingReportsDisappearancesThenAppearancesTopToBottom() throws {
        let engine = try Self.engine(count: 100)
        _ = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        let events = engine.setViewport(.init(width: 40, offset: 6, height: 10))
        // Rows 6..<16: c3 (6), c4 (7-8), c5 (9-11), c6 (12), c7 (13-14), c8 (15-17).
        #expect(events == [.disappear("c0"), .disappear("c1"), .disappear("c2"),
                           .appear("c6"), .appear("c7"), .appear("c8")])
        #expect(engine.setViewport(.init(width: 40, offset: 6, height: 10)).isEmpty)
    }

    @Test func stateChangesOutsideTheWindowWaitUntilRealized() throws {
        let engine = try Self.engine(count: 1000)
        _ = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        var host = engine.render()
        let before = engine.counters.componentRenders
        try engine.dispatch(Action(type: "flags/set", payload: "500"))
        try engine.dispatch(Action(type: "flags/set", payload: "2"))
        var patches = engine.takePatches()
        #expect(engine.counters.componentRenders == before + 1) // c2 only: c500 is not rendered yet
        host = try host.applying(patches.patches)
        #expect(host == engine.currentScreen())
        // Scrolling down brings c500 in, already showing its flag, as inserts.
        _ = engine.setViewport(.init(width: 40, offset: Self.top(500), height: 10))
        patches = engine.takePatches()
        #expect(patches.patches.contains { if case .insert(_, let c) = $0 { return c.id == "c500" } else { return false } })
        host = try host.applying(patches.patches)
        #expect(host == engine.currentScreen())
        #expect(host["c500"]?.view.children.first?.props["text"] == "on 500")
        #expect(engine.counters.componentRenders < 60)
    }

    @Test func removingTheViewportRendersEverything() throws {
        let engine = try Self.engine(count: 50)
        _ = engine.setViewport(.init(width: 40, offset: 0, height: 5))
        #expect(engine.currentScreen().components.count < 50)
        let events = engine.setViewport(nil)
        #expect(events.allSatisfy { if case .disappear = $0 { return true } else { return false } })
        #expect(engine.currentScreen().components.count == 50)
        #expect(engine.layout(width: 40).height == Self.top(50))
    }

    @Test func aNewPageKeepsTheViewport() throws {
        let engine = try Self.engine(count: 1000)
        _ = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        let components = (0..<2000).map { Component(id: "d\($0)", type: "Rows", data: ["n": .int(Int64($0))]) }
        engine.loadPage(Page(components: components))
        let events = engine.setViewport(.init(width: 40, offset: 0, height: 10))
        #expect(events.first == .disappear("c0"))
        #expect(events.contains(.appear("d0")))
        #expect(engine.currentScreen().components.map(\.id).allSatisfy { $0.hasPrefix("d") })
        #expect(engine.currentScreen().components.count == 11)
    }

    @Test func writtenLayoutMatchesTheLayoutValue() throws {
        for lazy in [false, true] {
            let engine = try Self.engine(count: 40)
            if lazy { _ = engine.setViewport(.init(width: 30, offset: 10, height: 8)) }
            #expect(engine.layoutJSON(width: 30) == JSONWriter.bytes(engine.layout(width: 30).json))
            try engine.dispatch(Action(type: "flags/set", payload: "3"))
            // After a change, cached bytes of the others and fresh ones of c3 still add up.
            #expect(engine.layoutJSON(width: 30) == JSONWriter.bytes(engine.layout(width: 30).json))
            #expect(engine.layoutJSON(width: 31) == JSONWriter.bytes(engine.layout(width: 31).json))
        }
        // A new page moving the same components to other places, and dropping
        // some: what is laid out (from the cache or not) is still the page's.
        let engine = try Self.engine(count: 40)
        _ = engine.layoutJSON(width: 30)
        let moved = (0..<30).reversed().map { Component(id: "c\($0)", type: "Rows", data: ["n": .int(Int64($0))]) }
        engine.loadPage(Page(id: "p", components: moved))
        let fresh = try Self.engine(count: 0)
        fresh.loadPage(Page(id: "p", components: moved))
        for width in [30.0, 30, 7] {
            #expect(engine.layoutJSON(width: width) == JSONWriter.bytes(engine.layout(width: width).json))
            #expect(engine.layoutJSON(width: width) == fresh.layoutJSON(width: width))
        }
        #expect(engine.layout(width: 30).components.map(\.id) == moved.map(\.id))
        // A node written directly equals its JSON value written, fractions included.
        let node = LayoutNode(id: "a\"b", kind: .text, frame: Frame(x: 0.5, y: 1, width: 2e16, height: -0.0),
                              children: [LayoutNode(id: "c", kind: .spacer, frame: Frame(x: 1, y: 2, width: 3, height: 4))])
        var direct: [UInt8] = []
        node.write(into: &direct)
        #expect(direct == JSONWriter.bytes(node.json))
        #expect(Engine().layoutJSON(width: 5) == Array(#"{"width":5,"height":0,"components":[],"readingOrder":[]}"#.utf8))
    }

    @Test func layoutsAcrossRendersDropsAndWidthsAreAFreshEnginesLayouts() throws {
        // The layout cache replays its last walk while the page does not
        // change, lays out again what rendered since, and copies what did not
        // change from a text it kept at a stable width. Whatever happens in
        // between, each text is the one a fresh engine writes.
        for lazy in [false, true] {
            var steps: [(Engine) throws -> Void] = []
            func make() throws -> Engine {
                let engine = try Self.engine(count: 30)
                // Every fifth component renders only while "Extra" has a factory.
                var components = engine.page!.components
                for i in stride(from: 0, to: 30, by: 5) {
                    components[i] = Component(id: "x\(i)", type: "Extra", data: ["n": .int(Int64(i))], fallback: .drop)
                }
                engine.loadPage(Page(id: "p", components: components))
                if lazy { _ = engine.setViewport(.init(width: 30, offset: 4, height: 8)) }
                for step in steps { try step(engine) }
                return engine
            }
            let engine = try make()
            func check(_ widths: [Double], _ note: String) throws {
                let fresh = try make()
                for width in widths {
                    let text = engine.layoutJSON(width: width)
                    #expect(text == fresh.layoutJSON(width: width), "\(note) at \(width), lazy \(lazy)")
                    #expect(text == JSONWriter.bytes(engine.layout(width: width).json), "\(note) at \(width)")
                }
            }
            try check([30, 30, 30, 31, 30], "start")
            let steps1: [(String, (Engine) throws -> Void)] = [
                ("a flag", { try $0.dispatch(Action(type: "flags/set", payload: "4")) }),
                ("another", { try $0.dispatch(Action(type: "flags/set", payload: "8")) }),
                ("Extra back", { try $0.register(component: "Extra") { _, _ in .text("extra extra extra") } }),
                ("a flag again", { try $0.dispatch(Action(type: "flags/set", payload: "9")) }),
                ("Extra gone", { try $0.unregister(component: "Extra") }),
            ]
            for (note, step) in steps1 {
                try step(engine)
                steps.append(step)
                try check([30, 30, 30, 12, 12, 30], note)
            }
        }
    }
}

@Suite("Monospace fast path")
struct MonospaceFastPathTests {
    /// The general rules, measured from `lines` (which never takes the fast path).
    static func general(_ text: String, _ width: Int?) -> Size {
        let lines = Monospace.lines(text, maxWidth: width)
        return Size(width: Double(lines.map { Monospace.width(of: $0) }.max() ?? 0), height: Double(lines.count))
    }

    /// Random texts of `alphabet`'s pieces measured at random widths: the
    /// fast path, where it answers, and the measurer agree with the rules.
    static func check(_ alphabet: [String], seed: UInt64, rounds: Int) -> Int {
        var rng = SeededRNG(seed: seed)
        var answered = 0
        for _ in 0..<rounds {
            let length = Int(rng.next() % 40)
            let text = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            let width: Int? = rng.next() % 5 == 0 ? nil : Int(rng.next() % 14)
            let expected = general(text, width)
            if let fast = Monospace.measureFast(text, maxWidth: width) {
                answered += 1
                #expect(fast == expected, "\(text.debugDescription) at \(String(describing: width))")
            }
            #expect(Monospace.measurer(text, nil, width.map(Double.init)) == expected,
                    "measurer: \(text.debugDescription) at \(String(describing: width))")
        }
        return answered
    }

    @Test func asciiAgreesWithTheGeneralRules() {
        let alphabet = ["a", "b", " ", "  ", "cd", "efghij", "klmnopqrstuvwxyz", "\n", ".", ",!"]
        #expect(Self.check(alphabet, seed: 7, rounds: 4000) == 4000) // all printable ASCII: always answered
        // Known to be printable ASCII (as a layout tree notes it): measured without checking the bytes.
        var rng = SeededRNG(seed: 9)
        let printable = alphabet.filter { $0 != "\n" }
        for _ in 0..<2000 {
            let text = (0..<Int(rng.next() % 40)).map { _ in printable[Int(rng.next() % UInt64(printable.count))] }
                .joined()
            let width: Int? = rng.next() % 5 == 0 ? nil : Int(rng.next() % 14)
            let known = text.utf8.withContiguousStorageIfAvailable { bytes in
                #expect(Monospace.isPrintableASCII(bytes))
                return Monospace.measureFast(bytes, maxWidth: width, printableASCII: true)
            }
            #expect(known == Self.general(text, width), "\(text.debugDescription) at \(String(describing: width))")
        }
    }

    @Test func printableASCIIIsCheckedOnEveryByte() {
        // Eight bytes at a time, the last eight overlapping: a bad byte anywhere is found.
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 40] {
            let clean = String(repeating: "a ~", count: 14).prefix(length)
            #expect(Array(clean.utf8).withUnsafeBufferPointer { Monospace.isPrintableASCII($0) })
            for position in 0..<length {
                for bad: UInt8 in [0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = Array(clean.utf8)
                    bytes[position] = bad
                    #expect(!bytes.withUnsafeBufferPointer { Monospace.isPrintableASCII($0) },
                            "\(bad) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func otherTextAgreesWithTheGeneralRules() {
        // Wide characters, symbols, accents, and what the fast path leaves to
        // the general one: combining marks, emoji presentation, joiners,
        // flags, tabs, "\r\n", other controls.
        let alphabet = ["a", "bc", " ", "\n", "·", "★", "é", "日本", "語", "🎬", "ＡＢ", "Ω", "€",
                        "e\u{301}", "❤\u{FE0F}", "👨\u{200D}👩", "🇫🇷", "\t", "\r\n", "\u{7}", "\u{85}", "\u{200B}"]
        let answered = Self.check(alphabet, seed: 11, rounds: 6000)
        #expect(answered > 300) // the fast path was exercised
        let simple = ["a", "bc", " ", "  ", "\n", "·", "★", "é", "日本", "語", "🎬", "ＡＢ", "Ω", "€", "xyzw"]
        #expect(Self.check(simple, seed: 13, rounds: 4000) == 4000)
    }

    @Test func answersOnlyForSingleScalarClusters() {
        for text in ["", "hello world", "★ 8.7", "7.8 · 1980", "日本 語", "a\nb", "\n", "  x  "] {
            #expect(Monospace.measureFast(text, maxWidth: 4) == Self.general(text, 4), "\(text.debugDescription)")
        }
        for text in ["tab\there", "crlf\r\n", "e\u{301}", "❤\u{FE0F}", "🇫🇷", "👨\u{200D}👩", "a\u{200B}b", "\u{0}"] {
            #expect(Monospace.measureFast(text, maxWidth: 4) == nil, "\(text.debugDescription)")
        }
        #expect(Monospace.measureFast("", maxWidth: 5) == Size(width: 0, height: 1))
        #expect(Monospace.measureFast("abc", maxWidth: 0) == Size(width: 1, height: 3))
        #expect(Monospace.measureFast("  ab cd  ", maxWidth: 0) == Size(width: 1, height: 6))
    }
}
