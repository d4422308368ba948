/// The lazy list: with a viewport, only "realized" components may render.
/// One walk down the page realizes and renders the components from one
/// viewport above to one below, using their real heights as it goes and the
/// average height for the unrendered ones above; realized components stay.
///
/// Invariants: without a viewport nothing is realized or visible; every
/// realized id is a component of the current page (`keep(onlyIn:)` after a
/// page load); `visible` is what the host was last told is visible, top to
/// bottom, so the next `setViewport` reports the difference.
final class LazyList {
    /// The host's window on the page; nil: no lazy list, everything renders.
    private(set) var viewport: Engine.Viewport?
    /// The components allowed to render.
    private(set) var realized: Set<String> = []
    /// The components last reported visible, top to bottom.
    private var visible: [String] = []

    /// After a page load: forgets the realized components the page dropped.
    /// (`visible` stays: the next `set` reports what the new page took away.)
    func keep(onlyIn pageIndex: [String: Int]) {
        if !realized.isEmpty {
            realized = realized.filter { pageIndex[$0] != nil }
        }
    }

    /// Sets the viewport; with nil, drops the lazy list and returns the
    /// disappearance of everything visible.
    func set(_ viewport: Engine.Viewport?) -> [Engine.Visibility] {
        self.viewport = viewport
        guard viewport == nil else { return [] }
        realized = []
        let gone = visible.map(Engine.Visibility.disappear)
        visible = []
        return gone
    }

    /// Renders the realized components that are due, then realizes the window.
    func render(_ page: Page, _ viewport: Engine.Viewport, in tracker: ScreenTracker, with renderer: Renderer) {
        if tracker.hasDue {
            tracker.renderDue(page, among: realized, with: renderer)
        }
        realizeWindow(page, viewport, in: tracker, with: renderer)
    }

    /// Realizes the components in or near the viewport (one viewport height
    /// above and below) in one walk down the page, rendering each as it is
    /// reached so the walk goes on with its real height; the components
    /// above the window that never rendered count at the estimated height.
    private func realizeWindow(_ page: Page, _ viewport: Engine.Viewport, in tracker: ScreenTracker,
                               with renderer: Renderer)
    {
        let top = viewport.offset - viewport.height
        let bottom = viewport.offset + 2 * viewport.height
        let estimate = tracker.estimatedHeight
        var y = 0.0
        for component in page.components {
            if !realized.contains(component.id) {
                if y + estimate <= top {
                    y += estimate
                    continue
                }
                realized.insert(component.id)
                tracker.renderIfDue(component, with: renderer)
            }
            y += tracker.height(of: component.id, width: viewport.width) ?? estimate
            if y >= bottom { break }
        }
    }

    /// What entered or left the visible window since the last call, top to
    /// bottom, disappearances first; the screen must be up to date.
    func updateVisible(_ viewport: Engine.Viewport, in tracker: ScreenTracker) -> [Engine.Visibility] {
        let now = visibleComponents(in: viewport, tracker)
        let before = Set(visible), after = Set(now)
        let events = visible.filter { !after.contains($0) }.map(Engine.Visibility.disappear)
            + now.filter { !before.contains($0) }.map(Engine.Visibility.appear)
        visible = now
        return events
    }

    /// Components whose laid-out rows meet the viewport, top to bottom.
    private func visibleComponents(in viewport: Engine.Viewport, _ tracker: ScreenTracker) -> [String] {
        var ids: [String] = []
        var y = 0.0
        let estimate = tracker.estimatedHeight
        for component in tracker.page?.components ?? [] {
            let height = tracker.height(of: component.id, width: viewport.width) ?? estimate
            if tracker.isRendered(component.id), y + height > viewport.offset,
               y < viewport.offset + viewport.height || (height == 0 && y == viewport.offset)
            {
                ids.append(component.id)
            }
            y += height
            if y >= viewport.offset + viewport.height { break }
        }
        return ids
    }
}
