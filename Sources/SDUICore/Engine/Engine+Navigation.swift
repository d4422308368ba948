/// Navigation, the engine's side of it: opening a route (the host's
/// `navigation/fetch` performer brings the page), going back, and the
/// `navigation/open` and `navigation/back` effects. What the stack holds and
/// how far back it goes is the `Navigator`'s; here each move swaps the page
/// on top (its tracker, layouts, lazy list and forms) with an entry of it.
extension Engine {
    /// The route of the current page: nil for one loaded with `loadPage`
    /// before any navigation, or none.
    public var route: String? { navigator.route }

    /// Pages on the navigation stack, the current one included (1: the root only).
    public var navigationDepth: Int { navigator.depth }

    /// The routes of the navigation stack, the root first and the current page last.
    public var routes: [String?] { navigator.routes }

    /// Opens `route` (a deep link, at start or any time): hands the effect
    /// `{"type": "navigation/fetch", "route", "id"}` to the performer of
    /// `navigation/fetch` (the host's, or a script's), which finishes it
    /// with the page for the route, at once or later (`finishEffect`).
    /// The page then becomes the top of the navigation stack (on an engine
    /// without a page, its root), the page it covers kept as it is (its
    /// renders, its lazy list and scroll position) for `back`; the host
    /// takes patches from its screen to the new one. Throws `.invalid` for
    /// a bad route, `.notFound` when no performer takes the effect,
    /// `.callback` when the performer fails it, and the page's errors when
    /// it finished with one that does not decode: the stack is then as it
    /// was. Without an error, the page may still be on its way.
    public func navigate(to route: String) throws(EngineError) {
        let effect: Effect
        do throws(ContractError) {
            _ = try Effect.route(.string(route), at: .root)
            effect = try Effect.fetch(route)
        } catch {
            throw EngineError(.invalid, "bad route: \(error.message)")
        }
        let (queued, error) = fetch(effect)
        run(queued)
        if let error { throw error }
    }

    /// Goes back to the page below the current one, as it was left: its
    /// renders (components whose reads changed meanwhile render again), its
    /// lazy list and viewport, its inputs' errors; the current page is
    /// dropped. Returns the viewport offset the page had (its scroll
    /// position; nil when it had no viewport), which the host scrolls back
    /// to. The host takes patches from its screen to this one. Throws
    /// `.notFound` on the root: nothing changes.
    @discardableResult
    public func back() throws(EngineError) -> Double? {
        guard let entry = navigator.pop() else {
            let name = route.map { "\"\($0)\"" } ?? "the current page"
            throw EngineError(.notFound, "nothing to go back to: \(name) is the first page")
        }
        let held = tracker.held()
        work.componentRenders += tracker.componentRenders
        work.factoryRuns += tracker.factoryRuns
        work.layouts += layouts.runs
        (tracker, layouts, lazyList, forms.errors) = (entry.tracker, entry.layouts, entry.lazyList, entry.inputErrors)
        navigator.route = entry.route
        tracker.hold(held.screen, images: held.images)
        return lazyList.viewport?.offset
    }

    /// Runs a "navigate" effect a handler emitted: back, or open its route
    /// (a fetch carrying its on_success / on_failure). Returns the actions
    /// queued; failures are diagnostics ("navigation-failed").
    func navigate(_ effect: Effect) -> [Action] {
        guard let route = effect.route else {
            do {
                try back()
            } catch {
                return failed(effect, error)
            }
            return shown(effect)
        }
        let fetch: Effect
        do throws(ContractError) {
            fetch = try Effect.fetch(route, chain: effect)
        } catch {
            return failed(effect, EngineError(.contract, error.description)) // checked when emitted
        }
        return self.fetch(fetch).queued
    }

    /// Hands a `navigation/fetch` effect to its performer and shows the
    /// page if it finished at once. Returns the actions queued and what
    /// went wrong.
    func fetch(_ effect: Effect) -> (queued: [Action], error: EngineError?) {
        if let error = fullStack() { return (failed(effect, error), error) } // no use asking for it
        guard let (context, _) = scheduler.perform(effect, note: { note($0) }) else {
            let error = EngineError(.notFound, "no performer for effect \"\(Effect.fetch)\": cannot open \"\(effect.route!)\"")
            return (failed(effect, error), error)
        }
        guard let outcome = context.outcome else { return (context.queued, nil) } // on its way
        let (queued, error) = arrive(context.effect, ok: outcome.ok, result: outcome.result, page: context.page)
        return (context.queued + queued, error)
    }

    /// A `navigation/fetch` effect finished with `result`, or the page's
    /// text `page`: shows the page (`ok`) or notes the failure. Returns the
    /// actions queued and what went wrong.
    func arrive(_ effect: Effect, ok: Bool, result: JSON, page text: [UInt8]? = nil)
        -> (queued: [Action], error: EngineError?)
    {
        if ok, let error = fullStack() { return (failed(effect, error), error) } // filled while it was on its way
        if ok, let text {
            return text.withUnsafeBytes { bytes -> (queued: [Action], error: EngineError?) in
                let page: Page, duplicates: [Int]
                do throws(EngineError) {
                    (page, duplicates) = try reader.page(bytes)
                } catch {
                    return (failed(effect, error), error)
                }
                let queued = show(page, for: effect)
                noteDuplicates(duplicates, in: bytes, components: page.components)
                return (queued, nil)
            }
        }
        guard ok else {
            let why = result.stringValue ?? JSONWriter.string(result)
            let error = EngineError(.callback, "the page was not fetched: \(why)")
            return (failed(effect, error), error)
        }
        let page: Page
        do throws(ContractError) {
            page = try Page(json: result)
        } catch {
            let error = EngineError(.contract, error.description)
            return (failed(effect, error), error)
        }
        return (show(page, for: effect), nil)
    }

    /// The error of opening a page on a stack that holds `limits.maxPages`
    /// pages already (a page on an engine without one replaces nothing: never).
    func fullStack() -> EngineError? {
        guard tracker.page != nil, navigator.depth >= limits.maxPages else { return nil }
        return EngineError(.limit, "the navigation stack holds \(navigator.depth) pages, the limit: go back first")
    }

    /// Makes `page` the top of the stack as the page of the route of
    /// `effect` (a fetch), the page it covers kept; returns its on_success.
    func show(_ page: Page, for effect: Effect) -> [Action] {
        if tracker.page != nil {
            let held = tracker.held()
            navigator.push(Navigator.Entry(route: navigator.route, tracker: tracker, layouts: layouts,
                                           lazyList: lazyList, inputErrors: forms.errors))
            let viewport = lazyList.viewport
            layouts = LayoutCache(engine: layouts.engine, images: layouts.images)
            tracker = ScreenTracker(layouts: layouts)
            lazyList = LazyList()
            forms = Forms()
            tracker.hold(held.screen, images: held.images)
            // Lazy as the page it covers, from its top.
            if let viewport { _ = lazyList.set(Viewport(width: viewport.width, offset: 0, height: viewport.height)) }
        }
        navigator.route = effect.route
        loadPage(page)
        return shown(effect)
    }

    /// The on_success of a navigation, with `{"route", "depth"}` of the page now shown.
    func shown(_ effect: Effect) -> [Action] {
        let result = JSON.object(JSONObject([("route", route.map(JSON.string) ?? .null),
                                             ("depth", .int(Int64(navigator.depth)))]))
        return effect.followUp(ok: true, result: result).map { [$0] } ?? []
    }

    /// A navigation that failed: a "navigation-failed" diagnostic, and its on_failure with the message.
    func failed(_ effect: Effect, _ error: EngineError) -> [Action] {
        let what = effect.route.map { "opening \"\($0)\"" } ?? "going back"
        note(Diagnostic(.error, "navigation-failed", component: nil, "\(what): \(error.message)"))
        return effect.followUp(ok: false, result: .string(error.message)).map { [$0] } ?? []
    }
}
