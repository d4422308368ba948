/// The engine: a page, the component registry, the services, and the
/// rendered screen kept up to date incrementally.
///
/// Every factory run records the service reads it makes; a state change
/// re-renders exactly the components whose reads now see something else,
/// and the host pulls keyed patches against the screen it last received.
/// It is a plain single-threaded object; the C facade adds the lock.
public final class Engine {
    public var limits = EngineLimits() {
        didSet { store.queueLimit = limits.queueLimit }
    }
    public private(set) var registry = ComponentRegistry()
    public let store = Store()
    /// The current page; nil until one loads.
    public private(set) var page: Page?
    /// Work done so far; `layouts` comes from the layout cache itself.
    public var counters: EngineCounters {
        var all = work
        all.layouts = layouts.runs
        return all
    }
    private var work = EngineCounters()
    /// Lays out the screen; replace its measurer to size text the host's way.
    private let layouts = LayoutCache(engine: LayoutEngine())

    /// One component's last render and what it depended on.
    private struct Entry {
        var component: Component
        var render: ComponentRender
        var images: [String]
        /// Counts this component's renders, so cached layouts know they are current.
        var revision: Int
    }

    private var entries: [String: Entry] = [:]
    /// Each rendered component's JSON (`RenderedComponent.json`), written the
    /// first time the whole screen is asked for as JSON and kept until the
    /// component renders again or leaves the page.
    private var componentJSON: [String: [UInt8]] = [:]
    /// Components with an entry to render again on the next refresh:
    /// changed or stale. A component of the page without an entry is new
    /// and renders too; `unrendered` says whether the page may have one.
    private var dirty: Set<String> = []
    private var unrendered = false
    /// Where each component id sits in the page. Made when the page loads,
    /// so that what follows (a dirty component re-rendered, the first frame
    /// of a viewport) costs what it touches, not the length of the page.
    private var pageIndex: [String: Int] = [:]
    /// Counts the changes to what a layout walk visits (`walkLayout`): a
    /// page loaded, a component rendered for the first time, dropped or
    /// back, or forgotten, the viewport set. (A component that renders
    /// again and stays on the screen tells the layout cache instead.)
    private var layoutEpoch = 0
    /// The lazy list: the viewport, the components allowed to render, and
    /// those last reported visible.
    private var viewport: Viewport?
    private var realized: Set<String> = []
    private var visible: [String] = []
    private var readers = ReadIndex()
    /// The current screen, valid after `refresh`, and where each id sits in it.
    private var screen = Screen()
    private var screenIndex: [String: Int] = [:]
    private var screenStale = true
    /// The screen the host last received is kept cheaply: the components
    /// re-rendered since then map to their version at that time (nil: not
    /// on it). Only when the list itself changes (a page load, a component
    /// dropped or back) is the whole baseline materialized, once, so an
    /// update never copies the screen.
    private var baselineVersions: [String: RenderedComponent?] = [:]
    private var fullBaseline: Screen? = Screen()
    private var imageCounts: [String: Int] = [:]
    private var imagesAdded: Set<String> = []
    private var imagesRemoved: Set<String> = []
    /// Diagnostics not tied to a render: failed timers, effects, subscribers.
    private var runtimeDiagnostics: [Diagnostic] = []

    private typealias SubscriptionEntry = (id: Int, service: String, path: JSONPath, run: Subscriber)
    private var subscriptions: [SubscriptionEntry] = []
    private var performers: [String: EffectPerformer] = [:]
    private var pendingEffects: [Int: Effect] = [:]
    private var timers: [(due: Int64, sequence: Int, action: Action)] = []
    private var nextId = 1
    /// Engine time in milliseconds: the last `tick`.
    public private(set) var clock: Int64 = 0

    public init() {
        store.queueLimit = limits.queueLimit
    }

    // MARK: Input

    /// Parses JSON input under the engine's size and depth limits.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> JSON {
        do {
            return try JSONParser.parse(bytes, options: limits.parseOptions)
        } catch {
            throw EngineError(error)
        }
    }

    /// Parses a page, or a server patch (`{"patch": ...}`), and applies it.
    /// On error nothing changes; contract errors carry line:column and path.
    public func loadPage(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        // A valid page takes the scanner's one pass; anything else (errors
        // included, with their line:column and path) the full one.
        if let page = PageScanner.scan(bytes, options: limits.parseOptions) {
            loadPage(page)
            return
        }
        let json = try parse(bytes)
        if case .object(let o) = json, o.count == 1, o["patch"] != nil {
            let patch: ServerPatch
            do {
                patch = try ServerPatch(json: json)
            } catch {
                throw Engine.located(error, in: bytes)
            }
            try apply(patch)
            return
        }
        do {
            loadPage(try Page(json: json))
        } catch {
            throw Engine.located(error, in: bytes)
        }
    }

    /// Makes `page` current. Components whose id, type, data and fallback
    /// are unchanged keep their render; the others render on next use.
    public func loadPage(_ page: Page) {
        self.page = page
        pageIndex = [:]
        pageIndex.reserveCapacity(page.components.count)
        for (i, component) in page.components.enumerated() { pageIndex[component.id] = i }
        if entries.isEmpty {
            // Nothing rendered (so nothing dirty): every component is new.
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
                guard let entry = entries[component.id] else {
                    unrendered = true
                    continue
                }
                if entry.component != component { dirty.insert(component.id) }
            }
        }
        keepFullBaseline()
        if !realized.isEmpty {
            let index = pageIndex
            realized = realized.filter { index[$0] != nil }
        }
        // `visible` stays: the next setViewport reports what the new page took away.
        layoutEpoch += 1
        screenStale = true
    }

    /// Applies a server patch: all of it (transactional) or every change
    /// that can be applied (partial, the others become diagnostics).
    public func apply(_ patch: ServerPatch) throws(EngineError) {
        let current = page ?? Page(components: [])
        let (components, skipped) = try patch.apply(to: current.components)
        for message in skipped {
            note(Diagnostic(.warning, "patch-skipped", component: nil, message))
        }
        loadPage(Page(id: current.id, version: current.version, components: components))
    }

    /// Decodes an action from JSON input (with line:column on contract errors).
    public func action(from bytes: UnsafeRawBufferPointer) throws(EngineError) -> Action {
        let json = try parse(bytes)
        do {
            return try Action(json: json)
        } catch {
            throw Engine.located(error, in: bytes)
        }
    }

    // MARK: Registration

    /// Registers (or replaces) the factory for a component type; components
    /// that consulted the type re-render.
    public func register(component type: String, _ factory: @escaping ComponentFactory) throws(EngineError) {
        guard !type.isEmpty else { throw EngineError(.invalid, "component type must not be empty") }
        registry.register(type, factory)
        invalidate(type: type)
    }

    /// Removes the factory of a component type.
    public func unregister(component type: String) throws(EngineError) {
        guard registry.unregister(type) else {
            throw EngineError(.notFound, "no factory for component type \"\(type)\"")
        }
        invalidate(type: type)
    }

    /// Creates a service or replaces its state; readers re-render and
    /// subscribers fire as after a dispatch.
    public func register(service name: String, state: JSON) throws(EngineError) {
        let watched = watchedValues()
        var change = StateChange()
        change.noteReplaced(from: store.services[name])
        try store.register(service: name, state: state)
        let queued = settle(watched: watched, outcome: DispatchOutcome(changes: [name: change]))
        run(queued)
    }

    /// Watches `service` at `path`; returns the subscription id.
    public func subscribe(_ service: String, at path: JSONPath, _ run: @escaping Subscriber) -> Int {
        let id = nextId
        nextId += 1
        subscriptions.append((id, service, path, run))
        return id
    }

    @discardableResult
    public func unsubscribe(_ id: Int) -> Bool {
        guard let i = subscriptions.firstIndex(where: { $0.id == id }) else { return false }
        subscriptions.remove(at: i)
        return true
    }

    /// Registers (or replaces) the performer of effects of `type`.
    public func register(effect type: String, _ performer: @escaping EffectPerformer) throws(EngineError) {
        guard !type.isEmpty, type != "after" else {
            throw EngineError(.invalid, "bad effect type \"\(type)\" (\"after\" is the engine's own timer)")
        }
        performers[type] = performer
    }

    @discardableResult
    public func unregister(effect type: String) -> Bool {
        performers.removeValue(forKey: type) != nil
    }

    /// Drops every factory, handler, middleware, subscriber and performer
    /// (and so whatever they hold), keeping the page and the services' state.
    public func releaseCallbacks() {
        registry = ComponentRegistry()
        store.removeAllHandlers()
        subscriptions = []
        performers = [:]
    }

    // MARK: Dispatch, effects, time

    /// Runs an action and its follow-ups as one transaction, then lets
    /// subscribers and effects react; actions they queue run as further
    /// rounds. Errors of the first round are thrown (and change nothing);
    /// later rounds that fail are rolled back and become diagnostics.
    public func dispatch(_ action: Action) throws(EngineError) {
        let watched = watchedValues()
        let outcome = try store.dispatch(action)
        work.actions += outcome.actions
        run(settle(watched: watched, outcome: outcome))
    }

    /// Parses an action and dispatches it.
    public func dispatch(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        try dispatch(action(from: bytes))
    }

    /// Advances engine time to `now` (milliseconds) and dispatches the
    /// delayed actions that are due, earliest first; returns how many ran.
    @discardableResult
    public func tick(_ now: Int64) -> Int {
        clock = max(clock, now)
        var fired = 0
        while let first = timers.first, first.due <= clock, fired < limits.queueLimit {
            timers.removeFirst()
            fired += 1
            do {
                try dispatch(first.action)
            } catch {
                note(Diagnostic(.error, "timer-failed", component: nil, "delayed \"\(first.action.type)\": \(error)"))
            }
        }
        return fired
    }

    /// Milliseconds of engine time until the next delayed action, or nil.
    public var nextTimer: Int64? {
        timers.first.map { timer in
            let (left, overflow) = timer.due.subtractingReportingOverflow(clock)
            return overflow ? .max : max(0, left)
        }
    }

    /// Finishes effect `id` from outside a performer: dispatches its
    /// on_success / on_failure action with `result` in the payload.
    public func finishEffect(_ id: Int, ok: Bool, result: JSON) throws(EngineError) {
        guard let effect = pendingEffects.removeValue(forKey: id) else {
            throw EngineError(.notFound, "no pending effect \(id)")
        }
        if let action = effect.followUp(ok: ok, result: result) {
            try dispatch(action)
        }
    }

    /// Effects handed to performers and not finished yet, by id.
    public var pending: [Int: Effect] { pendingEffects }

    /// Runs queued actions as further rounds, each its own transaction.
    private func run(_ queued: [Action]) {
        var pending = queued
        var rounds = 0
        while !pending.isEmpty {
            rounds += 1
            guard rounds <= limits.queueLimit else {
                note(Diagnostic(.error, "rounds-exceeded", component: nil,
                                "subscribers and effects kept queueing actions; stopped after \(limits.queueLimit) rounds"))
                return
            }
            let watched = watchedValues()
            do {
                let outcome = try store.dispatch(pending)
                work.actions += outcome.actions
                pending = settle(watched: watched, outcome: outcome)
            } catch {
                note(Diagnostic(.error, "followup-failed", component: nil, "\(error)"))
                return
            }
        }
    }

    /// After a committed change: marks stale readers, fires subscribers,
    /// schedules and performs effects. Returns the actions they queued.
    /// Each subscription with the value it watches now, taken before a
    /// dispatch so `settle` can tell what changed.
    private func watchedValues() -> [(subscription: SubscriptionEntry, value: JSON?)] {
        subscriptions.map { ($0, store.services[$0.service]?.value(at: $0.path)) }
    }

    private func settle(watched: [(subscription: SubscriptionEntry, value: JSON?)], outcome: DispatchOutcome) -> [Action] {
        for (service, change) in outcome.changes {
            invalidate(service: service, change: change, new: store.services[service])
        }
        var queued: [Action] = []
        for (subscription, old) in watched where outcome.changes[subscription.service] != nil {
            let new = store.services[subscription.service]?.value(at: subscription.path)
            guard !JSON.identical(old, new) else { continue }
            var context = SubscriptionContext(service: subscription.service, path: subscription.path, value: new)
            do {
                try subscription.run(&context)
                queued += context.queued
            } catch {
                note(Diagnostic(.error, "subscriber-failed", component: nil,
                                "subscriber of \(subscription.service) \(subscription.path): \(error)"))
            }
        }
        for effect in outcome.effects {
            if effect.type == "after" {
                let ms = Int64(effect.json["ms"]!.doubleValue!.rounded(.up))
                let (due, overflow) = clock.addingReportingOverflow(ms)
                schedule(try! Action(json: effect.json["action"]!), due: overflow ? .max : due)
                continue
            }
            let id = nextId
            nextId += 1
            guard let performer = performers[effect.type] else {
                note(Diagnostic(.error, "unknown-effect", component: nil,
                                "no performer for effect \"\(effect.type)\"; it was dropped"))
                continue
            }
            // Checked when it was emitted: numbering it needs no second decode.
            var numbered = effect
            var json = effect.json.objectValue!
            json["id"] = .int(Int64(id))
            numbered.json = .object(json)
            pendingEffects[id] = numbered
            var context = EffectContext(id: id, effect: numbered)
            do {
                try performer(&context)
            } catch {
                note(Diagnostic(.error, "effect-failed", component: nil, "effect \"\(effect.type)\" (\(id)): \(error)"))
                context.finish(ok: false, result: .string("\(error)"))
            }
            if context.finished { pendingEffects[id] = nil }
            queued += context.queued
        }
        return queued
    }

    private func schedule(_ action: Action, due: Int64) {
        let sequence = nextId
        nextId += 1
        let at = timers.firstIndex { $0.due > due } ?? timers.count
        timers.insert((due, sequence, action), at: at)
    }

    private func note(_ diagnostic: Diagnostic) {
        runtimeDiagnostics.append(diagnostic)
        if runtimeDiagnostics.count > 64 { runtimeDiagnostics.removeFirst() }
    }

    // MARK: Rendering and patches

    /// What the last render noticed (unknown types, fallbacks, failed
    /// factories), in page order, then recent runtime problems (failed
    /// timers, effects without a performer, failing subscribers).
    public var diagnostics: [Diagnostic] {
        var all: [Diagnostic] = []
        for component in page?.components ?? [] {
            all += entries[component.id]?.render.diagnostics ?? []
        }
        return all + runtimeDiagnostics
    }

    /// The current screen, brought up to date; the host now holds it, so
    /// later patches are relative to it.
    public func render() -> Screen {
        refresh()
        resetBaseline()
        return screen
    }

    /// The current screen as compact JSON, exactly `JSONWriter.bytes(render().json)`,
    /// written straight into memory from `allocator` (the JSON and a NUL
    /// after it; the caller owns it), so a host receives it without a copy;
    /// nil when the allocator has no memory. Moves the patch baseline like
    /// `render`. Each component's JSON is written once and reused until that
    /// component renders again, so asking twice costs a copy of the bytes.
    public func renderJSON(allocator: ByteAllocator) -> UnsafeMutableBufferPointer<UInt8>? {
        let screen = render()
        let head = ByteSink.bytes(capacity: 64) { screen.writeHead(into: &$0) }
        var pieces: [[UInt8]] = []
        pieces.reserveCapacity(screen.components.count)
        var total = head.count + max(0, screen.components.count - 1) + 2
        for i in screen.components.indices {
            let id = screen.components[i].id
            let piece: [UInt8]
            if let kept = componentJSON[id] {
                piece = kept
            } else {
                piece = screen.components[i].jsonBytes()
                componentJSON[id] = piece
            }
            total += piece.count
            pieces.append(piece)
        }
        guard let out = allocator.allocate(total + 1) else { return nil }
        var at = out
        func put(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { at.initialize(from: $0.baseAddress!, count: $0.count) }
            at += bytes.count
        }
        put(head)
        for i in pieces.indices {
            if i != 0 { at.initialize(to: UInt8(ascii: ",")); at += 1 }
            put(pieces[i])
        }
        put([UInt8(ascii: "]"), UInt8(ascii: "}"), 0])
        return UnsafeMutableBufferPointer(start: out, count: total)
    }

    /// The current screen without moving the patch baseline.
    public func currentScreen() -> Screen {
        refresh()
        return screen
    }

    /// The patches from the screen the host last received (from `render`
    /// or `takePatches`) to the current one, and the image changes.
    public func takePatches() -> PatchSet {
        refresh()
        var set = PatchSet()
        if let fullBaseline {
            set.patches = Diff.patches(from: fullBaseline, to: screen)
        } else {
            // Only updates: every changed id is on both screens.
            let changed = baselineVersions.compactMap { id, old in old.map { ($0, screenIndex[id]!) } }
            for (before, index) in changed.sorted(by: { $0.1 < $1.1 }) {
                if let patch = Diff.update(from: before, to: screen.components[index]) {
                    set.patches.append(patch)
                }
            }
        }
        set.imagesAdded = imagesAdded.sorted()
        set.imagesRemoved = imagesRemoved.sorted()
        resetBaseline()
        return set
    }

    /// The current screen laid out at `width`: components stacked in page
    /// order, each laid out on its own and kept until it renders again or
    /// the width or measurer changes. In a lazy list, components not
    /// rendered yet take an estimated height.
    public func layout(width: Double) -> ScreenLayout {
        var result = ScreenLayout(width: width, height: walkLayout(width: width), components: [])
        layouts.forEachItem { laidOut, y in
            result.components.append(ScreenLayout.Item(id: laidOut.id, y: y, root: layouts.node(laidOut)))
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
        return layouts.json(width: width, height: height, allocator: allocator)
    }

    /// Walks the rendered components in page order, laying them out at
    /// `width` as needed, and leaves them in the layout cache's items with
    /// their page y; the runs of components not rendered yet between them
    /// (a lazy list) count at the estimated height. Returns the page
    /// height. When nothing that decides which components a walk visits has
    /// changed since the last walk (`layoutEpoch`), the layout cache
    /// replays that walk without looking the components up.
    private func walkLayout(width: Double) -> Double {
        refresh()
        guard let page else { return 0 }
        // Without a viewport every index is walked: there are no gaps to estimate.
        let estimate = viewport == nil ? 1 : layouts.averageHeight
        var y = 0.0
        var next = 0
        if layouts.beginWalk(epoch: layoutEpoch) {
            (y, next) = layouts.replay(width: width, estimate: estimate)
            return y + Double(page.components.count - next) * estimate
        }
        let pageIndex = self.pageIndex
        let indices = viewport == nil ? Array(page.components.indices)
                                      : entries.keys.compactMap { pageIndex[$0] }.sorted()
        for index in indices {
            y += Double(index - next) * estimate
            let gap = index - next
            next = index + 1
            let id = page.components[index].id
            guard let i = entries.index(forKey: id) else {
                layouts.record(nil, gap: gap, y: y)
                continue
            }
            let laidOut = layoutEntry(id, at: index, &entries.values[i], width: width)
            layouts.record(laidOut, gap: gap, y: y)
            y += laidOut?.height ?? 0
        }
        layouts.endWalk(epoch: layoutEpoch, next: next, onlyIn: pageIndex)
        return y + Double(page.components.count - next) * estimate
    }

    /// The host's visible window on the page, in layout units.
    public struct Viewport: Sendable, Equatable {
        public var width: Double
        public var offset: Double
        public var height: Double

        public init(width: Double, offset: Double, height: Double) {
            self.width = width
            self.offset = offset
            self.height = height
        }
    }

    /// A component entering or leaving the visible window.
    public enum Visibility: Sendable, Equatable {
        case appear(String)
        case disappear(String)

        public var json: JSON {
            switch self {
            case .appear(let id): return .object(JSONObject([("type", "appear"), ("id", .string(id))]))
            case .disappear(let id): return .object(JSONObject([("type", "disappear"), ("id", .string(id))]))
            }
        }
    }

    /// Sets (or, with nil, removes) the viewport: from now on only the
    /// components in or near it render (a lazy list). Returns what entered
    /// or left the visible window since the last call, top to bottom,
    /// disappearances first.
    public func setViewport(_ viewport: Viewport?) -> [Visibility] {
        self.viewport = viewport
        layoutEpoch += 1
        guard let viewport else {
            realized = []
            let gone = visible.map(Visibility.disappear)
            visible = []
            return gone
        }
        refresh()
        let now = visibleComponents(in: viewport)
        let before = Set(visible), after = Set(now)
        let events = visible.filter { !after.contains($0) }.map(Visibility.disappear)
            + now.filter { !before.contains($0) }.map(Visibility.appear)
        visible = now
        return events
    }

    /// Components whose laid-out rows meet the viewport, top to bottom.
    private func visibleComponents(in viewport: Viewport) -> [String] {
        var ids: [String] = []
        var y = 0.0
        let estimate = layouts.averageHeight
        for component in page?.components ?? [] {
            let height = height(of: component.id, width: viewport.width) ?? estimate
            if entries[component.id]?.render.rendered != nil, y + height > viewport.offset,
               y < viewport.offset + viewport.height || (height == 0 && y == viewport.offset)
            {
                ids.append(component.id)
            }
            y += height
            if y >= viewport.offset + viewport.height { break }
        }
        return ids
    }

    /// The laid-out height of a rendered component (0 when dropped), nil when not rendered.
    private func height(of id: String, width: Double) -> Double? {
        guard let i = entries.index(forKey: id) else { return nil }
        return layoutEntry(id, &entries.values[i], width: width)?.height ?? 0
    }

    /// The layout of component `id` (at `position` in the page, when known)
    /// at `width` from the layout cache (laid out if needed); nil when it is
    /// dropped. `entry` is the engine's entry, passed in place
    /// (`&entries.values[i]`, which changes nothing): reading it through the
    /// dictionary's getter would copy the whole entry, a dozen reference
    /// counts for each component on every layout.
    private func layoutEntry(_ id: String, at position: Int? = nil, _ entry: inout Entry, width: Double)
        -> LayoutCache.Entry?
    {
        guard case .some = entry.render.rendered else { return nil }
        return layouts.entry(id, at: position, revision: entry.revision, width: width) { entry.render.rendered!.view }
    }

    /// In a lazy list: realizes the components in or near the viewport (one
    /// viewport height above and below) in one walk down the page, rendering
    /// each as it is reached so the walk goes on with its real height; the
    /// components above the window that never rendered count at the
    /// estimated height.
    private func realizeWindow(_ page: Page, _ viewport: Viewport, with renderer: Renderer) {
        let top = viewport.offset - viewport.height
        let bottom = viewport.offset + 2 * viewport.height
        let estimate = layouts.averageHeight
        var y = 0.0
        for component in page.components {
            if !realized.contains(component.id) {
                if y + estimate <= top {
                    y += estimate
                    continue
                }
                realized.insert(component.id)
                if dirty.remove(component.id) != nil || entries[component.id] == nil {
                    rerender(component, with: renderer)
                }
            }
            y += height(of: component.id, width: viewport.width) ?? estimate
            if y >= bottom { break }
        }
    }

    /// Sizes text for layout; the default counts monospace terminal cells.
    public var measurer: TextMeasurer {
        get { layouts.engine.measurer }
        set { layouts.engine.measurer = newValue }
    }

    /// Goes back to the default measurer, `Monospace.measurer`, which the
    /// layout runs on the texts' bytes (setting `measurer` to it works too,
    /// through the closure).
    public func useMonospaceMeasurer() {
        layouts.engine.hostMeasurer = nil
    }

    /// Image URLs on the current screen.
    public var images: [String] {
        refresh()
        return imageCounts.keys.sorted()
    }

    private func resetBaseline() {
        baselineVersions = [:]
        fullBaseline = nil
        imagesAdded = []
        imagesRemoved = []
    }

    /// Before the component list changes: keeps the whole baseline (the
    /// current screen with the pre-change versions put back), unless kept already.
    private func keepFullBaseline() {
        guard fullBaseline == nil else { return }
        var old = screen
        for (id, version) in baselineVersions {
            if let version, let i = screenIndex[id] { old.components[i] = version }
        }
        fullBaseline = old
    }

    /// Renders what is missing or stale and updates the screen.
    private func refresh() {
        guard let page else {
            screen = Screen()
            screenIndex = [:]
            return
        }
        if !dirty.isEmpty || unrendered {
            // What must render, in page order: dirty components and those
            // without an entry. In a lazy list, only what has been realized
            // renders; the rest waits.
            let renderer = Renderer(registry: registry, store: store)
            if let viewport {
                let due = realized.filter { dirty.contains($0) || entries[$0] == nil }
                let index = pageIndex
                for position in due.compactMap({ index[$0] }).sorted() {
                    rerender(page.components[position], with: renderer)
                }
                dirty.subtract(due)
                realizeWindow(page, viewport, with: renderer)
            } else if unrendered { // a page just loaded: walk it
                for component in page.components
                    where entries[component.id] == nil || (!dirty.isEmpty && dirty.contains(component.id))
                {
                    rerender(component, with: renderer)
                }
                dirty = []
                unrendered = false
            } else { // only what changed, in page order
                for position in dirty.compactMap({ pageIndex[$0] }).sorted() {
                    rerender(page.components[position], with: renderer)
                }
                dirty = []
            }
        } else if let viewport {
            realizeWindow(page, viewport, with: Renderer(registry: registry, store: store))
        }
        if screenStale {
            screen = Screen(pageId: page.id, version: page.version)
            screen.components.reserveCapacity(page.components.count)
            screenIndex = [:]
            // A lazy list has entries for a few components of a long page: walk those.
            var indices = Array(page.components.indices)
            if viewport != nil {
                let pageIndex = self.pageIndex
                indices = entries.keys.compactMap { pageIndex[$0] }.sorted()
            }
            for index in indices {
                let id = page.components[index].id
                guard let rendered = entries[id]?.render.rendered else { continue }
                screenIndex[id] = screen.components.count
                screen.components.append(rendered)
            }
            screenStale = false
        }
    }

    private func rerender(_ component: Component, with renderer: Renderer) {
        let result = renderer.render(component)
        work.componentRenders += 1
        if result.factoryRan { work.factoryRuns += 1 }
        let old = entries[component.id]
        if let old { readers.remove(old.render.reads, of: component.id) }
        readers.add(result.reads, of: component.id)
        let images = result.rendered.map { Engine.imageURLs(in: $0.view) } ?? []
        for url in old?.images ?? [] { releaseImage(url) }
        for url in images { retainImage(url) }
        let revision = (old?.revision ?? 0) + 1
        entries[component.id] = Entry(component: component, render: result, images: images, revision: revision)
        if old?.render.rendered != nil, let rendered = result.rendered {
            // Still on the screen: layout walks visit the same components.
            layouts.rendered(component.id, revision: revision, view: rendered.view)
        } else {
            layoutEpoch += 1
        }
        componentJSON[component.id] = nil
        if (old?.render.rendered == nil) != (result.rendered == nil) || old == nil {
            keepFullBaseline()
            screenStale = true
        } else if !screenStale, let rendered = result.rendered, let i = screenIndex[component.id] {
            if fullBaseline == nil, baselineVersions[component.id] == nil {
                baselineVersions[component.id] = .some(screen.components[i])
            }
            screen.components[i] = rendered
        }
    }

    private func forget(_ id: String, _ entry: Entry) {
        readers.remove(entry.render.reads, of: id)
        for url in entry.images { releaseImage(url) }
        entries[id] = nil
        layoutEpoch += 1
        componentJSON[id] = nil
        dirty.remove(id)
    }

    /// Marks stale the components whose reads of `service` changed.
    private func invalidate(service: String, change: StateChange, new: JSON?) {
        for id in readers.candidates(service: service, change: change, new: new) where !dirty.contains(id) {
            guard let entry = entries[id] else { continue }
            if entry.render.reads.contains(where: { $0.service == service && $0.isStale(in: new) }) {
                dirty.insert(id)
            }
        }
    }

    /// Marks stale the components that consulted `type`.
    private func invalidate(type: String) {
        for (id, entry) in entries where entry.render.types.contains(type) {
            dirty.insert(id)
        }
    }

    private func retainImage(_ url: String) {
        imageCounts[url, default: 0] += 1
        if imageCounts[url] == 1 {
            if imagesRemoved.remove(url) == nil { imagesAdded.insert(url) }
        }
    }

    private func releaseImage(_ url: String) {
        guard let count = imageCounts[url] else { return }
        if count > 1 {
            imageCounts[url] = count - 1
            return
        }
        imageCounts[url] = nil
        if imagesAdded.remove(url) == nil { imagesRemoved.insert(url) }
    }

    static func imageURLs(in node: ViewNode) -> [String] {
        var urls: [String] = []
        func walk(_ n: ViewNode) {
            if n.kind == .image, let url = n.props["url"] { urls.append(url) }
            n.children.forEach(walk)
        }
        walk(node)
        return urls
    }

    /// A contract error as an engine error whose message starts with the
    /// line:column of the offending value in `bytes`, or of its nearest
    /// enclosing value when it is missing.
    public static func located(_ error: ContractError, in bytes: UnsafeRawBufferPointer) -> EngineError {
        var path = error.path
        while true {
            if let offset = JSONLocator.offset(of: path, in: bytes) {
                let (line, column) = JSONLocator.lineColumn(of: offset, in: bytes)
                return EngineError(.contract, "\(line):\(column): \(error.description)")
            }
            guard !path.segments.isEmpty else { return EngineError(.contract, error.description) }
            path.segments.removeLast()
        }
    }
}
