/// The page, each component's last render and what it depended on, and the
/// screen made of them, kept up to date incrementally; the engine's
/// rendering state, which `Engine` coordinates with the store, the lazy
/// list and the effect scheduler.
///
/// Invariants:
/// - `pageIndex` maps each component id of `page` to its position.
/// - Every entry is of a component on the page (`forget` drops the others);
///   `dirty` holds only ids with an entry, and a component of the page
///   without an entry renders on the next refresh unless `unrendered` is
///   false (then every page component has an entry, or waits in a lazy list).
/// - `readers` indexes exactly the reads of the entries, and `images` counts
///   exactly the image URLs of their rendered views.
/// - Unless `screenStale`, `screen` lists the rendered entries in page order,
///   `screenEntries` those entries, and `screenIndex` maps each of its ids
///   to its position.
/// - An entry's kept JSON (`Entry.json`) is that of its current render.
/// - `layoutEpoch` changes whenever what a layout walk visits changes (a
///   page loaded, a component rendered for the first time, dropped or back,
///   or forgotten, the viewport set); a component that renders again and
///   stays on the screen tells the layout cache instead.
/// - `baseline` is the screen the host last received (`ScreenBaseline`):
///   the whole baseline is kept before any change to the component list.
final class ScreenTracker {
    /// One component's last render and what it depended on. The component
    /// it rendered is the page's of the same id (a page load that changes
    /// it marks the entry dirty), so the entry does not keep it. A class:
    /// the entries' table holds a reference a component, not 200 bytes in
    /// each of its slots (a quarter to a half of them empty), and reading
    /// an entry copies nothing.
    final class Entry {
        /// What the screen's JSON writer keeps of this render. First: on
        /// the cache line the reference count is on.
        var json = WrittenJSON.unwritten
        let render: ComponentRender
        let images: [String]
        /// Counts this component's renders, so cached layouts know they are current.
        let revision: Int

        init(render: ComponentRender, images: [String], revision: Int) {
            self.render = render
            self.images = images
            self.revision = revision
        }
    }

    /// A render's JSON as the screen's JSON writer (`json(allocator:)`)
    /// keeps it: nothing the first time it is written, only that it was;
    /// its bytes the second time, copied from then on until the component
    /// renders again. A host that asks for a screen once (the first one of
    /// a page) so holds the only copy of its JSON; one that asks again
    /// gets the unchanged components' JSON copied.
    enum WrittenJSON {
        case unwritten, writtenOnce
        case kept([UInt8])
    }

    /// Lays out the screen (shared with the engine, which sets its measurer).
    let layouts: LayoutCache

    /// The current page; nil until one loads.
    private(set) var page: Page?
    /// Where each component id sits in the page. Made when the page loads,
    /// so that what follows (a dirty component re-rendered, the first frame
    /// of a viewport) costs what it touches, not the length of the page.
    private(set) var pageIndex: [String: Int] = [:]
    private var entries: [String: Entry] = [:]
    /// The length of the screen's JSON last written and its number of
    /// components: the guess for the next.
    private var lastJSON = (count: 0, components: 0)
    /// Components with an entry to render again on the next refresh:
    /// changed or stale. A component of the page without an entry is new
    /// and renders too; `unrendered` says whether the page may have one.
    private var dirty: Set<String> = []
    private var unrendered = false
    /// Counts the changes to what a layout walk visits (`walkLayout`).
    private var layoutEpoch = 0
    private var readers = ReadIndex()
    /// The current screen, valid after `refresh`, and where each id sits in it.
    private(set) var screen = Screen()
    private var screenIndex: [String: Int] = [:]
    /// The entry of each component of `screen`, in its order: the JSON
    /// writer walks them without looking each one up.
    private var screenEntries: [Entry] = []
    private var screenStale = true
    private var baseline = ScreenBaseline()
    private var images = ImageCounts()
    /// Renders done so far, and how many ran a factory.
    private(set) var componentRenders = 0
    /// The heights a natively laid-out host measured, by component id
    /// (`measure`): they win over the engine's own layout wherever the page
    /// is walked by height (the lazy list, the viewport, image hints).
    private var measured: [String: Double] = [:]
    private(set) var factoryRuns = 0

    init(layouts: LayoutCache) {
        self.layouts = layouts
    }

    // MARK: The page

    /// Makes `page` current. Components whose id, type, data and fallback
    /// are unchanged keep their render; the others render on next use.
    func load(_ page: Page) {
        let previous = self.page, previousIndex = pageIndex
        self.page = page
        pageIndex = [:]
        pageIndex.reserveCapacity(page.components.count)
        // By index: a `for (i, component)` loop copies every component (a retain of each of its references).
        for i in page.components.indices { pageIndex[page.components[i].id] = i }
        if entries.isEmpty {
            // Nothing rendered (so nothing dirty): every component is new,
            // and will have an entry (room made once, not grown as they come).
            entries.reserveCapacity(page.components.count)
            unrendered = !page.components.isEmpty
        } else {
            let index = pageIndex
            // Collected first: removing entries while iterating them would
            // copy the whole dictionary at every removal (quadratic).
            let gone = entries.filter { index[$0.key] == nil }
            for (id, entry) in gone {
                forget(id, entry)
            }
            // What stays dirty is on the page: forget dropped the rest.
            unrendered = false
            for component in page.components {
                guard entries.index(forKey: component.id) != nil else {
                    unrendered = true
                    continue
                }
                // The entry is of the previous page's component of this id.
                if let previous, let at = previousIndex[component.id], previous.components[at] == component {
                    continue
                }
                dirty.insert(component.id)
            }
        }
        if !measured.isEmpty { measured = measured.filter { pageIndex[$0.key] != nil } }
        keepFullBaseline()
        layoutEpoch += 1
        screenStale = true
    }

    /// What a layout walk visits changed outside the tracker (the viewport).
    func walkChanged() {
        layoutEpoch += 1
    }

    // MARK: Staleness

    /// Marks stale the components whose reads of `service` changed.
    func invalidate(service: String, change: StateChange, new: @autoclosure () -> JSON?) {
        guard !readers.isEmpty else { return } // no reader at all: nothing to look up
        let new = new()
        for id in readers.candidates(service: service, change: change, new: new) where !dirty.contains(id) {
            guard let entry = entries[id] else { continue }
            if entry.render.reads.contains(where: { $0.service == service && $0.isStale(in: new) }) {
                dirty.insert(id)
            }
        }
    }

    /// Marks component `id` stale (its inputs' errors changed).
    func invalidate(component id: String) {
        if entries[id] != nil { dirty.insert(id) }
    }

    /// Marks stale the components whose fallback choice (`Renderer.choose`:
    /// which link renders, and the diagnostics of those passed over) is no
    /// longer the one their last render made: the capabilities or the page's
    /// requirements changed. Each entry's choice is worked out again; no
    /// factory runs.
    func invalidateChoices(with renderer: Renderer) {
        guard let page else { return }
        for (id, entry) in entries where !dirty.contains(id) {
            guard let at = pageIndex[id] else { continue }
            if renderer.choose(page.components[at]).choice != entry.render.choice { dirty.insert(id) }
        }
    }

    /// Marks stale the components that consulted `type`.
    func invalidate(type: String) {
        for (id, entry) in entries where entry.render.consulted(type) {
            dirty.insert(id)
        }
    }

    // MARK: Rendering

    /// Whether a refresh has something to render (without a viewport).
    var hasDue: Bool { !dirty.isEmpty || unrendered }

    /// Renders what is missing or stale, in page order (no lazy list).
    /// Returns the page's entries in page order when it rendered the whole
    /// page afresh (its first render), for `updateScreen`; nil otherwise.
    @discardableResult
    func renderDue(_ page: Page, with renderer: Renderer) -> [Entry]? {
        if unrendered { // a page just loaded: walk it
            // By index, each entry looked up once: rerender takes what was found.
            // With no entry at all (the page's first render) there is none to
            // look up: ids are unique, so no component finds one made before it.
            let fresh = entries.isEmpty
            var inOrder: [Entry] = []
            if fresh { inOrder.reserveCapacity(page.components.count) }
            for i in page.components.indices {
                let old = fresh ? nil : entries[page.components[i].id]
                if old == nil || (!dirty.isEmpty && dirty.contains(page.components[i].id)) {
                    let entry = rerender(page.components[i], old: old, with: renderer)
                    if fresh { inOrder.append(entry) }
                }
            }
            dirty = []
            unrendered = false
            return fresh ? inOrder : nil
        } else { // only what changed, in page order
            for position in dirty.compactMap({ pageIndex[$0] }).sorted() {
                rerender(page.components[position], old: entries[page.components[position].id], with: renderer)
            }
            dirty = []
            return nil
        }
    }

    /// In a lazy list: renders, in page order, the components of `allowed`
    /// (the realized ones) that are stale or have no entry.
    func renderDue(_ page: Page, among allowed: Set<String>, with renderer: Renderer) {
        let due = allowed.filter { dirty.contains($0) || entries[$0] == nil }
        let index = pageIndex
        for position in due.compactMap({ index[$0] }).sorted() {
            rerender(page.components[position], old: entries[page.components[position].id], with: renderer)
        }
        dirty.subtract(due)
    }

    /// Renders `component` if it is stale or has no entry.
    func renderIfDue(_ component: Component, with renderer: Renderer) {
        let old = entries[component.id]
        if dirty.remove(component.id) != nil || old == nil {
            rerender(component, old: old, with: renderer)
        }
    }

    /// Whether component `id` has rendered and is on the screen (not dropped).
    func isRendered(_ id: String) -> Bool {
        entries[id]?.render.rendered != nil
    }

    /// Rebuilds the screen from the entries when the component list changed.
    /// With `onlyEntries` (a lazy list has entries for a few components of a
    /// long page) it walks those instead of the whole page. `inOrder` is
    /// what `renderDue` returned: every component's entry in page order,
    /// then taken as they are, with no id looked up.
    func updateScreen(_ page: Page, onlyEntries: Bool, inOrder: [Entry]? = nil) {
        guard screenStale else { return }
        screen = Screen(pageId: page.id, version: page.version?.json)
        let walked = inOrder.flatMap { !onlyEntries && $0.count == page.components.count ? $0 : nil }
        var indices = walked != nil ? [] : Array(page.components.indices)
        if onlyEntries {
            let pageIndex = self.pageIndex
            indices = entries.keys.compactMap { pageIndex[$0] }.sorted()
        }
        let count = walked?.count ?? indices.count
        screen.components.reserveCapacity(count)
        screenEntries = []
        screenEntries.reserveCapacity(count)
        if let walked {
            for entry in walked {
                guard let rendered = entry.render.rendered else { continue }
                screen.components.append(rendered)
                screenEntries.append(entry)
            }
        }
        for index in indices {
            guard let entry = entries[page.components[index].id], let rendered = entry.render.rendered else { continue }
            screen.components.append(rendered)
            screenEntries.append(entry)
        }
        if screen.components.count == page.components.count {
            // Every component of the page, in its order: the page's index
            // is the screen's (shared, not copied).
            screenIndex = pageIndex
        } else {
            screenIndex = [:]
            screenIndex.reserveCapacity(screen.components.count)
            for (i, rendered) in screen.components.enumerated() { screenIndex[rendered.id] = i }
        }
        screenStale = false
    }

    /// No page: an empty screen.
    func clearScreen() {
        screen = Screen()
        screenIndex = [:]
        screenEntries = []
    }

    /// Renders `component` and records it; `old` is its entry (looked up by
    /// the caller). Returns its new entry.
    @discardableResult
    private func rerender(_ component: Component, old: Entry?, with renderer: Renderer) -> Entry {
        let result = renderer.render(component)
        componentRenders += 1
        if result.factoryRan { factoryRuns += 1 }
        if let old, ReadIndex.sameKeys(old.render.reads, result.reads) {
            // the index already holds this component under these keys (the common re-render)
        } else {
            if let old { readers.remove(old.render.reads, of: component.id) }
            readers.add(result.reads, of: component.id)
        }
        let urls = result.rendered?.flat.imageURLs ?? []
        if let old, old.images == urls {
            // the same pictures: their counts stand
        } else {
            for url in old?.images ?? [] { images.release(url) }
            for url in urls { images.retain(url) }
        }
        let revision = (old?.revision ?? 0) + 1
        let wasOnScreen = old?.render.rendered != nil, isOnScreen = result.rendered != nil
        // The render moves into its entry; what follows reads it there (no copy of it).
        let entry = Entry(render: consume result, images: urls, revision: revision)
        entries[component.id] = entry
        if wasOnScreen, isOnScreen {
            // Still on the screen: layout walks visit the same components.
            layouts.rendered(component.id, revision: revision, entry.render.rendered!)
        } else {
            layoutEpoch += 1
        }
        if wasOnScreen != isOnScreen || old == nil {
            keepFullBaseline()
            screenStale = true
        } else if !screenStale, isOnScreen, let i = screenIndex[component.id] {
            if !baseline.knows(component.id) {
                baseline.keep(screen.components[i], of: component.id)
            }
            screen.components[i] = entry.render.rendered!
            screenEntries[i] = entry
        }
        return entry
    }

    private func forget(_ id: String, _ entry: Entry) {
        readers.remove(entry.render.reads, of: id)
        for url in entry.images { images.release(url) }
        entries[id] = nil
        layoutEpoch += 1
        dirty.remove(id)
    }

    // MARK: What the host receives

    /// What the last render noticed, in page order.
    var diagnostics: [Diagnostic] {
        var all: [Diagnostic] = []
        for component in page?.components ?? [] {
            all += entries[component.id]?.render.diagnostics ?? []
        }
        return all
    }

    /// Image URLs on the current screen.
    var imageURLs: [String] {
        images.counts.keys.sorted()
    }

    /// The host now holds the current screen.
    func resetBaseline() {
        baseline.reset()
        images.resetChanges()
    }

    /// Before the component list changes: keeps the whole baseline, unless kept already.
    private func keepFullBaseline() {
        // Asked for every new component: the screen is not handed over (copied) once it is kept.
        guard !baseline.keepsFull else { return }
        baseline.keepFull(current: screen, index: screenIndex)
    }

    /// What the host holds: the screen it last received and its image
    /// URLs, for the page the navigation shows next (`hold`).
    func held() -> (screen: Screen, images: Set<String>) {
        (baseline.hostScreen(current: screen, index: screenIndex), images.held)
    }

    /// The host holds `screen`, with `urls`, another page's: the next
    /// patches and image changes go from it to this page's screen.
    func hold(_ screen: Screen, images urls: Set<String>) {
        baseline.hold(screen)
        images.hold(urls)
    }

    /// The patches from the baseline to the current screen, and the image
    /// changes; the host then holds the current screen.
    ///
    /// The images added come in on-screen order, each with its hint
    /// (`ImageHint`): when the screen can be laid out (at the viewport's
    /// width, else at `width`, the width of the host's last layout), in the
    /// visual order of the layout (`ReadingOrder.images`), component by
    /// component in page order, with the size of the image node showing it
    /// first, and with a viewport, "visible" when one of its nodes meets
    /// it, else "nearby" (and "nearby" for a picture laid out empty only, as
    /// on a pager's hidden page, listed after the others); without a layout
    /// (none asked for yet, no viewport), in view tree order with no size,
    /// "visible". The images removed are sorted.
    func takePatches(width: Double?, viewport: Engine.Viewport?) -> PatchSet {
        var set = PatchSet()
        set.patches = baseline.patches(to: screen, index: screenIndex)
        if !images.added.isEmpty {
            set.imageHints = addedImages(width: viewport?.width ?? width, viewport: viewport)
            set.imagesAdded = set.imageHints.map(\.url)
        }
        set.imagesRemoved = images.removed.sorted()
        resetBaseline()
        return set
    }

    /// The hints of the images added since the host last looked, in on-screen order (see `takePatches`).
    private func addedImages(width: Double?, viewport: Engine.Viewport?) -> [ImageHint] {
        let added = images.added
        var hints: [ImageHint] = []
        var found: [String: Int] = [:] // url -> its place in hints
        hints.reserveCapacity(added.count)
        func note(_ url: String, _ frame: Frame?, visible: Bool) {
            guard added.contains(url) else { return }
            if let i = found[url] {
                if visible { hints[i].priority = .visible }
                return
            }
            found[url] = hints.count
            hints.append(ImageHint(url: url, width: frame?.width, height: frame?.height,
                                   priority: visible ? .visible : .nearby))
        }
        let estimate = viewport != nil ? estimatedHeight : 0
        var y = 0.0
        for component in page?.components ?? [] {
            // All found: done, unless one may still turn out visible further down the viewport.
            if found.count == added.count, viewport.map({ y >= $0.offset + $0.height }) ?? true { break }
            guard let entry = entries[component.id] else {
                y += estimate
                continue
            }
            guard let width, let laidOut = layoutEntry(component.id, entry, width: width) else {
                for url in entry.images { note(url, nil, visible: true) }
                continue
            }
            for (url, frame) in laidOut.pictures {
                var visible = true
                if let viewport {
                    let top = y + frame.y
                    visible = top < viewport.offset + viewport.height && top + frame.height > viewport.offset
                }
                note(url, frame, visible: visible)
            }
            y += measured[component.id] ?? laidOut.height
        }
        // Any left: laid out empty (a pager's hidden page), so not seen yet; in tree order.
        if found.count < added.count {
            for component in page?.components ?? [] {
                for url in entries[component.id]?.images ?? [] { note(url, nil, visible: false) }
            }
        }
        return hints
    }

    /// The current screen as compact JSON, written into memory from
    /// `allocator` (see `Engine.renderJSON`), each component's JSON kept
    /// as `WrittenJSON` says; nil when the allocator has no memory.
    func json(allocator: ByteAllocator) -> UnsafeMutableBufferPointer<UInt8>? {
        let screen = self.screen
        // The last screen's length a component is the best guess (exact
        // when nothing changed); before any, 1 KB a component.
        let n = screen.components.count
        let guess = lastJSON.components > 0 ? lastJSON.count * n / lastJSON.components + 1 : 1024 * (n + 1)
        guard var out = AllocatedBytes(allocator: allocator, capacity: guess) else { return nil }
        var sink = ByteSink(capacity: 4096) // one component at a time
        screen.writeHead(into: &sink)
        var written = sink.withBytes { out.append($0) }
        for i in screen.components.indices where written {
            if i != 0 { written = out.append(UInt8(ascii: ",")) }
            let entry = screenEntries[i]
            if case .kept(let bytes) = entry.json {
                written = written && bytes.withUnsafeBufferPointer { out.append($0) }
                continue
            }
            sink.removeAll()
            screen.components[i].write(into: &sink)
            written = written && sink.withBytes { out.append($0) }
            if case .unwritten = entry.json {
                entry.json = .writtenOnce
            } else {
                entry.json = .kept(sink.withBytes { [UInt8]($0) })
            }
        }
        guard written && out.append(UInt8(ascii: "]")) && out.append(UInt8(ascii: "}")) else {
            out.release()
            return nil
        }
        guard let text = out.take() else { return nil }
        // An empty screen says nothing of a component's length: the last guess stands.
        if n > 0 { lastJSON = (text.count, n) }
        return text
    }

    // MARK: Layout

    /// The components showing the picture at `url` lay out again: its size
    /// is now known (`LayoutCache.images`).
    func pictureSized(_ url: String) {
        for (id, entry) in entries where entry.images.contains(url) {
            if let rendered = entry.render.rendered { layouts.rendered(id, revision: entry.revision, rendered) }
        }
    }

    /// Walks the rendered components in page order, laying them out at
    /// `width` as needed, and leaves them in the layout cache's items with
    /// their page y; the runs of components not rendered yet between them
    /// (a lazy list, `lazy`) count at the estimated height. Returns the page
    /// height. When nothing that decides which components a walk visits has
    /// changed since the last walk (`layoutEpoch`), the layout cache
    /// replays that walk without looking the components up.
    func walkLayout(width: Double, lazy: Bool) -> Double {
        guard let page else { return 0 }
        // Without a viewport every index is walked: there are no gaps to estimate.
        let estimate = lazy ? layouts.averageHeight : 1
        var y = 0.0
        var next = 0
        if layouts.beginWalk(epoch: layoutEpoch) {
            (y, next) = layouts.replay(width: width, estimate: estimate)
            return y + Double(page.components.count - next) * estimate
        }
        let pageIndex = self.pageIndex
        let indices = lazy ? entries.keys.compactMap { pageIndex[$0] }.sorted()
                           : Array(page.components.indices)
        for index in indices {
            y += Double(index - next) * estimate
            let gap = index - next
            next = index + 1
            let id = page.components[index].id
            guard let entry = entries[id] else {
                layouts.record(nil, gap: gap, y: y)
                continue
            }
            let laidOut = layoutEntry(id, at: index, entry, width: width)
            layouts.record(laidOut, gap: gap, y: y)
            y += laidOut?.height ?? 0
        }
        layouts.endWalk(epoch: layoutEpoch, next: next, onlyIn: pageIndex)
        return y + Double(page.components.count - next) * estimate
    }

    /// The height of a rendered component: the host's measure, else its
    /// laid-out height (0 when dropped); nil when not rendered.
    func height(of id: String, width: Double) -> Double? {
        guard let entry = entries[id] else { return nil }
        return measured[id] ?? layoutEntry(id, entry, width: width)?.height ?? 0
    }

    /// The host shows `text` as the value of input `nodeId` of component
    /// `id`: an edit it sent and drew itself (`Engine.setInput` with a
    /// sequence number). Its screen, the baseline, then has it, so the next
    /// patches bring the input's value only when the engine's differs from
    /// what was typed. The screen must be up to date.
    func hostShows(_ text: String, in nodeId: String, of id: String) {
        guard let i = screenIndex[id] else { return }
        baseline.edit(id, current: screen.components[i]) { component in
            var view = component.view
            if Forms.show(text, in: nodeId, of: &view) { component.view = view }
        }
    }

    /// The host measured component `id` (of the page) `height` high.
    func measure(_ id: String, height: Double) {
        measured[id] = height
    }

    /// What a component not rendered yet counts for in a walk by height:
    /// the average of the host's measures when it gave some, else of the
    /// engine's layouts.
    var estimatedHeight: Double {
        guard !measured.isEmpty else { return layouts.averageHeight }
        return max(1, (measured.values.reduce(0, +) / Double(measured.count)).rounded())
    }

    /// The layout of component `id` (at `position` in the page, when known)
    /// at `width` from the layout cache (laid out if needed); nil when it is
    /// dropped.
    private func layoutEntry(_ id: String, at position: Int? = nil, _ entry: Entry, width: Double)
        -> LayoutCache.Entry?
    {
        guard case .some = entry.render.rendered else { return nil }
        return layouts.entry(id, at: position, revision: entry.revision, width: width) { entry.render.rendered!.view }
    }
}
