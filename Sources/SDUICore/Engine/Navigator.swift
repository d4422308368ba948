/// The navigation stack: the route of the current page and, below it, the
/// pages left for another, each kept as it was left so that going back
/// shows it again without fetching or rendering it anew.
///
/// The engine's current page lives in its own parts (`ScreenTracker`,
/// `LayoutCache`, `LazyList` and the inputs' errors); opening a page puts
/// those parts in an `Entry` here and gives the engine fresh ones, going
/// back gives the engine the top entry's parts again. Services are the
/// engine's, shared by every page.
///
/// Invariants: `entries` holds the pages below the current one, the root
/// first; every entry has a page (a page opened on an engine without one
/// becomes the root instead of being pushed); `depth` counts the current
/// page too.
final class Navigator {
    /// A page of the stack as it was left: its route and what the engine
    /// kept of it (its renders and what they read, the screen, the layouts,
    /// the lazy list with its viewport, whose offset is its scroll position,
    /// and the inputs' validation errors).
    struct Entry {
        let route: String?
        let tracker: ScreenTracker
        let layouts: LayoutCache
        let lazyList: LazyList
        let inputErrors: [String: String]
    }

    /// The pages below the current one, the root first.
    private(set) var entries: [Entry] = []
    /// The current page's route; nil for a page loaded without one
    /// (`Engine.loadPage`) or no page.
    var route: String?

    /// Pages on the stack, the current one included.
    var depth: Int { entries.count + 1 }

    /// Puts `entry` (the page being left) on top of the stack.
    func push(_ entry: Entry) {
        entries.append(entry)
    }

    /// Takes the top entry (the page to go back to); nil at the root.
    func pop() -> Entry? {
        entries.popLast()
    }

    /// The routes of the stack, the root first and the current page last.
    var routes: [String?] {
        entries.map(\.route) + [route]
    }
}
