/// The screen the host draws: the top page brought up to date, as a whole,
/// as patches, laid out, and what the host tells the engine about it (the
/// viewport, pictures' sizes, the measurer: the last two reach every page).
extension Engine {
    /// The current screen, brought up to date; the host now holds it, so
    /// later patches are relative to it.
    public func render() -> Screen {
        let top = refreshed()
        top.tracker.resetBaseline()
        return top.tracker.screen
    }

    /// The current screen as compact JSON, exactly `JSONWriter.bytes(render().json)`,
    /// written straight into memory from `allocator` (the JSON and a NUL
    /// after it; the caller owns it), so a host receives it without a copy;
    /// nil when the allocator has no memory. Moves the patch baseline like
    /// `render`. Each component's JSON is kept from the second time it is
    /// written until that component renders again (`ScreenTracker.WrittenJSON`):
    /// the first screen of a page exists only in the caller's memory, and
    /// asking again and again costs a copy of the unchanged bytes.
    public func renderJSON(allocator: ByteAllocator) -> UnsafeMutableBufferPointer<UInt8>? {
        let top = refreshed()
        top.tracker.resetBaseline()
        return top.tracker.json(allocator: allocator)
    }

    /// One component of the current screen as compact JSON,
    /// `{"id","type","view"}` exactly as the whole screen's JSON writes it,
    /// brought up to date without moving the patch baseline; nil when no
    /// component of that id is on the screen (not on the page, dropped by
    /// its fallback, or outside a lazy list's window).
    public func componentJSON(id: String) -> [UInt8]? {
        refreshed().tracker.screen.components.first { $0.id == id }?.jsonBytes()
    }

    /// The current screen without moving the patch baseline.
    public func currentScreen() -> Screen {
        refreshed().tracker.screen
    }

    /// The patches from the screen the host last received (from `render`
    /// or `takePatches`) to the current one, and the image changes.
    public func takePatches() -> PatchSet {
        let top = refreshed()
        var set = top.tracker.takePatches(width: pages.hostWidth, viewport: top.lazyList.viewport)
        set.inputAcks = top.forms.acks
        return set
    }

    /// Reports the size of the picture at `url` once the host has loaded it,
    /// in the layout's units: image nodes showing it take its aspect ratio
    /// (unless their style gives one) and its natural size, and the
    /// components showing it are laid out again at the next layout.
    public func setImageSize(url: String, width: Double, height: Double) throws(EngineError) {
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            throw EngineError(.invalid, "an image size must be finite and above 0, got \(width)×\(height)")
        }
        if pages.top.layouts.images.set(Size(width: width, height: height), for: url) { // shared by every page
            pages.forEach { $0.tracker.pictureSized(url) }
        }
    }

    /// Reports the height a host that lays components out itself (a
    /// browser, a toolkit) measured component `id` of the current page at,
    /// in points: from now on the lazy list, the viewport's visibility and
    /// the image hints walk the page with it instead of the engine's own
    /// layout (and estimate the components not rendered yet from the
    /// average of what was measured). Report again when it changes (a
    /// patch, a resize). Throws `.notFound` for no such component on the
    /// page, `.invalid` for a height not finite or below 0.
    public func setMeasuredHeight(_ height: Double, of id: String) throws(EngineError) {
        guard height >= 0, height.isFinite else {
            throw EngineError(.invalid, "a measured height must be finite and at least 0, got \(height)")
        }
        let top = pages.top
        guard top.tracker.pageIndex[id] != nil else {
            throw EngineError(.notFound, "no component \(JSONWriter.quoted(id)) on the page")
        }
        top.tracker.measure(id, height: height)
    }

    /// The current screen laid out at `width`: components stacked in page
    /// order, each laid out on its own and kept until it renders again or
    /// the width or measurer changes. In a lazy list, components not
    /// rendered yet take an estimated height.
    public func layout(width: Double) -> ScreenLayout {
        let height = walkLayout(width: width)
        let layouts = pages.top.layouts
        var result = ScreenLayout(width: width, height: height, components: [])
        layouts.forEachItem { laidOut, y in
            result.components.append(ScreenLayout.Item(id: laidOut.id, y: y, root: layouts.node(laidOut)))
            result.readingOrder += layouts.readingOrder(laidOut)
        }
        return result
    }

    /// `layout(width:).json` written out, each component's template (its
    /// JSON without numbers, made once per render) filled in with its
    /// frames; after a patch, at the same width, only the changed
    /// components are laid out and written again.
    public func layoutJSON(width: Double) -> [UInt8] {
        withLayoutJSON(width: width) { Array($0) }
    }

    /// Calls `body` with the bytes `layoutJSON(width:)` returns, without
    /// copying them into an array; they are valid during the call only.
    public func withLayoutJSON<R, E: Error>(width: Double, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E)
        -> R
    {
        let text = layoutJSON(width: width, allocator: .swift)! // Swift's allocator does not fail
        defer { text.baseAddress!.deallocate() }
        return try body(UnsafeBufferPointer(text))
    }

    /// The bytes of `layoutJSON(width:)` written straight into memory from
    /// `allocator` (a C host's `malloc`, say), followed by a NUL that the
    /// count leaves out; the memory is the caller's, to give back to the
    /// allocator. Nil when the allocator has no memory.
    public func layoutJSON(width: Double, allocator: ByteAllocator) -> UnsafeMutableBufferPointer<UInt8>? {
        let height = walkLayout(width: width)
        return pages.top.layouts.json(width: width, height: height, allocator: allocator)
    }

    /// Brings the screen up to date and walks it for layout (`ScreenTracker.walkLayout`).
    private func walkLayout(width: Double) -> Double {
        let top = refreshed()
        pages.hostWidth = width
        return top.tracker.walkLayout(width: width, lazy: top.lazyList.viewport != nil)
    }

    /// Sets (or, with nil, removes) the viewport: from now on only the
    /// components in or near it render (a lazy list). Returns what entered
    /// or left the visible window since the last call, top to bottom,
    /// disappearances first.
    public func setViewport(_ viewport: Viewport?) -> [Visibility] {
        let top = pages.top
        let gone = top.lazyList.set(viewport)
        top.tracker.walkChanged()
        guard let viewport else { return gone }
        refresh(top)
        return top.lazyList.updateVisible(viewport, in: top.tracker)
    }

    /// Sizes text for layout; the default counts monospace terminal cells.
    public var measurer: TextMeasurer {
        get { pages.top.layouts.engine.measurer }
        set { pages.forEach { $0.layouts.engine.measurer = newValue } }
    }

    /// Goes back to the default measurer, `Monospace.measurer`, which the
    /// layout runs on the texts' bytes (setting `measurer` to it works too,
    /// through the closure).
    public func useMonospaceMeasurer() {
        pages.forEach { $0.layouts.engine.hostMeasurer = nil }
    }

    /// Image URLs on the current screen.
    public var images: [String] {
        refreshed().tracker.imageURLs
    }

    /// The top page, its stale or missing components rendered and its screen updated.
    private func refreshed() -> PageSession {
        let top = pages.top
        refresh(top)
        return top
    }

    /// Renders what is missing or stale on `session`'s page and updates its screen.
    private func refresh(_ session: PageSession) {
        session.refresh(with: renderer(for: session))
    }
}
