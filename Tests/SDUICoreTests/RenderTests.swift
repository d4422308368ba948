import Testing
@testable import SDUICore

@Suite("Registry, rendering and fallback")
struct RenderTests {
    /// A factory that shows its data's "title" and which version of the factory ran.
    static func titled(_ version: String) -> ComponentFactory {
        { data, _ in
            ViewNode(.vstack, children: [.text(data["title"]?.stringValue ?? "?"), .text(version)])
        }
    }

    @Test func rendersInPageOrderWithStableIds() throws {
        let engine = Engine()
        try engine.register(component: "Card", Self.titled("v1"))
        try loadPage(engine, #"{"id":"home","version":1,"components":[{"id":"b","type":"Card","data":{"title":"B"}},{"id":"a","type":"Card","data":{"title":"A"}}]}"#)
        let screen = engine.render()
        #expect(screen.pageId == "home")
        #expect(screen.components.map(\.id) == ["b", "a"])
        let view = try #require(screen["a"]?.view)
        #expect(view.id == "a")
        #expect(view.children.map(\.id) == ["a/0", "a/1"])
        #expect(view.children[0].props["text"] == "A")
        #expect(engine.diagnostics.isEmpty)
    }

    @Test func keyedNodesGetKeyIds() throws {
        let engine = Engine()
        try engine.register(component: "T") { _, _ in
            ViewNode(.hstack, children: [ViewNode(.button, key: "fav", props: ["label": "★"], children: [.text("x")])])
        }
        try loadPage(engine, #"[{"id":"c","type":"T"}]"#)
        let view = try #require(engine.render()["c"]?.view)
        #expect(view.children[0].id == "c#fav")
        #expect(view.children[0].children[0].id == "c#fav/0")
    }

    @Test func duplicateKeysFailOnlyThatComponent() throws {
        let engine = Engine()
        try engine.register(component: "Dup") { _, _ in
            ViewNode(.vstack, children: [ViewNode(.spacer, key: "k"), ViewNode(.spacer, key: "k")])
        }
        try engine.register(component: "Ok", Self.titled("v1"))
        try loadPage(engine, #"[{"id":"d","type":"Dup"},{"id":"o","type":"Ok"}]"#)
        let screen = engine.render()
        #expect(screen["d"]?.view.kind == .error)
        #expect(screen["o"]?.view.kind == .vstack)
        #expect(engine.diagnostics.map(\.code) == ["factory-failed"])
    }

    @Test func registeringATypeAgainReplacesItsFactory() throws {
        let engine = Engine()
        try engine.register(component: "Card", Self.titled("v1"))
        try loadPage(engine, #"[{"id":"a","type":"Card","data":{"title":"A"}}]"#)
        #expect(engine.render()["a"]?.view.children[1].props["text"] == "v1")
        try engine.register(component: "Card", Self.titled("v2"))
        #expect(engine.render()["a"]?.view.children[1].props["text"] == "v2")
        #expect(engine.registry.types == ["Card"])
    }

    @Test func unknownTypeRendersVisibleFallbackNodeAndDiagnostic() throws {
        let engine = Engine()
        try engine.register(component: "Card", Self.titled("v1"))
        try loadPage(engine, #"[{"id":"x","type":"Mystery"},{"id":"a","type":"Card"}]"#)
        let screen = engine.render()
        #expect(screen.components.map(\.id) == ["x", "a"])
        let node = try #require(screen["x"]?.view)
        #expect(node.kind == .fallback)
        #expect(node.props["componentType"] == "Mystery")
        #expect(node.id == "x")
        #expect(engine.diagnostics == [Diagnostic(.error, "unknown-type", component: "x", "no factory for type \"Mystery\" and no fallback")])
    }

    @Test func fallbackComponentAndDrop() throws {
        let engine = Engine()
        try engine.register(component: "Card", Self.titled("v1"))
        try loadPage(engine, #"[{"id":"n","type":"New","fallback":{"type":"Card","data":{"title":"old"}}},{"id":"d","type":"New","fallback":"drop"},{"id":"c","type":"Newer","fallback":{"type":"New","fallback":{"type":"Card"}}}]"#)
        let screen = engine.render()
        #expect(screen.components.map(\.id) == ["n", "c"])
        #expect(screen["n"]?.type == "New")
        #expect(screen["n"]?.view.children[0].props["text"] == "old")
        #expect(screen["n"]?.view.id == "n")
        #expect(engine.diagnostics.map(\.code) == ["fallback-used", "dropped", "fallback-used", "fallback-used"])
    }

    @Test func failingFactoryRendersErrorNodeForThatComponentOnly() throws {
        let engine = Engine()
        try engine.register(component: "Bad") { _, _ in throw CallbackError("no poster") }
        try engine.register(component: "Card", Self.titled("v1"))
        try loadPage(engine, #"[{"id":"b","type":"Bad"},{"id":"a","type":"Card"}]"#)
        let screen = engine.render()
        #expect(screen["b"]?.view == { var n = ViewNode.error("no poster"); n.id = "b"; return n }())
        #expect(screen["a"]?.view.kind == .vstack)
        #expect(engine.diagnostics.first?.message == "factory for \"Bad\" failed: no poster")
    }

    @Test func factoriesReadServices() throws {
        let engine = Engine()
        try engine.store.register(service: "favorites", state: json(#"{"7":true}"#))
        try engine.register(component: "Star") { data, ctx in
            let id = data["id"]!.intValue!
            let on = ctx.state("favorites", at: JSONPath([.key(String(id))])) == .bool(true)
            return .text(on ? "★" : "☆")
        }
        try loadPage(engine, #"[{"id":"s7","type":"Star","data":{"id":7}},{"id":"s8","type":"Star","data":{"id":8}}]"#)
        let screen = engine.render()
        #expect(screen["s7"]?.view.props["text"] == "★")
        #expect(screen["s8"]?.view.props["text"] == "☆")
    }

    @Test func noPageRendersEmptyScreen() {
        #expect(Engine().render() == Screen())
    }

    @Test func textRendererIsReadable() throws {
        let engine = Engine()
        try engine.register(component: "Card") { data, _ in
            ViewNode(.hstack, children: [
                ViewNode(.image, props: ["url": "u", "alt": "poster"]),
                .text(data["title"]!.stringValue!),
                ViewNode(.button, props: ["label": "☆"], action: Action(type: "favorites/toggle")),
            ])
        }
        try loadPage(engine, #"[{"id":"m","type":"Card","data":{"title":"Heat"}},{"id":"u","type":"Gone"}]"#)
        #expect(TextRenderer.render(engine.render()) == """
            ▌ m (Card)
              [image: poster]  Heat  [☆]
            ▌ u (Gone)
              ⚠ Unsupported component "Gone"

            """)
    }
}
