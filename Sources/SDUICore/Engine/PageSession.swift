/// One page of the navigation stack and everything that belongs to it: its
/// route, the components' renders and the screen (`ScreenTracker`), the
/// layouts (`LayoutCache`), the lazy list with its viewport (`LazyList`),
/// its forms (`Forms`: the inputs' validation errors and acknowledged
/// edits) and the heights a natively laid-out host measured (kept by its
/// tracker: `ScreenTracker.measure`).
///
/// A session below the top of the stack is as current as the top one: every
/// engine-wide change reaches it through `PageStack.forEach` and marks its
/// components stale the same way, so going back renders again only what the
/// change touched. It is only not drawn.
///
/// Invariants: `tracker` lays out with `layouts`; the lazy list realizes only
/// components of `tracker.page`.
final class PageSession {
    /// The route this page was opened for; nil for a page loaded with
    /// `Engine.loadPage` (or none).
    var route: String?
    /// Lays out the page; its measurer and picture sizes are the engine's,
    /// copied to every session.
    let layouts: LayoutCache
    /// The page, the components' renders, what they read, the screen.
    let tracker: ScreenTracker
    /// The viewport and the components it realized.
    let lazyList = LazyList()
    /// The page's forms: its inputs' validation errors and acknowledged edits.
    var forms = Forms()

    /// An empty session laying out with `layouts`.
    init(route: String? = nil, layouts: LayoutCache) {
        self.route = route
        self.layouts = layouts
        tracker = ScreenTracker(layouts: layouts)
    }

    /// A session for a page opened over `covered`: the same measurer and
    /// picture sizes, the screen the host holds as its baseline (patches go
    /// from the covered page's screen to the new one), and lazy as the page
    /// it covers, scrolled to its top.
    init(route: String?, covering covered: PageSession) {
        self.route = route
        layouts = LayoutCache(engine: covered.layouts.engine, images: covered.layouts.images)
        tracker = ScreenTracker(layouts: layouts)
        takeHostScreen(from: covered)
        if let viewport = covered.lazyList.viewport {
            _ = lazyList.set(Engine.Viewport(width: viewport.width, offset: 0, height: viewport.height))
        }
    }

    /// The host now shows this page: patches go from the screen it holds of
    /// `shown` (the page it leaves) to this one.
    func takeHostScreen(from shown: PageSession) {
        let held = shown.tracker.held()
        tracker.hold(held.screen, images: held.images)
    }

    /// Makes `page` this session's page (`ScreenTracker.load`): the old
    /// page's input errors go; components kept as they were keep their
    /// render. Returns whether the page's requirements changed (the
    /// components kept may then choose another fallback link).
    func load(_ page: Page) -> Bool {
        forms = Forms()
        let before = tracker.page?.requirements
        tracker.load(page)
        lazyList.keep(onlyIn: tracker.pageIndex)
        return before != nil && before != page.requirements
    }

    /// Renders what is missing or stale (with a viewport, what the lazy list
    /// realizes) and updates the screen, with `renderer`, made for this page
    /// (`Engine.renderer(for:)`: its requirements and its inputs' errors).
    func refresh(with renderer: Renderer) {
        guard let page = tracker.page else {
            tracker.clearScreen()
            return
        }
        var inOrder: [ScreenTracker.Entry]?
        if let viewport = lazyList.viewport {
            lazyList.render(page, viewport, in: tracker, with: renderer)
        } else if tracker.hasDue {
            inOrder = tracker.renderDue(page, with: renderer)
        }
        tracker.updateScreen(page, onlyEntries: lazyList.viewport != nil, inOrder: inOrder)
    }

    /// Drops the validation error input `id` shows, if any; its component
    /// renders again. `components` is the screen's.
    func clearError(of id: String, among components: [RenderedComponent]) {
        guard forms.clearError(of: id) else { return }
        for component in components where Forms.node(id, isIn: component.id) {
            tracker.invalidate(component: component.id)
        }
    }
}
