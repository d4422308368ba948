import Testing
@testable import SDUICore

/// Accessibility: the `accessibility` member of every node, its defaults, the
/// icon-only button warning, the layout's reading order, and the images
/// added in on-screen order with their hints.
@Suite("Accessibility")
struct AccessibilityTests {
    /// An engine showing `views` as components "c0", "c1"… of one page.
    static func engine(_ views: [ViewNode]) throws -> Engine {
        let engine = Engine()
        for (i, view) in views.enumerated() {
            try engine.register(component: "C\(i)") { _, _ in view }
        }
        let page = views.indices.map { #"{"id":"c\#($0)","type":"C\#($0)"}"# }.joined(separator: ",")
        try loadPage(engine, "[" + page + "]")
        return engine
    }

    static func text(_ s: String) -> ViewNode { .text(s) }

    static func button(_ label: String, a11y: Accessibility? = nil) -> ViewNode {
        ViewNode(.button, props: ["label": label], accessibility: a11y)
    }

    static func image(_ url: String, width: Double? = nil, height: Double? = nil) -> ViewNode {
        var style = Style()
        style.width = width.map { .points($0) }
        style.height = height.map { .points($0) }
        return ViewNode(.image, props: ["url": url], style: style)
    }

    static func stack(_ kind: ViewNode.Kind, _ children: ViewNode..., direction: Style.Direction? = nil,
                      action: Bool = false, a11y: Accessibility? = nil) -> ViewNode
    {
        var style = Style()
        style.direction = direction
        return ViewNode(kind, style: style, action: action ? Action(type: "a/b") : nil, accessibility: a11y,
                        children: children)
    }

    // MARK: The member

    @Test func decodesWritesAndRoundTrips() throws {
        let node = try ViewNode(json: json(#"{"type":"button","label":"★","accessibility":{"label":"Favourite","role":"switch","hint":"Adds it"}}"#))
        #expect(node.accessibility == Accessibility(label: "Favourite", role: .switch, hint: "Adds it"))
        #expect(JSONWriter.string(node.json)
            == #"{"type":"button","label":"★","accessibility":{"label":"Favourite","role":"switch","hint":"Adds it"}}"#)
        #expect(try ViewNode(json: node.json) == node)
        #expect(node.jsonBytes() == JSONWriter.bytes(node.json))
        // empty, or null: none at all
        #expect(try ViewNode(json: json(#"{"type":"text","text":"a","accessibility":{}}"#)).accessibility == nil)
        #expect(try ViewNode(json: json(#"{"type":"text","text":"a","accessibility":null}"#)).accessibility == nil)
    }

    @Test(arguments: [
        (#"{"type":"vstack","children":[{"type":"text","text":"a","accessibility":{"role":"banner"}}]}"#,
         #"$.children[0].accessibility.role: unknown role "banner" (known: button, link, heading, image, text, checkbox, radio, radiogroup, switch, slider, textbox, list, listitem, tab, group, alert, progressbar, none)"#),
        (#"{"type":"text","text":"a","accessibility":{"label":3}}"#, "$.accessibility.label: expected a string, got number"),
        (#"{"type":"text","text":"a","accessibility":{"name":"x"}}"#,
         #"$.accessibility.name: unknown member "name" in accessibility (allowed: hint, label, role)"#),
        (#"{"type":"text","text":"a","accessibility":"x"}"#, "$.accessibility: accessibility must be an object, got string"),
    ])
    func badMembersNameTheirPath(_ text: String, _ message: String) {
        #expect(throws: ContractError.self) { try ViewNode(json: json(text)) }
        do {
            _ = try ViewNode(json: json(text))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aChangedAccessibilityIsANodeChange() throws {
        var a = Self.stack(.vstack, Self.button("★", a11y: Accessibility(label: "Add")))
        var b = Self.stack(.vstack, Self.button("★", a11y: Accessibility(label: "Remove")))
        try a.assignIds(componentId: "c")
        try b.assignIds(componentId: "c")
        let changes = FlatDiff.changes(from: FlatView(a), to: FlatView(b), componentId: "c")
        var tree: [NodeChange] = []
        Diff.nodeChanges(from: a, to: b, into: &tree)
        #expect(changes == tree)
        #expect(changes?.count == 1)
        var none: [NodeChange] = []
        Diff.nodeChanges(from: a, to: a, into: &none)
        #expect(none.isEmpty)
    }

    // MARK: Defaults

    @Test func defaultNamesAndRoles() throws {
        #expect(Accessibility.name(of: Self.button("Add to order")) == "Add to order")
        #expect(Accessibility.name(of: Self.button("★", a11y: Accessibility(label: "Favourite"))) == "Favourite")
        #expect(Accessibility.name(of: ViewNode(.image, props: ["url": "u", "alt": "Poster"])) == "Poster")
        #expect(Accessibility.name(of: ViewNode(.input, props: ["name": "q", "placeholder": "Search"])) == "Search")
        let card = Self.stack(.vstack, Self.text("Heat"), Self.text("1995"), action: true)
        #expect(Accessibility.name(of: card) == "Heat 1995")
        #expect(Accessibility.role(of: card) == .button)
        #expect(Accessibility.role(of: Self.stack(.vstack, Self.text("a"))) == nil)
        #expect(Accessibility.role(of: ViewNode(.input, props: ["name": "t", "kind": "toggle"])) == .checkbox)
        #expect(Accessibility.role(of: Self.text("a")) == .text)
        #expect(Accessibility.role(of: ViewNode(.image, props: ["url": "u"], accessibility: Accessibility(role: Accessibility.Role.presentation)))
            == Accessibility.Role.presentation)
        #expect(Accessibility.Role.image.aria == "img")
        #expect(Accessibility.Role.text.aria == nil)
        #expect(Accessibility.Role.button.aria == "button")
    }

    @Test func theTextRendererNamesAnImageAsAReaderWould() {
        let labelled = ViewNode(.image, props: ["url": "u", "alt": "poster"], accessibility: Accessibility(label: "Heat, 1995"))
        #expect(TextRenderer.lines(labelled) == ["[image: Heat, 1995]"])
        #expect(TextRenderer.lines(ViewNode(.image, props: ["url": "u", "alt": "poster"])) == ["[image: poster]"])
    }

    @Test func iconOnlyLabels() {
        for label in ["★", "☆", "♥", " ▶ ", "👍", "‹", "⋯"] { #expect(Accessibility.isIconOnly(label), "\(label)") }
        for label in ["", " ", "▶ Play", "Add", "3", "★4"] { #expect(!Accessibility.isIconOnly(label), "\(label)") }
        // the bytes' answer is the string's
        for label in ["★", "☆", " ▶ ", "👍", "", " ", "▶ Play", "Add", "3", "★4", "...", "+", "\t", "é", "a★", "★a", "\u{1}"] {
            let bytes = Array(label.utf8)
            #expect(bytes.withUnsafeBytes { Accessibility.isIconOnly($0) } == Accessibility.isIconOnly(label), "\(label)")
        }
    }

    @Test func thePlainSymbolBlocksHoldNoLetterDigitOrSpace() {
        // every assigned scalar of the blocks the bytes' check takes as symbols
        var checked = 0
        for value in UInt32(0x2000)...UInt32(0x1FAFF) where Accessibility.isPlainSymbol(value) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let p = scalar.properties
            #expect(!p.isAlphabetic && p.numericType == nil && !p.isWhitespace, "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 2500)
        // labels mixing them with ASCII, others, and broken bytes: the same answer as the string's
        for label in ["★ ☆", "▶▶", "⚙", "✔", "❶", "➀", "⏵ 2", "♥ ♥", "👍🏽", "★\u{00A0}", "→ next", "ⓐ", "🄰", "★é"] {
            let bytes = Array(label.utf8)
            #expect(bytes.withUnsafeBytes { Accessibility.isIconOnly($0) } == Accessibility.isIconOnly(label), "\(label)")
        }
        let broken: [UInt8] = [0xE2, 0x98] // a cut ★
        #expect(broken.withUnsafeBytes { Accessibility.isIconOnly($0) }
            == Accessibility.isIconOnly(String(decoding: broken, as: UTF8.self)))
    }

    @Test func anIconOnlyButtonWithoutALabelIsWarnedAbout() throws {
        let engine = try Self.engine([
            Self.stack(.hstack, Self.button("★"), Self.button("Add to order"), Self.button("♥", a11y: Accessibility(label: "Like"))),
            Self.stack(.vstack, Self.button("▶", a11y: Accessibility(hint: "Plays it"))),
        ])
        _ = engine.render()
        #expect(engine.diagnostics.map(\.code) == ["unlabelled-button", "unlabelled-button"])
        #expect(engine.diagnostics.map(\.component) == ["c0", "c1"])
        #expect(engine.diagnostics.first?.message.contains(#"button "c0/0""#) == true)
    }

    @Test func theWarningComesAfterTheFactorysOwnAndGoesWithTheButton() throws {
        let engine = Engine()
        var star = true
        try engine.register(component: "Card") { _, context in
            context.warn("no poster")
            return Self.stack(.hstack, Self.text("Heat"), Self.button(star ? "★" : "Favourite"))
        }
        try loadPage(engine, #"[{"id":"c","type":"Card"}]"#)
        _ = engine.render()
        #expect(engine.diagnostics.map(\.code) == ["factory-warning", "unlabelled-button"])
        #expect(engine.diagnostics.last?.message.contains(#"button "c/1""#) == true)
        // labelled in words at the next render: the warning goes with it
        star = false
        try loadPage(engine, #"[{"id":"c","type":"Card","data":{"v":2}}]"#)
        _ = engine.render()
        #expect(engine.diagnostics.map(\.code) == ["factory-warning"])
    }

    @Test func theWarningNamesAButtonByItsKeyedAncestor() throws {
        // vstack [text, hstack#row [text, ★], ♥]: ids c0#row/1 and c0/2
        var row = Self.stack(.hstack, Self.text("Heat"), Self.button("★"))
        row.key = "row"
        let engine = try Self.engine([Self.stack(.vstack, Self.text("Title"), row, Self.button("♥"))])
        _ = engine.render()
        let messages = engine.diagnostics.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.contains(#"button "c0#row/1""#) == true)
        #expect(messages.last?.contains(#"button "c0/2""#) == true)
    }

    // MARK: Reading order

    @Test func readingOrderFollowsRowsAndDirection() throws {
        // [title] over a row [a][b], then a right-to-left row [c][d], then a tap target holding two texts
        let view = Self.stack(.vstack,
                              Self.text("Title"),
                              Self.stack(.hstack, Self.button("a"), Self.button("b")),
                              Self.stack(.hstack, Self.button("c"), Self.button("d"), direction: .rtl),
                              Self.stack(.hstack, Self.text("in"), Self.text("side"), action: true))
        let engine = try Self.engine([view])
        let layout = engine.layout(width: 30)
        #expect(layout.readingOrder == ["c0/0", "c0/1/0", "c0/1/1", "c0/2/0", "c0/2/1", "c0/3"])
        // rtl: c is placed at the right, d to its left, and c is still read first (leading)
        let rtl = try #require(layout.components.first?.root.children[2])
        #expect(rtl.children[0].frame.x > rtl.children[1].frame.x)
        // the JSON says the same
        let text = String(decoding: engine.layoutJSON(width: 30), as: UTF8.self)
        #expect(text.hasSuffix(#","readingOrder":["c0/0","c0/1/0","c0/1/1","c0/2/0","c0/2/1","c0/3"]}"#))
        #expect(engine.layoutJSON(width: 30) == JSONWriter.bytes(layout.json))
    }

    @Test func readingOrderSortsByFramesNotByTreeOrder() throws {
        // a zstack keeps its order; a vstack whose children are placed by the frames: rows by top edge
        let grid = ViewNode(.grid, children: [
            Self.stack(.hstack, Self.text("a1"), Self.text("a2")),
            Self.stack(.hstack, Self.text("b1"), Self.text("b2")),
        ])
        let hidden = ViewNode(.pager, props: ["page": "1"], children: [Self.text("page0"), Self.text("page1")])
        let decorative = ViewNode(.image, props: ["url": "deco"], accessibility: Accessibility(role: Accessibility.Role.presentation))
        let group = Self.stack(.vstack, Self.text("g1"), Self.text("g2"), a11y: Accessibility(label: "G", role: .group))
        let engine = try Self.engine([grid, Self.stack(.vstack, hidden, decorative, group)])
        #expect(engine.layout(width: 30).readingOrder
            == ["c0/0/0", "c0/0/1", "c0/1/0", "c0/1/1", "c1/0/1", "c1/2/0", "c1/2/1"])
    }

    @Test func readingOrderFollowsTheFramesOfAnotherLayout() throws {
        // a wrap of buttons: at 40 one row, at 8 one a line; the same order either way, read row by row
        let wrap = ViewNode(.wrap, children: [Self.button("aa"), Self.button("bb"), Self.button("cc")])
        let engine = try Self.engine([wrap])
        #expect(engine.layout(width: 40).readingOrder == ["c0/0", "c0/1", "c0/2"])
        #expect(engine.layout(width: 6).readingOrder == ["c0/0", "c0/1", "c0/2"])
        var rtl = Style()
        rtl.direction = .rtl
        let mirrored = try Self.engine([ViewNode(.wrap, style: rtl, children: wrap.children)])
        let layout = mirrored.layout(width: 40)
        #expect(layout.readingOrder == ["c0/0", "c0/1", "c0/2"])
        #expect(layout.components[0].root.children.map(\.frame.x) == layout.components[0].root.children.map(\.frame.x)
            .sorted(by: >))
    }

    // MARK: Images

    @Test func imagesAddedComeInTreeOrderBeforeAnyLayout() throws {
        let engine = try Self.engine([
            Self.stack(.vstack, Self.image("z"), Self.image("b")),
            Self.stack(.vstack, Self.image("a")),
        ])
        let set = engine.takePatches()
        #expect(set.imagesAdded == ["z", "b", "a"]) // not sorted as text
        #expect(set.imageHints == [ImageHint(url: "z", priority: .visible), ImageHint(url: "b", priority: .visible),
                                   ImageHint(url: "a", priority: .visible)])
        let text = String(decoding: set.jsonBytes(), as: UTF8.self)
        #expect(text.hasSuffix(#""images":{"added":["z","b","a"],"removed":[],"hints":[{"url":"z","priority":"visible"},{"url":"b","priority":"visible"},{"url":"a","priority":"visible"}]}}"#))
        #expect(set.jsonBytes() == JSONWriter.bytes(set.json))
    }

    @Test func imagesAddedComeInOnScreenOrderWithTheirSizes() throws {
        let engine = Engine()
        var showAll = false
        try engine.register(component: "C") { _, ctx in
            showAll = ctx.state("ui", at: JSONPath([.key("all")])) == .bool(true)
            // a pager showing its page 1: the picture of its hidden page 0 comes last, after t
            return Self.stack(.vstack,
                              ViewNode(.pager, props: ["page": "1"],
                                       children: [Self.image("h", width: 5, height: 5), Self.image("s", width: 6, height: 2)]),
                              Self.image("t", width: 4, height: 3),
                              showAll ? Self.image("r", width: 8, height: 1) : Self.text("none"))
        }
        try engine.register(service: "ui", state: json(#"{"all":false}"#))
        try loadPage(engine, #"[{"id":"c","type":"C"}]"#)
        _ = engine.layout(width: 20)
        let first = engine.takePatches()
        #expect(first.imagesAdded == ["s", "t", "h"])
        #expect(first.imageHints == [ImageHint(url: "s", width: 6, height: 2, priority: .visible),
                                     ImageHint(url: "t", width: 4, height: 3, priority: .visible),
                                     ImageHint(url: "h", priority: .nearby)])
        try engine.register(service: "ui", state: json(#"{"all":true}"#))
        let second = engine.takePatches()
        #expect(showAll)
        #expect(second.imagesAdded == ["r"])
        #expect(second.imageHints == [ImageHint(url: "r", width: 8, height: 1, priority: .visible)])
    }

    @Test func imagesOutsideTheViewportAreNearby() throws {
        // ten components, an image 3 high in each; a viewport 5 high at the top
        let engine = Engine()
        try engine.register(component: "C") { data, _ in
            Self.image(data["url"]!.stringValue!, width: 10, height: 3)
        }
        let page = (0..<10).map { #"{"id":"c\#($0)","type":"C","data":{"url":"u\#($0)"}}"# }.joined(separator: ",")
        try loadPage(engine, "[" + page + "]")
        _ = engine.setViewport(Engine.Viewport(width: 20, offset: 0, height: 5))
        let set = engine.takePatches()
        #expect(set.imagesAdded == set.imagesAdded.sorted { Int($0.dropFirst())! < Int($1.dropFirst())! })
        #expect(set.imageHints.count == set.imagesAdded.count)
        #expect(set.imageHints.prefix(2).allSatisfy { $0.priority == .visible }) // rows 0-2 and 3-5 meet 0-5
        #expect(set.imageHints.dropFirst(2).allSatisfy { $0.priority == .nearby })
        #expect(set.imageHints.count > 2)
        #expect(set.imageHints.allSatisfy { $0.width == 10 && $0.height == 3 })
    }
}
