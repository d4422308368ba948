import Testing
@testable import SDUICore

/// An engine whose "Rows" components show `data.n` rows of text (reading
/// "flags" at their own id, "on" when set) and an image when `data.image`
/// is given, and whose `navigation/fetch` performer answers from `pages`
/// (route → page JSON) at once, or fails for a route it lacks. The
/// "nav" service records the on_success / on_failure of navigate effects.
final class NavigationFixture {
    let engine = Engine()
    var pages: [String: JSON] = [:]
    /// Whether the performer leaves fetches pending (the host finishes them later).
    var later = false
    /// The fetch effects handed to the performer, in order.
    var fetched: [Effect] = []

    init() throws {
        try engine.register(service: "flags", state: .object(JSONObject()))
        try engine.store.register(action: "flags/set") { ctx in
            try ctx.state.set(true, at: JSONPath([.key(ctx.payload.stringValue!)]))
        }
        try engine.register(service: "nav", state: ["shown": [], "failed": []])
        try engine.store.register(action: "nav/open") { ctx in
            var effect: [(String, JSON)] = [("type", "navigate")]
            if let route = ctx.payload["route"] { effect.append(("route", route)) } else { effect.append(("back", true)) }
            effect.append(("on_success", ["type": "nav/shown"]))
            effect.append(("on_failure", ["type": "nav/failed"]))
            ctx.emit(try Effect(json: .object(JSONObject(effect))))
        }
        for (type, key) in [("nav/shown", "shown"), ("nav/failed", "failed")] {
            try engine.store.register(action: type) { ctx in
                var list = ctx.state[key]!.arrayValue!
                list.append(ctx.payload["result"]!)
                try ctx.state.set(.array(list), at: JSONPath([.key(key)]))
            }
        }
        try engine.register(component: "Rows") { data, ctx in
            let id = ctx.componentId
            let on = ctx.state("flags", at: JSONPath([.key(id)])) != nil
            var children = (0..<Int(data["n"]!.intValue!)).map { i in ViewNode.text(on ? "on \(id)" : "\(id) row \(i)") }
            if let url = data["image"] { children.append(ViewNode(.image, props: ["url": url.stringValue!])) }
            return ViewNode(.vstack, children: children)
        }
        try engine.register(effect: Effect.fetch) { [unowned self] ctx in
            fetched.append(ctx.effect)
            guard !later else { return }
            if let page = pages[ctx.effect.route!] {
                ctx.finish(ok: true, result: page)
            } else {
                ctx.finish(ok: false, result: .string("404 \(ctx.effect.route!)"))
            }
        }
    }

    /// A page `id` of `count` "Rows" components of 2 rows each, ids
    /// `prefix0`…, component `imageAt` showing `image` below its rows.
    static func page(_ id: String, _ prefix: String, count: Int, image: String? = nil, imageAt: Int = 0) -> JSON {
        .object(JSONObject([
            ("id", .string(id)),
            ("components", .array((0..<count).map { i in
                var data: [(String, JSON)] = [("n", 2)]
                if let image, i == imageAt { data.append(("image", .string(image))) }
                return .object(JSONObject([("id", .string("\(prefix)\(i)")), ("type", "Rows"),
                                           ("data", .object(JSONObject(data)))]))
            })),
        ]))
    }

    /// Loads the home page at route "/", through the performer.
    func start() throws {
        pages["/"] = Self.page("home", "h", count: 30, image: "home.jpg", imageAt: 5)
        pages["/genre/drama"] = Self.page("drama", "d", count: 4, image: "drama.jpg")
        try engine.navigate(to: "/")
    }

    func state(_ key: String) -> JSON? { engine.store.services["nav"]?[key] }
}

@Suite("Navigation")
struct NavigationTests {
    @Test func aDeepLinkOnAnEngineWithoutAPageMakesTheRoot() throws {
        let f = try NavigationFixture()
        try f.start()
        #expect(f.engine.route == "/")
        #expect(f.engine.navigationDepth == 1)
        #expect(f.engine.page?.id == "home")
        #expect(f.fetched.map(\.route) == ["/"])
        #expect(f.engine.render().pageId == "home")
    }

    @Test func openingARoutePushesItsPageAndTheHostsScreenFollows() throws {
        let f = try NavigationFixture()
        try f.start()
        var host = f.engine.render()
        try f.engine.navigate(to: "/genre/drama")
        #expect(f.engine.route == "/genre/drama")
        #expect(f.engine.navigationDepth == 2)
        #expect(f.engine.routes == ["/", "/genre/drama"])
        let patches = f.engine.takePatches()
        #expect(patches.imagesAdded == ["drama.jpg"])
        #expect(patches.imagesRemoved == ["home.jpg"])
        host = try host.applying(patches.patches)
        #expect(host == f.engine.currentScreen())
        #expect(host.pageId == "drama")
        #expect(host.components.map(\.id) == ["d0", "d1", "d2", "d3"])
    }

    @Test func backShowsThePageAsItWasLeftWithItsScrollAndNoRender() throws {
        let f = try NavigationFixture()
        try f.start()
        _ = f.engine.setViewport(.init(width: 40, offset: 12, height: 6))
        _ = f.engine.setViewport(.init(width: 40, offset: 12, height: 6)) // with the real heights
        var host = f.engine.render()
        let homeScreen = host
        try f.engine.navigate(to: "/genre/drama")
        host = try host.applying(f.engine.takePatches().patches)
        // The new page is lazy too, from its top.
        #expect(f.engine.setViewport(.init(width: 40, offset: 0, height: 6)) == [.appear("d0"), .appear("d1"), .appear("d2")])
        host = try host.applying(f.engine.takePatches().patches)
        let renders = f.engine.counters.componentRenders
        #expect(try f.engine.back() == 12)
        #expect(f.engine.route == "/")
        #expect(f.engine.navigationDepth == 1)
        let patches = f.engine.takePatches()
        #expect(patches.imagesAdded == ["home.jpg"])
        #expect(patches.imagesRemoved == ["drama.jpg"])
        host = try host.applying(patches.patches)
        #expect(host == homeScreen)
        #expect(f.engine.counters.componentRenders == renders) // nothing rendered again
        // Its lazy list is as it was: the same viewport reports nothing new.
        #expect(f.engine.setViewport(.init(width: 40, offset: 12, height: 6)).isEmpty)
    }

    @Test func stateChangedWhileAwayRendersOnlyItsReadersOnBack() throws {
        let f = try NavigationFixture()
        try f.start()
        var host = f.engine.render()
        try f.engine.navigate(to: "/genre/drama")
        host = try host.applying(f.engine.takePatches().patches)
        try f.engine.dispatch(Action(type: "flags/set", payload: "h3")) // a home component's read
        #expect(f.engine.takePatches().patches.isEmpty) // not on this page
        let renders = f.engine.counters.componentRenders
        try f.engine.back()
        host = try host.applying(f.engine.takePatches().patches)
        #expect(f.engine.counters.componentRenders == renders + 1) // h3 only
        #expect(host == f.engine.currentScreen())
        #expect(host["h3"]?.view.children.first?.props["text"] == "on h3")
    }

    @Test func backOnTheRootIsNotFoundAndChangesNothing() throws {
        let f = try NavigationFixture()
        try f.start()
        _ = f.engine.render()
        let error = engineError { () throws(EngineError) in _ = try f.engine.back() }
        #expect(error?.code == .notFound)
        #expect(error?.message.contains("\"/\" is the first page") == true)
        #expect(f.engine.route == "/" && f.engine.navigationDepth == 1)
        #expect(f.engine.takePatches().patches.isEmpty)
    }

    @Test func aFailedFetchLeavesTheStackUnchanged() throws {
        let f = try NavigationFixture()
        try f.start()
        var host = f.engine.render()
        try f.engine.navigate(to: "/genre/drama")
        host = try host.applying(f.engine.takePatches().patches)
        let error = engineError { () throws(EngineError) in try f.engine.navigate(to: "/promo/festival") }
        #expect(error?.code == .callback)
        #expect(error?.message.contains("404 /promo/festival") == true)
        #expect(f.engine.routes == ["/", "/genre/drama"])
        #expect(f.engine.takePatches().patches.isEmpty)
        #expect(f.engine.diagnostics.contains { $0.code == "navigation-failed" && $0.message.contains("/promo/festival") })
        // A page that does not decode: the same.
        f.pages["/bad"] = ["components": [["id": "x"]]]
        let bad = engineError { () throws(EngineError) in try f.engine.navigate(to: "/bad") }
        #expect(bad?.code == .contract)
        #expect(bad?.message.contains("$.components[0]") == true)
        #expect(f.engine.routes == ["/", "/genre/drama"])
        // No performer: not found.
        f.engine.unregister(effect: Effect.fetch)
        #expect(engineError { () throws(EngineError) in try f.engine.navigate(to: "/") }?.code == .notFound)
        #expect(engineError { () throws(EngineError) in try f.engine.navigate(to: "") }?.code == .invalid)
        #expect(f.engine.routes == ["/", "/genre/drama"])
        #expect(host == f.engine.currentScreen())
    }

    @Test func navigateEffectsOpenAndGoBackAndChainTheirActions() throws {
        let f = try NavigationFixture()
        try f.start()
        try f.engine.dispatch(Action(type: "nav/open", payload: ["route": "/genre/drama"]))
        #expect(f.engine.route == "/genre/drama")
        #expect(f.state("shown") == [["route": "/genre/drama", "depth": 2]])
        try f.engine.dispatch(Action(type: "nav/open", payload: ["route": "/nowhere"]))
        #expect(f.engine.route == "/genre/drama")
        #expect(f.state("failed")?.arrayValue?.count == 1)
        try f.engine.dispatch(Action(type: "nav/open", payload: .null)) // back
        #expect(f.engine.route == "/" && f.engine.navigationDepth == 1)
        #expect(f.state("shown")?.arrayValue?.last == ["route": "/", "depth": 1])
        try f.engine.dispatch(Action(type: "nav/open", payload: .null)) // back on the root
        #expect(f.state("failed")?.arrayValue?.count == 2)
        #expect(f.engine.diagnostics.contains { $0.code == "navigation-failed" && $0.message.hasPrefix("going back") })
    }

    @Test func aNavigateEffectIsChecked() {
        #expect(throws: ContractError.self) { try Effect(json: ["type": "navigate"]) }
        #expect(throws: ContractError.self) { try Effect(json: ["type": "navigate", "route": "/a", "back": true]) }
        #expect(throws: ContractError.self) { try Effect(json: ["type": "navigate", "back": false]) }
        #expect(throws: ContractError.self) { try Effect(json: ["type": "navigate", "route": ""]) }
        #expect(throws: ContractError.self) { try Effect(json: ["type": "navigate", "route": "/a\n"]) }
        #expect(throws: ContractError.self) { try Effect(json: ["type": "navigation/fetch"]) }
        #expect((try? Effect(json: ["type": "navigate", "back": true])) != nil)
        #expect((try? Effect(json: ["type": "navigate", "route": "/a"]))?.route == "/a")
        let engine = Engine()
        #expect(engineError { () throws(EngineError) in try engine.register(effect: "navigate") { _ in } }?.code == .invalid)
    }

    @Test func theHostCanAnswerAFetchLaterWithThePagesText() throws {
        let f = try NavigationFixture()
        try f.start()
        f.later = true
        try f.engine.navigate(to: "/genre/drama")
        #expect(f.engine.route == "/") // on its way
        let id = Int(f.fetched.last!.json["id"]!.intValue!)
        #expect(f.engine.pending[id]?.route == "/genre/drama")
        // A page with an error: located, the fetch is over, the stack unchanged.
        let bad = "{\"components\": [\n  {\"id\": \"x\", \"type\": 3}]}"
        let error = withBytes(bad) { bytes in
            engineError { () throws(EngineError) in try f.engine.finishEffect(id, ok: true, text: bytes) }
        }
        #expect(error?.code == .contract)
        #expect(error?.message.hasPrefix("2:23: $.components[0].type") == true)
        #expect(f.engine.pending[id] == nil)
        #expect(f.engine.routes == ["/"])
        // Asked again and answered.
        try f.engine.navigate(to: "/genre/drama")
        let again = Int(f.fetched.last!.json["id"]!.intValue!)
        let text = JSONWriter.string(NavigationFixture.page("drama", "d", count: 2))
        try withBytes(text) { bytes in
            try f.engine.finishEffect(again, ok: true, text: bytes)
        }
        #expect(f.engine.routes == ["/", "/genre/drama"])
        #expect(f.engine.currentScreen().components.map(\.id) == ["d0", "d1"])
    }

    @Test func aPerformerMayFinishAFetchWithThePagesTextReadAsAPage() throws {
        let engine = Engine()
        try engine.register(component: "Rows") { _, _ in .text("row") }
        try engine.register(effect: Effect.fetch) { ctx in
            let text = switch ctx.effect.route {
            case "/": #"{"id": "home", "components": [{"id": "a", "type": "Rows"}]}"#
            case "/patch": #"{"patch": {"changes": [{"id": "a", "components": []}]}}"#
            default: "{\"components\": [{\"id\": \"a\",\n \"type\": 1}]}"
            }
            ctx.finish(page: Array(text.utf8))
        }
        try engine.navigate(to: "/")
        #expect(engine.page?.id == "home" && engine.route == "/")
        let error = engineError { () throws(EngineError) in try engine.navigate(to: "/bad") }
        #expect(error?.code == .contract)
        #expect(error?.message.hasPrefix("2:10: $.components[0].type") == true)
        let patch = engineError { () throws(EngineError) in try engine.navigate(to: "/patch") }
        #expect(patch?.message.hasPrefix("1:1: $: a server patch is not a page") == true)
        #expect(engine.routes == ["/"])
        #expect(engine.page?.components.map(\.id) == ["a"])
    }

    @Test func theStackHoldsAtMostItsLimitOfPages() throws {
        let f = try NavigationFixture()
        f.engine.limits.maxPages = 2
        try f.start()
        try f.engine.navigate(to: "/genre/drama")
        let asked = f.fetched.count
        let error = engineError { () throws(EngineError) in try f.engine.navigate(to: "/") }
        #expect(error?.code == .limit)
        #expect(f.fetched.count == asked) // the host was not asked
        #expect(f.engine.routes == ["/", "/genre/drama"])
        // A fetch on its way when the stack filled up is refused when it comes.
        try f.engine.back()
        f.later = true
        try f.engine.navigate(to: "/genre/drama")
        f.later = false
        try f.engine.navigate(to: "/genre/drama")
        let id = Int(f.fetched[f.fetched.count - 2].json["id"]!.intValue!)
        let late = engineError { () throws(EngineError) in
            try f.engine.finishEffect(id, ok: true, result: NavigationFixture.page("x", "x", count: 1))
        }
        #expect(late?.code == .limit)
        #expect(f.engine.routes == ["/", "/genre/drama"])
        try f.engine.back()
        try f.engine.navigate(to: "/genre/drama")
        #expect(f.engine.navigationDepth == 2)
    }

    @Test func aChangedMeasurerReachesThePagesBelow() throws {
        let f = try NavigationFixture()
        try f.start()
        let before = f.engine.layout(width: 40).height
        try f.engine.navigate(to: "/genre/drama")
        f.engine.measurer = { text, _, _ in Size(width: Double(text.utf8.count), height: 2) }
        try f.engine.back()
        #expect(f.engine.layout(width: 40).height > before)
    }
}
