/// The engine: a page, the component registry, the services, and the
/// rendered screen kept up to date incrementally.
///
/// Every factory run records the service reads it makes; a state change
/// re-renders exactly the components whose reads now see something else,
/// and the host pulls keyed patches against the screen it last received.
/// It is a plain single-threaded object; the C facade adds the lock.
///
/// The engine coordinates; parts own their state and its rules:
/// `PageStack` (every page of the navigation stack, each a `PageSession`:
/// its tracker, layouts, lazy list and forms; `forEach` reaches them all),
/// `Navigator` (opening routes, going back), `EffectScheduler`
/// (subscriptions, performers, effects, timers, engine time),
/// `DocumentReader` (every document read in), `PersistentServices` (what
/// outlives the engine), `ThemeSetting` (the theme and appearance) and
/// `RuntimeNotes`. The engine owns the registry and the store and decides
/// the order: every transaction goes through `commit` (the change, then
/// stale readers on every page, subscribers and effects, then the actions
/// they queued, as further rounds).
public final class Engine {
    /// What a key given twice in one object of a page or server patch
    /// means: refused (the default), or the last value wins with a
    /// "duplicate-key" warning naming each one (for content written for
    /// lenient parsers, such as Adaptive Cards').
    public var duplicateKeys: JSONParseOptions.DuplicateKeys {
        get { reader.duplicateKeys }
        set { reader.duplicateKeys = newValue }
    }

    /// What one call may do, hold and take in (`EngineLimits`).
    public var limits = EngineLimits() {
        didSet {
            store.apply(limits)
            reader.limits = limits
        }
    }
    /// Reads every document the engine takes in, under `limits` and `duplicateKeys`.
    var reader = DocumentReader()
    public private(set) var registry = ComponentRegistry()
    public let store = Store()
    /// Every page of the navigation stack; the top one is drawn.
    let pages: PageStack
    /// Opens routes and goes back (`Navigator`).
    let navigator: Navigator
    /// Subscriptions, effects, timers and engine time (`EffectScheduler`).
    let scheduler = EffectScheduler()
    /// The persistent services and their storage (`PersistentServices`).
    let persistence = PersistentServices()
    /// Diagnostics not tied to a render: failed timers, effects, subscribers.
    let notes = RuntimeNotes()
    /// The theme and the appearance in force (`ThemeSetting`).
    var themes = ThemeSetting()
    /// Actions run and flat views taken (the pages count their own work).
    var work = EngineCounters()

    /// What the host supports besides the page contract (`Capabilities`):
    /// what components' requirements are checked against. Setting it
    /// replaces the set, and the components whose fallback choice changes
    /// (`FallbackChoice`), on every page, render again.
    public var capabilities = Capabilities() {
        didSet {
            guard capabilities != oldValue else { return }
            pages.forEach { $0.tracker.invalidateChoices(with: renderer(for: $0)) }
        }
    }

    public init() {
        pages = PageStack(layouts: LayoutCache(engine: LayoutEngine()))
        navigator = Navigator(pages: pages, scheduler: scheduler, notes: notes)
        store.apply(limits)
    }

    /// The current page; nil until one loads.
    public var page: Page? { pages.top.tracker.page }

    /// Work done so far, every page's and the dropped pages' included.
    public var counters: EngineCounters {
        var all = pages.work
        all.actions = work.actions
        all.flatViews = work.flatViews
        all.saves = persistence.saves
        return all
    }

    /// Counts a factory view a binding handed over in the flat form (`FlatView(flat:maxDepth:)`).
    public func noteFlatView() {
        work.flatViews += 1
    }

    // MARK: Input

    /// Parses JSON input under the engine's size and depth limits.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> JSON {
        try reader.parse(bytes)
    }

    /// Parses a page, or a server patch (`{"patch": ...}`), and applies it.
    /// On error nothing changes; contract errors carry line:column and path.
    public func loadPage(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        switch try reader.pageOrPatch(bytes) {
        case .page(let page, let duplicates):
            loadPage(page)
            Diagnostic.duplicateKeys(at: duplicates, in: bytes, components: page.components).forEach(notes.add)
        case .patch(let patch, let duplicates):
            try apply(patch)
            Diagnostic.duplicateKeys(at: duplicates, in: bytes, components: nil).forEach(notes.add)
        }
    }

    /// Checks `bytes` as a document of `kind` with the decoder the engine
    /// uses for it (`loadPage`'s for a page or a server patch, a factory's
    /// view's, dispatch's, an emitted effect's), under the engine's limits
    /// and duplicate-keys option. Changes nothing. Errors as `loadPage`'s:
    /// parse errors and contract errors with line:column and path. A server
    /// patch is checked on its own: whether its ids name components of some
    /// page is for `apply` to say.
    public func check(_ bytes: UnsafeRawBufferPointer, as kind: PayloadKind) throws(EngineError) {
        try reader.check(bytes, as: kind)
    }

    /// Makes `page` current. Components whose id, type, data, version,
    /// requires and fallback are unchanged keep their render (unless the
    /// page's own version or requires changed their fallback choice); the
    /// others render on next use.
    public func loadPage(_ page: Page) {
        let top = pages.top
        if top.load(page) { // components kept as they were may now choose another link
            top.tracker.invalidateChoices(with: renderer(for: top))
        }
    }

    /// Applies a server patch: all of it (transactional) or every change
    /// that can be applied (partial, the others become diagnostics).
    public func apply(_ patch: ServerPatch) throws(EngineError) {
        let current = page ?? Page(components: [])
        let (components, skipped) = try patch.apply(to: current.components)
        for message in skipped {
            notes.add(Diagnostic(.warning, "patch-skipped", component: nil, message))
        }
        loadPage(Page(id: current.id, version: current.version, requires: current.requires, components: components))
    }

    /// Replaces the capabilities with those declared in `bytes`, a JSON
    /// object of capability names and version strings (`Capabilities(json:)`).
    /// On error nothing changes; contract errors carry line:column and path.
    public func setCapabilities(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        capabilities = try reader.capabilities(bytes)
    }

    /// Decodes an action from JSON input (with line:column on contract errors).
    public func action(from bytes: UnsafeRawBufferPointer) throws(EngineError) -> Action {
        try reader.action(bytes)
    }

    // MARK: Registration

    /// Registers (or replaces) the factory for a component type; components
    /// that consulted the type re-render.
    public func register(component type: String, _ factory: @escaping ComponentFactory) throws(EngineError) {
        guard !type.isEmpty else { throw EngineError(.invalid, "component type must not be empty") }
        registry.register(type, factory)
        pages.invalidate(type: type)
    }

    /// Registers (or replaces) a factory that reads its data as it came
    /// (`ComponentData`) and returns the view flat (`FlatView`), as a
    /// language binding does; otherwise as `register(component:_:)`.
    public func register(flatComponent type: String, _ factory: @escaping ComponentDataFactory) throws(EngineError) {
        guard !type.isEmpty else { throw EngineError(.invalid, "component type must not be empty") }
        registry.register(type, data: factory)
        pages.invalidate(type: type)
    }

    /// Removes the factory of a component type.
    public func unregister(component type: String) throws(EngineError) {
        guard registry.unregister(type) else {
            throw EngineError(.notFound, "no factory for component type \"\(type)\"")
        }
        pages.invalidate(type: type)
    }

    /// Creates a service or replaces its state; readers re-render and
    /// subscribers fire as after a dispatch.
    public func register(service name: String, state: JSON) throws(EngineError) {
        run(try commit { () throws(EngineError) in
            var change = StateChange()
            change.noteReplaced(from: store.state(of: name))
            try store.register(service: name, state: state)
            return DispatchOutcome(changes: [name: change])
        })
    }

    // MARK: Theme

    /// The theme views' tokens resolve from (`setTheme`); none at first.
    public var theme: Theme { themes.theme }
    /// Which of the theme's values are in force (`setAppearance`); light at first.
    public var appearance: Appearance { themes.values.appearance }

    /// Makes `theme` the one views' tokens resolve from. Only the components
    /// (of every page) that used a token whose value changed, or that it
    /// adds or removes, render again, on the next render or patches.
    public func setTheme(_ theme: Theme) {
        let change = themes.switchTo(theme: theme)
        pages.invalidate(service: ThemeValues.service, change: change, new: themes.values.state)
    }

    /// Decodes a theme (`Theme`'s JSON form) under the engine's limits and
    /// makes it current; on error nothing changes, and a contract error
    /// carries line:column and path.
    public func setTheme(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        setTheme(try reader.theme(bytes))
    }

    /// Switches the theme's values in force to those of `appearance`: only
    /// the components (of every page) that used a token whose value differs
    /// between the two, or read the appearance (`RenderContext.appearance`),
    /// render again. Switching to the appearance in force changes nothing.
    public func setAppearance(_ appearance: Appearance) {
        guard appearance != self.appearance else { return }
        let change = themes.switchTo(appearance: appearance)
        pages.invalidate(service: ThemeValues.service, change: change, new: themes.values.state)
        persistence.save(appearance: appearance, note: notes.add)
    }

    /// The theme's values under `appearance` as `{"color:NAME": value…,
    /// "font:NAME": value…, "appearance"}`, whichever appearance is in force:
    /// what a host needs to hold both appearances (CSS custom properties, say)
    /// and switch without a render.
    public func themeValues(in appearance: Appearance) -> JSON {
        ThemeValues(theme: themes.theme, appearance: appearance).state
    }

    /// Watches `service` at `path`; returns the subscription id.
    public func subscribe(_ service: String, at path: JSONPath, _ run: @escaping Subscriber) -> Int {
        scheduler.subscribe(service, at: path, run)
    }

    @discardableResult
    public func unsubscribe(_ id: Int) -> Bool {
        scheduler.unsubscribe(id)
    }

    /// Registers (or replaces) the performer of effects of `type`.
    public func register(effect type: String, _ performer: @escaping EffectPerformer) throws(EngineError) {
        guard !type.isEmpty, !Effect.engineTypes.contains(type) else {
            throw EngineError(.invalid, "bad effect type \"\(type)\" (\"after\", \"navigate\" and \"appearance\" are the engine's own)")
        }
        scheduler.register(effect: type, performer)
    }

    @discardableResult
    public func unregister(effect type: String) -> Bool {
        scheduler.unregister(effect: type)
    }

    /// Drops every factory, handler, middleware, subscriber and performer
    /// and the storage (and so whatever they hold), keeping the page and the
    /// services' state.
    public func releaseCallbacks() {
        registry = ComponentRegistry()
        store.removeAllHandlers()
        scheduler.removeCallbacks()
        persistence.storage = nil
    }

    // MARK: Persistent services

    /// Where the persistent services' states are loaded from and saved to;
    /// nil (the default) keeps every state in memory only. Setting a storage
    /// restores the services declared persistent whose saved state was not
    /// looked for yet; the others are not loaded again, and their next saves
    /// go to the new storage.
    public var storage: StateStorage? {
        get { persistence.storage }
        set {
            persistence.storage = newValue
            restorePending()
        }
    }

    /// The services declared persistent, in order of declaration.
    public var persistentServices: [String] { persistence.declared }

    /// Declares the existing service `name` persistent: with a storage, its
    /// saved state is restored now (else when a storage is set), and from
    /// then on its state is saved after each committed dispatch that changed
    /// it (a rolled-back one saves nothing). A saved state that cannot be
    /// read, is not a `SavedState` envelope for `name`, or that the service
    /// refuses leaves the state as it is, with a "persist-rejected"
    /// diagnostic; a save that fails, a "persist-failed" one.
    ///
    /// The service refuses a saved state of another JSON type than its
    /// current (initial) state. When the action "name/sdui.restore" has a
    /// handler, that handler restores instead: it runs as a dispatch with the
    /// saved state as its payload (to check or migrate it), and refuses it by
    /// failing. Declaring a service again does nothing. Throws `.notFound`
    /// when there is no service `name`.
    ///
    /// The name "sdui/appearance" (no service has a "/") persists the theme's
    /// appearance the same way: restored when its saved state is looked for,
    /// saved after each switch (`setAppearance`, an "appearance" effect).
    public func persist(service name: String) throws(EngineError) {
        guard store.state(of: name) != nil || name == PersistentServices.appearance else {
            throw EngineError(.notFound, "no service \"\(name)\" to make persistent; register the service first")
        }
        guard persistence.declare(name) else { return }
        restorePending()
    }

    /// Restores the declared services whose saved state was not looked for
    /// yet, each as a transaction that saves nothing; one refused is noted.
    private func restorePending() {
        for name in persistence.takePending() {
            if name == PersistentServices.appearance {
                if let saved = persistence.savedAppearance(options: limits.parseOptions, note: notes.add) {
                    setAppearance(saved) // the storage holds it: nothing is saved
                }
                continue
            }
            guard let restore = persistence.restore(name, in: store, options: limits.parseOptions, note: notes.add)
            else { continue }
            do throws(EngineError) {
                run(try commit(saving: false, restore))
            } catch {
                notes.add(PersistentServices.rejected(name, "refused: \(error.message)"))
            }
        }
    }

    // MARK: Transactions

    /// Runs an action and its follow-ups as one transaction, then lets
    /// subscribers and effects react; actions they queue run as further
    /// rounds. Errors of the first round are thrown (and change nothing);
    /// later rounds that fail are rolled back and become diagnostics. All of
    /// it counts in one `DispatchBudget`: a limit a later round hit is thrown
    /// once the rounds end (the rounds before it stay committed).
    public func dispatch(_ action: Action) throws(EngineError) {
        try store.budget.within { () throws(EngineError) in
            run(try commit { () throws(EngineError) in try store.dispatch(action) })
        }
    }

    /// Parses an action and dispatches it.
    public func dispatch(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        try dispatch(action(from: bytes))
    }

    /// Commits one transaction: runs `change` (a dispatch, an input set, a
    /// service registered or restored), lists its handlers' warnings, and,
    /// when it did not throw (a throw changed nothing and is rethrown),
    /// settles it (`settle`). Returns the actions subscribers and effects
    /// queued, for `run`. Every transaction of the engine comes through here.
    func commit(saving: Bool = true, _ change: () throws(EngineError) -> DispatchOutcome) throws(EngineError) -> [Action] {
        let watched = scheduler.watchedValues(in: store)
        let outcome: DispatchOutcome
        do throws(EngineError) {
            outcome = try change()
        } catch {
            noteHandlerWarnings()
            throw error
        }
        noteHandlerWarnings()
        work.actions += outcome.actions
        return settle(watched: watched, outcome: outcome, saving: saving)
    }

    /// Runs queued actions as further rounds, each committed on its own,
    /// all counted in one `DispatchBudget`; a round that fails is rolled
    /// back and noted, and ends the rounds.
    func run(_ queued: [Action]) {
        guard !queued.isEmpty else { return }
        store.budget.open()
        defer { store.budget.close() }
        var pending = queued
        var rounds = 0
        while !pending.isEmpty {
            rounds += 1
            guard rounds <= limits.queueLimit else {
                notes.add(Diagnostic(.error, "rounds-exceeded", component: nil,
                                     "subscribers and effects kept queueing actions; stopped after \(limits.queueLimit) rounds"))
                return
            }
            do throws(EngineError) {
                let round = pending
                pending = try commit { () throws(EngineError) in try store.dispatch(round) }
            } catch {
                notes.add(Diagnostic(.error, "followup-failed", component: nil, "\(error)"))
                return
            }
        }
    }

    /// After a committed change: saves the persistent services it changed
    /// (unless `saving` is false), marks stale their readers on every page,
    /// fires subscribers, schedules and performs effects, and navigates.
    /// Returns the actions they queued.
    private func settle(watched: [EffectScheduler.Watched], outcome: DispatchOutcome, saving: Bool) -> [Action] {
        if saving { persistence.save(outcome, store: store, note: notes.add) }
        outcome.changes.forEach { service, change in
            pages.invalidate(service: service, change: change, new: store.state(of: service))
        }
        var own = EffectScheduler.EngineEffects()
        var queued = scheduler.react(watched: watched, outcome: outcome, store: store, own: &own, note: notes.add)
        for effect in own.appearances {
            setAppearance(effect.appearance(from: appearance)!) // checked when emitted
            let result = JSON.object(JSONObject([("appearance", .string(appearance.rawValue))]))
            queued += effect.followUp(ok: true, result: result).map { [$0] } ?? []
        }
        for (effect, ok, result, page) in own.fetched {
            queued += navigator.arrive(effect, ok: ok, result: result, page: page, reader: reader).queued
        }
        for effect in own.navigations {
            queued += navigator.perform(effect, reader: reader)
        }
        return queued
    }

    /// Lists the warnings the last dispatch's handlers reported.
    private func noteHandlerWarnings() {
        guard !store.warnings.isEmpty else { return }
        for (action, message) in store.takeWarnings() {
            notes.add(Diagnostic(.warning, "handler-warning", component: nil, "action \"\(action)\": \(message)"))
        }
    }

    /// Lists a warning from a callback that is neither a factory nor a
    /// handler (a subscriber, performer or middleware), named by `source`.
    public func warn(_ message: String, from source: String) {
        notes.add(Diagnostic(.warning, "callback-warning", component: nil, "\(source): \(message)"))
    }

    /// What the last render noticed (unknown types, fallbacks, failed
    /// factories, factory warnings), in page order; then the current page's
    /// failed validations, while their inputs show the errors; then recent
    /// runtime problems (handler warnings, failed timers, effects without a
    /// performer, failing subscribers, navigation and persistence failures).
    public var diagnostics: [Diagnostic] {
        pages.top.tracker.diagnostics + pages.top.forms.diagnostics + notes.all
    }

    /// The renderer for `session`'s page under the engine's registry, store,
    /// theme, capabilities and limits.
    func renderer(for session: PageSession) -> Renderer {
        Renderer(registry: registry, store: store, inputErrors: session.forms.errors, theme: themes.values,
                 capabilities: capabilities, pageRequirements: session.tracker.page?.requirements ?? .none,
                 viewLimits: limits.view)
    }
}
