/// The pages of the navigation stack, each a `PageSession`: the one on top
/// (the page the host draws) and those below it, left for another and kept
/// to go back to.
///
/// `forEach` is the one way to reach every page: each engine-wide change
/// (the theme and appearance, the capabilities, a registered or removed
/// factory, a service's state, a picture's size, the measurer) goes through
/// it, so a page below the top never misses one.
///
/// Invariants: there is always a top session; every session below it has a
/// page (a page opened on an engine without one replaces the root instead of
/// being pushed); `depth` counts the top too.
final class PageStack {
    /// The page the host draws.
    private(set) var top: PageSession
    /// The pages below the top, the root first.
    private(set) var below: [PageSession] = []
    /// The renders, factory runs and layouts of the pages dropped by going back.
    private(set) var dropped = EngineCounters()
    /// The width of the host's last layout: what image hints are laid out at without a viewport.
    var hostWidth: Double?

    /// A stack of one empty page laying out with `layouts`.
    init(layouts: LayoutCache) {
        top = PageSession(layouts: layouts)
    }

    /// Pages on the stack, the top included.
    var depth: Int { below.count + 1 }

    /// The routes of the stack, the root first and the top last.
    var routes: [String?] { below.map(\.route) + [top.route] }

    /// Calls `body` on every page, the top first, then from the nearest below
    /// down to the root.
    func forEach(_ body: (PageSession) -> Void) {
        body(top)
        for session in below.reversed() { body(session) }
    }

    /// Marks stale, on every page, the components that consulted `type`.
    func invalidate(type: String) {
        forEach { $0.tracker.invalidate(type: type) }
    }

    /// Marks stale, on every page, the readers of `service` whose reads
    /// `change` touched (the theme's values count as a service). `new`, the
    /// service's state, is read only if a reader must be checked against it.
    func invalidate(service: String, change: StateChange, new: @autoclosure () -> JSON?) {
        forEach { $0.tracker.invalidate(service: service, change: change, new: new()) }
    }

    /// Puts `session` on top; the page it covers goes below, kept as it is.
    func push(_ session: PageSession) {
        below.append(top)
        top = session
    }

    /// Drops the top and makes the page below it the top again, the host
    /// holding the dropped page's screen; nil at the root (nothing changes).
    func pop() -> PageSession? {
        guard let next = below.popLast() else { return nil }
        let gone = top
        dropped.add(work: gone)
        next.takeHostScreen(from: gone)
        top = next
        return gone
    }

    /// Every page's work so far, the dropped pages' included.
    var work: EngineCounters {
        var all = dropped
        forEach { all.add(work: $0) }
        return all
    }
}

extension EngineCounters {
    /// Adds the renders, factory runs and layouts `session` made.
    mutating func add(work session: PageSession) {
        componentRenders += session.tracker.componentRenders
        factoryRuns += session.tracker.factoryRuns
        layouts += session.layouts.runs
    }
}
