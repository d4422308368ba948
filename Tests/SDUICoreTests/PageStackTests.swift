import Testing
@testable import SDUICore

/// Every page of the navigation stack is as current as the top one: an
/// engine-wide change made while another page is on top reaches the pages
/// below, and going back renders again only the components it touched.
@Suite("Page stack")
struct PageStackTests {
    /// An engine with a theme (`ink`: black in light, white in dark), an
    /// "Ink" component whose text uses `@ink`, a "Plain" one of a literal
    /// colour, a "Map" one that requires the capability "maps" 1.0 (and is
    /// dropped without it), and a `navigation/fetch` performer answering
    /// "/a" at once.
    static func engine() throws -> Engine {
        let engine = Engine()
        try ThemeTests.setTheme(engine, ##"{"colors": {"ink": {"light": "#000000", "dark": "#ffffff"}}}"##)
        try engine.register(component: "Ink") { _, _ in
            try ViewNode(json: json(#"{"type": "text", "text": "ink", "style": {"color": "@ink"}}"#))
        }
        try engine.register(component: "Plain") { _, _ in
            try ViewNode(json: json(##"{"type": "text", "text": "plain", "style": {"color": "#333333"}}"##))
        }
        try engine.register(component: "Map") { _, _ in ViewNode.text("map") }
        let other = json(#"{"id": "a", "components": [{"id": "x", "type": "Plain"}]}"#)
        try engine.register(effect: Effect.fetch) { ctx in ctx.finish(ok: true, result: other) }
        try loadPage(engine, #"""
            {"id": "home", "components": [
              {"id": "ink", "type": "Ink"}, {"id": "plain", "type": "Plain"},
              {"id": "map", "type": "Map", "requires": {"maps": "1.0"}, "fallback": "drop"}]}
            """#)
        _ = engine.render()
        try engine.navigate(to: "/a")
        _ = engine.render()
        return engine
    }

    /// The colour of the text of component `id` on the current screen.
    static func color(_ engine: Engine, _ id: String) -> String? {
        engine.currentScreen().components.first { $0.id == id }?.view.style.color
    }

    @Test func anAppearanceSwitchedOnAnotherPageReachesThePageBelow() throws {
        let engine = try Self.engine()
        engine.setAppearance(.dark)
        _ = engine.render()
        let before = engine.counters.factoryRuns
        try engine.back()
        #expect(Self.color(engine, "ink") == "#ffffff", "home is drawn as a fresh engine would draw it")
        #expect(Self.color(engine, "plain") == "#333333")
        #expect(engine.counters.factoryRuns - before == 1, "only the component that reads @ink renders again")
        let patches = engine.takePatches()
        #expect(patches.patches.count > 0, "the host is told what changed")
    }

    @Test func aThemeSetOnAnotherPageReachesThePageBelow() throws {
        let engine = try Self.engine()
        try ThemeTests.setTheme(engine, ##"{"colors": {"ink": "#ff0000"}}"##)
        _ = engine.render()
        let before = engine.counters.factoryRuns
        try engine.back()
        #expect(Self.color(engine, "ink") == "#ff0000")
        #expect(engine.counters.factoryRuns - before == 1)
    }

    @Test func capabilitiesDeclaredOnAnotherPageReachThePageBelow() throws {
        let engine = try Self.engine()
        try withBytes(#"{"maps": "1.2"}"#) { bytes in
            try Result { () throws(EngineError) in try engine.setCapabilities(bytes) }.get()
        }
        _ = engine.render()
        let before = engine.counters.factoryRuns
        try engine.back()
        let ids = engine.currentScreen().components.map(\.id)
        #expect(ids == ["ink", "plain", "map"], "the component that requires maps is rendered, as on a fresh engine")
        #expect(engine.counters.factoryRuns - before == 1, "only that component renders")
    }

    @Test func aFactoryRegisteredOnAnotherPageReachesThePageBelow() throws {
        let engine = try Self.engine()
        try engine.register(component: "Plain") { _, _ in ViewNode.text("plain 2") }
        _ = engine.render()
        let before = engine.counters.factoryRuns
        try engine.back()
        let texts = engine.currentScreen().components.map { $0.view.props["text"] }
        #expect(texts == ["ink", "plain 2"])
        #expect(engine.counters.factoryRuns - before == 1)
    }

    @Test func bothAppearancesAreReadableWhicheverIsInForce() throws {
        let engine = try Self.engine()
        #expect(engine.themeValues(in: .dark)["color:ink"] == "#ffffff")
        #expect(engine.themeValues(in: .light)["color:ink"] == "#000000")
        #expect(engine.appearance == .light, "reading does not switch")
    }
}
