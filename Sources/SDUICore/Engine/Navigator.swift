/// Navigation: opening a route (the host's `navigation/fetch` performer
/// brings the page), going back, and the `navigate` effect a handler emits.
/// The pages themselves are the `PageStack`'s; the navigator decides when a
/// page is pushed, shown or dropped, and what the follow-up actions are.
///
/// Every failure is a "navigation-failed" diagnostic and the effect's
/// on_failure; a page arriving while the stack is full, or that does not
/// decode, leaves the stack as it was.
final class Navigator {
    /// The pages, the top one drawn.
    let pages: PageStack
    /// Hands `navigation/fetch` effects to their performer.
    private let scheduler: EffectScheduler
    /// Where failures are noted.
    private let notes: RuntimeNotes

    init(pages: PageStack, scheduler: EffectScheduler, notes: RuntimeNotes) {
        self.pages = pages
        self.scheduler = scheduler
        self.notes = notes
    }

    /// The `navigation/fetch` effect for `route`; `.invalid` for a bad route.
    static func request(_ route: String) throws(EngineError) -> Effect {
        do throws(ContractError) {
            _ = try Effect.route(.string(route), at: .root)
            return try Effect.fetch(route)
        } catch {
            throw EngineError(.invalid, "bad route: \(error.message)")
        }
    }

    /// Goes back to the page below the top, as current as the engine keeps
    /// every page; returns the viewport offset it had (nil without one).
    /// `.notFound` on the root: nothing changes.
    func back() throws(EngineError) -> Double? {
        guard pages.pop() != nil else {
            let name = pages.top.route.map { "\"\($0)\"" } ?? "the current page"
            throw EngineError(.notFound, "nothing to go back to: \(name) is the first page")
        }
        return pages.top.lazyList.viewport?.offset
    }

    /// Runs a "navigate" effect a handler emitted: back, or open its route
    /// (a fetch carrying its on_success / on_failure). Returns the actions queued.
    func perform(_ effect: Effect, reader: DocumentReader) -> [Action] {
        guard let route = effect.route else {
            do {
                _ = try back()
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
        return self.fetch(fetch, reader: reader).queued
    }

    /// Hands a `navigation/fetch` effect to its performer and shows the page
    /// if it finished at once. Returns the actions queued and what went wrong.
    func fetch(_ effect: Effect, reader: DocumentReader) -> (queued: [Action], error: EngineError?) {
        if let error = fullStack(reader.limits) { return (failed(effect, error), error) } // no use asking for it
        guard let (context, _) = scheduler.perform(effect, note: notes.add) else {
            let error = EngineError(.notFound, "no performer for effect \"\(Effect.fetch)\": cannot open \"\(effect.route!)\"")
            return (failed(effect, error), error)
        }
        guard let outcome = context.outcome else { return (context.queued, nil) } // on its way
        let (queued, error) = arrive(context.effect, ok: outcome.ok, result: outcome.result, page: context.page,
                                     reader: reader)
        return (context.queued + queued, error)
    }

    /// A `navigation/fetch` effect finished with `result`, or the page's
    /// text `page`: shows the page (`ok`) or notes the failure. Returns the
    /// actions queued and what went wrong.
    func arrive(_ effect: Effect, ok: Bool, result: JSON, page text: [UInt8]? = nil, reader: DocumentReader)
        -> (queued: [Action], error: EngineError?)
    {
        if ok, let error = fullStack(reader.limits) { return (failed(effect, error), error) } // filled meanwhile
        if ok, let text {
            return text.withUnsafeBytes { bytes -> (queued: [Action], error: EngineError?) in
                let page: Page, duplicates: [Int]
                do throws(EngineError) {
                    (page, duplicates) = try reader.page(bytes)
                } catch {
                    return (failed(effect, error), error)
                }
                let queued = show(page, for: effect)
                Diagnostic.duplicateKeys(at: duplicates, in: bytes, components: page.components).forEach(notes.add)
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
    private func fullStack(_ limits: EngineLimits) -> EngineError? {
        guard pages.top.tracker.page != nil, pages.depth >= limits.maxPages else { return nil }
        return EngineError(.limit, "the navigation stack holds \(pages.depth) pages, the limit: go back first")
    }

    /// Makes `page` the top of the stack as the page of the route of
    /// `effect` (a fetch), the page it covers kept; returns its on_success.
    private func show(_ page: Page, for effect: Effect) -> [Action] {
        if pages.top.tracker.page != nil {
            pages.push(PageSession(route: effect.route, covering: pages.top))
        } else {
            pages.top.route = effect.route
        }
        _ = pages.top.load(page) // a fresh session: no requirements before
        return shown(effect)
    }

    /// The on_success of a navigation, with `{"route", "depth"}` of the page now shown.
    private func shown(_ effect: Effect) -> [Action] {
        let result = JSON.object(JSONObject([("route", pages.top.route.map(JSON.string) ?? .null),
                                             ("depth", .int(Int64(pages.depth)))]))
        return effect.followUp(ok: true, result: result).map { [$0] } ?? []
    }

    /// A navigation that failed: a "navigation-failed" diagnostic, and its on_failure with the message.
    private func failed(_ effect: Effect, _ error: EngineError) -> [Action] {
        let what = effect.route.map { "opening \"\($0)\"" } ?? "going back"
        notes.add(Diagnostic(.error, "navigation-failed", component: nil, "\(what): \(error.message)"))
        return effect.followUp(ok: false, result: .string(error.message)).map { [$0] } ?? []
    }
}
