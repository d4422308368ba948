import Testing
@testable import SDUICore

/// Exactly what re-renders, and which patches come out, for each kind of change.
@Suite("Reactive rendering")
struct ReactiveRenderTests {
    static let n = 1000

    static func cards(_ page: Page) -> [Component] {
        page.components.filter { $0.type == "MovieCardComponent" }
    }

    static func carts(_ page: Page) -> [Component] {
        page.components.filter { $0.type == "CartSummaryComponent" }
    }

    /// The favourite star of a movie card, as its factory builds it.
    static func star(_ card: Component, on: Bool) -> ViewNode {
        let mid = card.data["movieId"]!
        return ViewNode(.button, id: "\(card.id)/1/3/0", props: ["label": on ? "★" : "☆"],
                        action: Action(type: "favorites/toggle", payload: ["movieId": mid]),
                        accessibility: Accessibility(label: on ? "Remove from favourites" : "Add to favourites"))
    }

    // MARK: The 1,000-component page

    @Test func benchPageHasEveryKindOfComponent() {
        let page = BenchPage.make(Self.n)
        #expect(page.components.count == Self.n)
        #expect(Set(page.components.map(\.id)).count == Self.n)
        let types = Set(page.components.map(\.type))
        #expect(types == ["NotificationComponent", "GenreListComponent", "MovieCardComponent", "BannerComponent",
                          "CartSummaryComponent"])
        let movieIds = Self.cards(page).map { $0.data["movieId"]!.intValue! }
        #expect(Set(movieIds).count == movieIds.count)
        #expect(movieIds.count > Self.n / 3)
        #expect(page.components[12].id.hasSuffix("-12"))
    }

    @Test func firstRenderRendersEveryComponentThenNothing() throws {
        let (engine, page) = try BenchPage.engine(Self.n)
        #expect(engine.counters.componentRenders == 0)
        let screen = engine.render()
        #expect(screen.components.map(\.id) == page.components.map(\.id))
        #expect(engine.counters.componentRenders == Self.n)
        #expect(engine.counters.factoryRuns == Self.n)
        #expect(engine.diagnostics.isEmpty)
        _ = engine.render()
        _ = engine.currentScreen()
        #expect(engine.takePatches().isEmpty)
        #expect(engine.counters.componentRenders == Self.n)
        let images = page.components.compactMap { $0.data["poster"]?.stringValue ?? $0.data["image"]?.stringValue }
        #expect(engine.images == images.sorted())
        #expect(imageURLs(in: screen) == Set(images))
        // The star of the first card has the id the patches below rely on.
        let card = try #require(Self.cards(page).first)
        #expect(screen[card.id]?.view.children[1].children[3].children[0] == Self.star(card, on: false))
    }

    @Test(arguments: ["first", "middle", "last"])
    func togglingAFavouriteRerendersExactlyThatCard(which: String) throws {
        let (engine, page) = try BenchPage.engine(Self.n)
        var host = engine.render()
        let cards = Self.cards(page)
        let card = cards[which == "first" ? 0 : which == "middle" ? cards.count / 2 : cards.count - 1]
        let mid = card.data["movieId"]!
        let before = engine.counters

        try engine.dispatch(Action(type: "favorites/toggle", payload: ["movieId": mid]))
        let on = engine.takePatches()
        #expect(engine.counters.componentRenders == before.componentRenders + 1)
        #expect(engine.counters.factoryRuns == before.factoryRuns + 1)
        #expect(engine.counters.actions == before.actions + 1)
        #expect(on == PatchSet(patches: [.update(id: card.id, type: "MovieCardComponent",
                                                 changes: [.set(id: "\(card.id)/1/3/0", node: Self.star(card, on: true))])]))
        host = try host.applying(on.patches)
        #expect(host == engine.currentScreen())

        try engine.dispatch(Action(type: "favorites/toggle", payload: ["movieId": mid]))
        let off = engine.takePatches()
        #expect(engine.counters.componentRenders == before.componentRenders + 2)
        #expect(off == PatchSet(patches: [.update(id: card.id, type: "MovieCardComponent",
                                                  changes: [.set(id: "\(card.id)/1/3/0", node: Self.star(card, on: false))])]))
        host = try host.applying(off.patches)
        #expect(host == engine.currentScreen())
        #expect(engine.takePatches().isEmpty)
    }

    @Test func addingToTheOrderRerendersOnlyTheWholeOrderReaders() throws {
        let (engine, page) = try BenchPage.engine(Self.n)
        var host = engine.render()
        let carts = Self.carts(page)
        try #require(carts.count > 1)
        let card = Self.cards(page)[3]
        let before = engine.counters.componentRenders

        for (round, price) in [(1, 250), (2, 100)] {
            try engine.dispatch(Action(type: "order/add", payload: ["movieId": card.data["movieId"]!, "price": .int(Int64(price))]))
            let set = engine.takePatches()
            #expect(engine.counters.componentRenders == before + round * carts.count)
            let total: Int64 = round == 1 ? 250 : 350
            let expected: [Patch] = carts.map { cart in
                let line = ViewNode(.text, id: "\(cart.id)/0", props: ["text": BenchPage.cartLine(items: round, total: total)])
                return .update(id: cart.id, type: "CartSummaryComponent", changes: [.set(id: "\(cart.id)/0", node: line)])
            }
            #expect(set == PatchSet(patches: expected))
            host = try host.applying(set.patches)
            #expect(host == engine.currentScreen())
        }
    }

    @Test(arguments: ["favorites/touch", "order/rewrite"])
    func aDispatchThatChangesNothingVisibleRerendersNothing(type: String) throws {
        let (engine, _) = try BenchPage.engine(Self.n)
        _ = engine.render()
        let before = engine.counters
        let state = engine.store.services
        try engine.dispatch(Action(type: type))
        #expect(engine.counters.actions == before.actions + 1)
        #expect(engine.counters.componentRenders == before.componentRenders)
        #expect(engine.takePatches().isEmpty)
        if type == "favorites/touch" {
            #expect(engine.store.services["favorites"] == ["touched": 1])
        } else {
            #expect(engine.store.services == state)
        }
    }

    // MARK: Services that do not exist yet

    @Test(arguments: ["", "n"])
    func aReadOfAMissingServiceRerendersWhenItAppears(path: String) throws {
        let engine = Engine()
        let at = try JSONPath(parsing: path)
        try engine.register(component: "Cart") { _, ctx in
            .text(ctx.state("cart", at: at).map(JSONWriter.string) ?? "absent")
        }
        try engine.register(component: "Other") { _, _ in .text("other") }
        engine.loadPage(Page(components: [Component(id: "c", type: "Cart"), Component(id: "o", type: "Other")]))
        var host = engine.render()
        #expect(host["c"]?.view.props["text"] == "absent")
        #expect(engine.counters.componentRenders == 2)

        try engine.register(service: "cart", state: ["n": 3])
        let set = engine.takePatches()
        #expect(engine.counters.componentRenders == 3)
        let shown = path.isEmpty ? #"{"n":3}"# : "3"
        #expect(set == PatchSet(patches: [.update(id: "c", type: "Cart",
                                                  changes: [.set(id: "c", node: ViewNode(.text, id: "c", props: ["text": shown]))])]))
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())
    }

    @Test func aReadOfAnAbsentMemberStaysQuietWhenTheServiceAppearsWithoutIt() throws {
        let engine = Engine()
        try engine.register(component: "M") { _, ctx in
            .text(ctx.state("cart", at: JSONPath([.key("m")]))?.intValue.map { "\($0)" } ?? "none")
        }
        engine.loadPage(Page(components: [Component(id: "m", type: "M")]))
        _ = engine.render()
        try engine.register(service: "cart", state: ["n": 3])
        #expect(engine.takePatches().isEmpty)
        #expect(engine.counters.componentRenders == 1)
        try engine.register(service: "cart", state: ["n": 3, "m": 9])
        #expect(engine.takePatches().patches.count == 1)
        #expect(engine.counters.componentRenders == 2)
        #expect(engine.currentScreen()["m"]?.view.props["text"] == "9")
    }

    @Test func aFactoryThatFailedWithoutTheServiceRecoversWhenItAppears() throws {
        let engine = Engine()
        try engine.register(component: "Cart") { _, ctx in
            guard let n = ctx.state("cart", at: JSONPath([.key("n")])) else { throw CallbackError("no cart yet") }
            return .text("\(n.intValue!)")
        }
        engine.loadPage(Page(components: [Component(id: "c", type: "Cart")]))
        var host = engine.render()
        #expect(host["c"]?.view.kind == .error)
        #expect(engine.diagnostics.map(\.code) == ["factory-failed"])
        try engine.register(service: "cart", state: ["n": 3])
        let set = engine.takePatches()
        #expect(set.patches == [.update(id: "c", type: "Cart",
                                        changes: [.replace(id: "c", node: ViewNode(.text, id: "c", props: ["text": "3"]))])])
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())
        #expect(engine.diagnostics.isEmpty)
        #expect(engine.counters.componentRenders == 2)
    }

    // MARK: Factories

    static func titled(_ version: String) -> ComponentFactory {
        { data, _ in ViewNode(.vstack, children: [.text(data["title"]?.stringValue ?? "?"), .text(version)]) }
    }

    static func versionNode(_ id: String, _ version: String) -> NodeChange {
        .set(id: "\(id)/1", node: ViewNode(.text, id: "\(id)/1", props: ["text": version]))
    }

    @Test func reregisteringAFactoryRerendersExactlyTheComponentsThatConsultedItsType() throws {
        let engine = Engine()
        try engine.register(component: "Card", Self.titled("v1"))
        try engine.register(component: "Other", Self.titled("o1"))
        try loadPage(engine, #"""
            [{"id":"a","type":"Card","data":{"title":"A"}},
             {"id":"n","type":"New","fallback":{"type":"Card","data":{"title":"N"}}},
             {"id":"c","type":"Newer","fallback":{"type":"New","fallback":{"type":"Card","data":{"title":"C"}}}},
             {"id":"d","type":"New","fallback":"drop"},
             {"id":"e","type":"Newest","fallback":{"type":"Other","data":{"title":"E"}}},
             {"id":"o","type":"Other","data":{"title":"O"}}]
            """#)
        var host = engine.render()
        #expect(host.components.map(\.id) == ["a", "n", "c", "e", "o"])
        #expect(engine.counters.componentRenders == 6)

        try engine.register(component: "Card", Self.titled("v2"))
        var set = engine.takePatches()
        #expect(engine.counters.componentRenders == 9)
        #expect(set.patches == [.update(id: "a", type: "Card", changes: [Self.versionNode("a", "v2")]),
                                .update(id: "n", type: "New", changes: [Self.versionNode("n", "v2")]),
                                .update(id: "c", type: "Newer", changes: [Self.versionNode("c", "v2")])])
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())

        try engine.register(component: "Other", Self.titled("o2"))
        set = engine.takePatches()
        #expect(engine.counters.componentRenders == 11)
        #expect(set.patches == [.update(id: "e", type: "Newest", changes: [Self.versionNode("e", "o2")]),
                                .update(id: "o", type: "Other", changes: [Self.versionNode("o", "o2")])])
        host = try host.applying(set.patches)

        // A type that was missing: the components whose chain went through it.
        try engine.register(component: "New") { _, _ in .text("new") }
        set = engine.takePatches()
        #expect(engine.counters.componentRenders == 14)
        #expect(set.patches == [
            .insert(index: 3, component: RenderedComponent(id: "d", type: "New", view: ViewNode(.text, id: "d", props: ["text": "new"]))),
            .update(id: "n", type: "New", changes: [.replace(id: "n", node: ViewNode(.text, id: "n", props: ["text": "new"]))]),
            .update(id: "c", type: "Newer", changes: [.replace(id: "c", node: ViewNode(.text, id: "c", props: ["text": "new"]))]),
        ])
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())

        // Card is no longer consulted by n and c.
        try engine.unregister(component: "Card")
        set = engine.takePatches()
        #expect(engine.counters.componentRenders == 15)
        var fallback = ViewNode.fallback(componentType: "Card")
        fallback.id = "a"
        #expect(set.patches == [.update(id: "a", type: "Card", changes: [.replace(id: "a", node: fallback)])])
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())
    }

    // MARK: Pages

    @Test func loadingTheSamePageAgainRerendersNothing() throws {
        let (engine, page) = try BenchPage.engine(200)
        _ = engine.render()
        engine.loadPage(page)
        #expect(engine.takePatches().isEmpty)
        #expect(engine.counters.componentRenders == 200)
        // The same page as bytes, parsed again.
        try JSONWriter.bytes(page.json).withUnsafeBytes { bytes in try engine.loadPage(bytes) }
        #expect(engine.takePatches().isEmpty)
        #expect(engine.counters.componentRenders == 200)
    }

    @Test func loadingAPageWhereOneComponentChangedRerendersOnlyIt() throws {
        let (engine, page) = try BenchPage.engine(200)
        var host = engine.render()
        var changed = page
        let i = try #require(changed.components.firstIndex { $0.type == "MovieCardComponent" })
        let id = changed.components[i].id
        var data = try #require(changed.components[i].data.objectValue)
        data["title"] = "Retitled"
        changed.components[i].data = .object(data)
        engine.loadPage(changed)
        let set = engine.takePatches()
        #expect(engine.counters.componentRenders == 201)
        let title = BenchPage.text("Retitled", font: "title")
        var node = title
        node.id = "\(id)/1/0"
        #expect(set.patches == [.update(id: id, type: "MovieCardComponent", changes: [.set(id: node.id, node: node)])])
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())

        // Only the version changes: a page patch, no render.
        changed.version = Version(1, 1)
        engine.loadPage(changed)
        #expect(engine.takePatches().patches == [.page(id: "home", version: "1.1")])
        #expect(engine.counters.componentRenders == 201)
    }

    @Test func aServerPatchChangingOneComponentRerendersOnlyIt() throws {
        let (engine, page) = try BenchPage.engine(100)
        var host = engine.render()
        let card = Self.cards(page)[1]
        var data = card.data.objectValue!
        data["year"] = 1999
        let replacement = Component(id: card.id, type: card.type, data: .object(data))
        let payload: JSON = ["patch": ["changes": [["id": .string(card.id), "components": [replacement.json]]]]]
        try JSONWriter.bytes(payload).withUnsafeBytes { bytes in try engine.loadPage(bytes) }
        let set = engine.takePatches()
        #expect(engine.counters.componentRenders == 101)
        #expect(set.patches.count == 1)
        #expect(set.patches.first.map { if case .update(card.id, _, let changes) = $0 { changes.count == 1 } else { false } } == true)
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())
        #expect(engine.page?.components.map(\.id) == page.components.map(\.id))
    }

    @Test(arguments: [(0, 49), (49, 0), (10, 30), (30, 10), (1, 48), (24, 25), (25, 24)])
    func movingOneComponentOfFiftyIsOneMove(from: Int, to: Int) throws {
        let (engine, page) = try BenchPage.engine(50)
        var host = engine.render()
        var moved = page
        let component = moved.components.remove(at: from)
        moved.components.insert(component, at: to)
        engine.loadPage(moved)
        let set = engine.takePatches()
        #expect(engine.counters.componentRenders == 50)
        #expect(set.patches.count == 1)
        guard case .move? = set.patches.first else {
            Issue.record("expected one move, got \(set.patches)")
            return
        }
        if abs(from - to) > 1 {
            #expect(set.patches == [.move(id: component.id, index: to)])
        }
        #expect(set.imagesAdded.isEmpty && set.imagesRemoved.isEmpty)
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())
        #expect(host.components.map(\.id) == moved.components.map(\.id))
    }

    // MARK: What counts as "something else"

    /// A factory sees JSON that tells 1 from 1.0 (the writer prints "1.0"; Lua
    /// gets an integer or a float) and objects with their members in order.
    /// A change only JSON's `==` overlooks is still a change the factory sees.
    enum Invisible: String, CaseIterable { case integerToFloatInState, integerToFloatInData, memberOrderInState }

    @Test(arguments: Invisible.allCases)
    func aChangeTheFactoryCanSeeRerendersIt(change: Invisible) throws {
        let engine = Engine()
        try engine.register(service: "s", state: ["n": 1, "m": ["a": 1, "b": 2]])
        try engine.store.register(action: "s/set") { ctx in ctx.state = ctx.payload }
        try engine.register(component: "Show") { data, ctx in
            let value: JSON? = data["read"] == "data" ? data["n"] : ctx.state("s", at: JSONPath([.key(data["read"]!.stringValue!)]))
            return .text(value.map(JSONWriter.string) ?? "-")
        }
        let read: JSON = change == .integerToFloatInData ? "data" : change == .integerToFloatInState ? "n" : "m"
        engine.loadPage(Page(components: [Component(id: "x", type: "Show", data: ["read": read, "n": 1])]))
        var host = engine.render()
        let expected: String
        switch change {
        case .integerToFloatInState:
            #expect(host["x"]?.view.props["text"] == "1")
            try engine.dispatch(Action(type: "s/set", payload: ["n": 1.0, "m": ["a": 1, "b": 2]]))
            expected = "1.0"
        case .integerToFloatInData:
            #expect(host["x"]?.view.props["text"] == "1")
            engine.loadPage(Page(components: [Component(id: "x", type: "Show", data: ["read": read, "n": 1.0])]))
            expected = "1.0"
        case .memberOrderInState:
            #expect(host["x"]?.view.props["text"] == #"{"a":1,"b":2}"#)
            try engine.dispatch(Action(type: "s/set", payload: ["n": 1, "m": ["b": 2, "a": 1]]))
            expected = #"{"b":2,"a":1}"#
        }
        // What a fresh render of the same page and state shows.
        var diagnostics: [Diagnostic] = []
        let fresh = Renderer(registry: engine.registry, store: engine.store).render(engine.page!, diagnostics: &diagnostics)
        #expect(fresh["x"]?.view.props["text"] == expected)
        host = try host.applying(engine.takePatches().patches)
        #expect(host["x"]?.view.props["text"] == expected)
        #expect(engine.currentScreen()["x"]?.view.props["text"] == expected)
    }

    // MARK: Baselines

    @Test func renderResetsThePatchBaseline() throws {
        let (engine, page) = try BenchPage.engine(100)
        _ = engine.render()
        let card = Self.cards(page)[0]
        try engine.dispatch(Action(type: "favorites/toggle", payload: ["movieId": card.data["movieId"]!]))
        let screen = engine.render()
        #expect(screen[card.id]?.view.children[1].children[3].children[0] == Self.star(card, on: true))
        #expect(engine.takePatches().isEmpty)
    }

    @Test func currentScreenDoesNotMoveTheBaseline() throws {
        let (engine, page) = try BenchPage.engine(100)
        let host = engine.render()
        let card = Self.cards(page)[0]
        try engine.dispatch(Action(type: "favorites/toggle", payload: ["movieId": card.data["movieId"]!]))
        let current = engine.currentScreen()
        #expect(current[card.id]?.view.children[1].children[3].children[0] == Self.star(card, on: true))
        let set = engine.takePatches()
        #expect(set.patches == [.update(id: card.id, type: "MovieCardComponent",
                                        changes: [.set(id: "\(card.id)/1/3/0", node: Self.star(card, on: true))])])
        #expect(try host.applying(set.patches) == current)
        #expect(engine.takePatches().isEmpty)
    }
}
