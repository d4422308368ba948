/// Navigation, the engine's public side: what the stack holds is the
/// `PageStack`'s, how routes open and pages go is the `Navigator`'s; here
/// each call is committed like any transaction (the actions it queued run).
extension Engine {
    /// The route of the current page: nil for one loaded with `loadPage`
    /// before any navigation, or none.
    public var route: String? { pages.top.route }

    /// Pages on the navigation stack, the current one included (1: the root only).
    public var navigationDepth: Int { pages.depth }

    /// The routes of the navigation stack, the root first and the current page last.
    public var routes: [String?] { pages.routes }

    /// Opens `route` (a deep link, at start or any time): hands the effect
    /// `{"type": "navigation/fetch", "route", "id"}` to the performer of
    /// `navigation/fetch` (the host's, or a script's), which finishes it
    /// with the page for the route, at once or later (`finishEffect`).
    /// The page then becomes the top of the navigation stack (on an engine
    /// without a page, its root), the page it covers kept (its renders, its
    /// lazy list and scroll position) and kept current, for `back`; the host
    /// takes patches from its screen to the new one. Throws `.invalid` for
    /// a bad route, `.notFound` when no performer takes the effect,
    /// `.callback` when the performer fails it, and the page's errors when
    /// it finished with one that does not decode: the stack is then as it
    /// was. Without an error, the page may still be on its way.
    public func navigate(to route: String) throws(EngineError) {
        let (queued, error) = navigator.fetch(try Navigator.request(route), reader: reader)
        run(queued)
        if let error { throw error }
    }

    /// Goes back to the page below the current one: its lazy list and
    /// viewport, its inputs' errors, and its renders as current as the top
    /// page's (every engine-wide change reached it; the components whose
    /// reads changed meanwhile render again, the others are kept). The
    /// current page is dropped. Returns the viewport offset the page had
    /// (its scroll position; nil when it had no viewport), which the host
    /// scrolls back to. The host takes patches from its screen to this one.
    /// Throws `.notFound` on the root: nothing changes.
    @discardableResult
    public func back() throws(EngineError) -> Double? {
        try navigator.back()
    }
}
