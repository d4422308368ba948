import Testing
@testable import SDUICore

/// Themes: tokens decoded, resolved into literals, switched, and only their
/// readers patched.
@Suite("Themes")
struct ThemeTests {
    static let themeText = #"""
        {"colors": {"accent": {"light": "#2563eb", "dark": "#93c5fd"}, "ink": {"light": "#111827", "dark": "#f9fafb"},
                    "brand": "#dc2626"},
         "fonts": {"heading": {"light": "title", "dark": "headline"}, "body": "body"}}
        """#

    static func setTheme(_ engine: Engine, _ text: String) throws(EngineError) {
        try Array(text.utf8).withUnsafeBytes { bytes in
            Result { () throws(EngineError) in try engine.setTheme(bytes) }
        }.get()
    }

    /// An engine whose page has `plain` components of literal colours, one
    /// "Accent" component using "@accent" and one "Brand" using "@brand" (the
    /// same in both appearances).
    static func engine(plain: Int = 50) throws -> Engine {
        let engine = Engine()
        try setTheme(engine, themeText)
        try engine.register(component: "Plain") { _, _ in
            try ViewNode(json: json(##"{"type": "text", "text": "plain", "style": {"color": "#333333"}}"##))
        }
        try engine.register(component: "Accent") { _, _ in
            try ViewNode(json: json(#"""
                {"type": "vstack", "style": {"background": "@ink"}, "children": [
                  {"type": "text", "text": "hi", "style": {"color": "@accent", "font": "@heading"}},
                  {"type": "paragraph", "runs": [{"text": "a"}, {"text": "b", "color": "@accent", "highlight": "@ink"}]}]}
                """#))
        }
        try engine.register(component: "Brand") { _, _ in
            try ViewNode(json: json(#"{"type": "text", "text": "b", "style": {"borderColor": "@brand", "font": "@body"}}"#))
        }
        var components = (0..<plain).map { #"{"id": "p\#($0)", "type": "Plain"}"# }
        components.insert(#"{"id": "accent", "type": "Accent"}"#, at: plain / 2)
        components.append(#"{"id": "brand", "type": "Brand"}"#)
        try loadPage(engine, #"{"id": "page", "components": [\#(components.joined(separator: ","))]}"#)
        return engine
    }

    // MARK: Decoding

    @Test func decodesColoursAndFontsInBothAppearances() throws {
        let theme = try Theme(json: json(Self.themeText))
        #expect(theme.colors["accent"] == Theme.Value(light: "#2563eb", dark: "#93c5fd"))
        #expect(theme.colors["brand"] == Theme.Value("#dc2626"))
        #expect(theme.fonts["heading"]?.value(in: .dark) == "headline")
        #expect(theme.fonts["body"]?.value(in: .light) == "body")
        #expect(try Theme(json: theme.json) == theme, "the JSON form reads back the same")
        #expect(try Theme(json: json("{}")) == Theme())
    }

    @Test(arguments: [
        (#"[]"#, "$: a theme must be an object"),
        (#"{"colours": {}}"#, "$.colours: unknown member \"colours\""),
        (#"{"colors": {"accent": 3}}"#, "$.colors.accent: a colour (a string, or {\"light\", \"dark\"}) must be an object"),
        (##"{"colors": {"accent": {"light": "#fff"}}}"##, "$.colors.accent: a colour token needs both"),
        (##"{"colors": {"accent": {"light": "#fff", "dim": "#000"}}}"##, "$.colors.accent.dim: unknown member"),
        (##"{"colors": {"a b": "#fff"}}"##, #"$.colors["a b"]: "a b" is not a token name"#),
        (#"{"fonts": {"h": {"light": "title", "dark": 2}}}"#, "$.fonts.h.dark: expected a string"),
        (#"{"colors": {"a": "@b"}}"#, "$.colors.a: a colour token's value must be a literal"),
        (#"{"fonts": {"h": ""}}"#, "$.fonts.h: must not be empty"),
    ])
    func rejectsBadThemesNamingThePath(text: String, message: String) {
        #expect(throws: ContractError.self) { try Theme(json: json(text)) }
        do {
            _ = try Theme(json: json(text))
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    @Test func aBadThemeIsLocatedAndChangesNothing() throws {
        let engine = try Self.engine(plain: 2)
        let before = engine.render()
        let error = engineError { () throws(EngineError) in try Self.setTheme(engine, "{\n  \"colors\": {\"accent\": {\"light\": 1, \"dark\": \"#000\"}}}") }
        #expect(error?.code == .contract)
        #expect(error?.message == "2:34: $.colors.accent.light: expected a string, got number")
        #expect(engineError { () throws(EngineError) in try Self.setTheme(engine, "{") }?.code == .parse)
        #expect(engine.theme == (try Theme(json: json(Self.themeText))))
        #expect(engine.takePatches().isEmpty)
        #expect(engine.currentScreen() == before)
    }

    // MARK: Resolving

    @Test func tokensResolveToLiteralsWhereverAColourOrFontGoes() throws {
        let engine = try Self.engine(plain: 2)
        let screen = engine.render()
        let accent = try #require(screen["accent"]).view
        #expect(accent.style.background == "#111827")
        #expect(accent.children[0].style.color == "#2563eb")
        #expect(accent.children[0].style.font == "title")
        let runs = TextRun.list(text: try #require(accent.children[1].props["runs"]))
        #expect(runs.map(\.color) == [nil, "#2563eb"])
        #expect(runs[1].highlight == "#111827")
        #expect(screen["brand"]?.view.style.borderColor == "#dc2626")
        #expect(screen["brand"]?.view.style.font == "body")
        #expect(engine.diagnostics.isEmpty)
        var text: [UInt8] = []
        text = engine.renderJSON(allocator: .swift).map { Array($0) } ?? []
        #expect(!text.contains(UInt8(ascii: "@")), "hosts receive literals only")
    }

    @Test func anAtSignElsewhereIsLeftAlone() throws {
        let engine = Engine()
        try engine.register(component: "Mail") { _, _ in
            try ViewNode(json: json(##"{"type": "text", "text": "@home a@b.c", "style": {"color": "#fff", "fontWeight": "@x"}}"##))
        }
        try loadPage(engine, #"{"components": [{"id": "m", "type": "Mail"}]}"#)
        let view = try #require(engine.render()["m"]).view
        #expect(view.props["text"] == "@home a@b.c")
        #expect(view.style.fontWeight == "@x", "fontWeight takes no token")
        #expect(engine.diagnostics.isEmpty)
    }

    @Test func onlyAViewThatMayNameATokenIsWalked() throws {
        func flat(_ text: String) throws -> [UInt8] { FlatView(try ViewNode(json: json(text))).bytes }
        #expect(!ThemeResolver.mayHoldToken(try flat(##"{"type": "text", "text": "you@example.com", "style": {"color": "#fff"}}"##)))
        #expect(ThemeResolver.mayHoldToken(try flat(#"{"type": "text", "text": "x", "style": {"color": "@accent"}}"#)))
        #expect(ThemeResolver.mayHoldToken(try flat(#"{"type": "paragraph", "runs": [{"text": "x", "highlight": "@a"}]}"#)))
        // sixteen bytes at a time: every length and place, a quote before the at sign or not, across the block edges
        for n in 0..<50 {
            for place in 0..<max(n, 1) {
                for quote in [true, false] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: n)
                    if n > 0 { bytes[place] = UInt8(ascii: "@") }
                    if quote && place > 0 { bytes[place - 1] = UInt8(ascii: "\"") }
                    let expected = n > 0 && quote && place > 0
                    #expect(ThemeResolver.mayHoldToken(bytes) == expected, "\(n) \(place) \(quote)")
                }
            }
        }
    }

    @Test func anUnknownTokenIsAWarningWithItsPathAndTheFieldIsLeftUnset() throws {
        let engine = Engine()
        try engine.register(component: "Typo") { _, _ in
            try ViewNode(json: json(#"""
                {"type": "vstack", "children": [{"type": "text", "text": "x"},
                  {"type": "text", "text": "y", "style": {"color": "@acent", "padding": 1}},
                  {"type": "paragraph", "runs": [{"text": "z", "highlight": "@"}]}]}
                """#))
        }
        try loadPage(engine, #"{"components": [{"id": "t", "type": "Typo"}]}"#)
        let view = try #require(engine.render()["t"]).view
        #expect(view.children[1].style.color == nil)
        #expect(view.children[1].style.padding == Style.Insets(all: 1), "the rest of the style stays")
        #expect(TextRun.list(text: view.children[2].props["runs"]!)[0].highlight == nil)
        #expect(engine.diagnostics == [
            Diagnostic(.warning, "unknown-token", component: "t",
                       "$.children[1].style.color: no colour token \"@acent\" in the theme; the field is left unset"),
            Diagnostic(.warning, "unknown-token", component: "t",
                       "$.children[2].runs[0].highlight: no colour token \"@\" in the theme; the field is left unset"),
        ])
        // Defining the token later re-renders the component that named it.
        try Self.setTheme(engine, ##"{"colors": {"acent": "#123456"}}"##)
        let patches = engine.takePatches()
        #expect(patches.patches.count == 1)
        #expect(engine.currentScreen()["t"]?.view.children[1].style.color == "#123456")
        #expect(engine.diagnostics.count == 1)
    }

    // MARK: Switching

    @Test func aSwitchPatchesOnlyTheComponentsWhoseTokensChanged() throws {
        let engine = try Self.engine(plain: 200)
        var host = engine.render()
        let before = engine.counters
        engine.setAppearance(.dark)
        #expect(engine.appearance == .dark)
        let patches = engine.takePatches()
        #expect(engine.counters.factoryRuns == before.factoryRuns + 1, "only Accent: Brand's tokens are the same in dark")
        #expect(patches.patches.count == 1)
        guard case .update(let id, _, let changes)? = patches.patches.first else {
            Issue.record("expected an update, got \(patches)")
            return
        }
        #expect(id == "accent")
        #expect(!changes.isEmpty)
        host = try host.applying(patches.patches)
        #expect(host == engine.currentScreen())
        let accent = try #require(host["accent"]).view
        #expect(accent.style.background == "#f9fafb")
        #expect(accent.children[0].style.color == "#93c5fd")
        #expect(accent.children[0].style.font == "headline")

        engine.setAppearance(.light)
        #expect(engine.takePatches().patches.count == 1)
        #expect(engine.currentScreen()["accent"]?.view.children[0].style.color == "#2563eb")
    }

    @Test func aSwitchThatChangesNothingPatchesNothing() throws {
        let engine = try Self.engine(plain: 20)
        _ = engine.render()
        let before = engine.counters
        engine.setAppearance(.light) // already light
        #expect(engine.takePatches().isEmpty)
        // A new theme whose values the views use are the same, and one more unused token.
        try Self.setTheme(engine, #"""
            {"colors": {"accent": {"light": "#2563eb", "dark": "#000000"}, "ink": "#111827", "brand": "#dc2626",
                        "unused": "#abcdef"},
             "fonts": {"heading": "title", "body": "body"}}
            """#)
        #expect(engine.takePatches().isEmpty)
        #expect(engine.counters.factoryRuns == before.factoryRuns)
        // A page without tokens: switching renders nothing at all.
        let plain = Engine()
        try plain.register(component: "Plain") { _, _ in ViewNode(.text, props: ["text": "x"]) }
        try loadPage(plain, #"{"components": [{"id": "a", "type": "Plain"}, {"id": "b", "type": "Plain"}]}"#)
        _ = plain.render()
        let runs = plain.counters.factoryRuns
        plain.setAppearance(.dark)
        #expect(plain.takePatches().isEmpty)
        #expect(plain.counters.factoryRuns == runs)
    }

    @Test func aFactoryThatReadsTheAppearanceRendersAgainOnASwitch() throws {
        let engine = Engine()
        try engine.register(component: "Mode") { _, ctx in
            ViewNode(.text, props: ["text": ctx.appearance == .dark ? "🌙" : "☀"])
        }
        try engine.register(component: "Plain") { _, _ in ViewNode(.text, props: ["text": "x"]) }
        try loadPage(engine, #"{"components": [{"id": "m", "type": "Mode"}, {"id": "p", "type": "Plain"}]}"#)
        #expect(engine.render()["m"]?.view.props["text"] == "☀")
        let runs = engine.counters.factoryRuns
        engine.setAppearance(.dark)
        let patches = engine.takePatches()
        #expect(patches.patches.count == 1)
        #expect(engine.counters.factoryRuns == runs + 1)
        #expect(engine.currentScreen()["m"]?.view.props["text"] == "🌙")
    }

    @Test func aServiceCannotBeNamedLikeTheTheme() {
        #expect(engineError { () throws(EngineError) in try Engine().register(service: ThemeValues.service, state: json("{}")) } != nil)
    }
}
