/// The engine: a page, the component registry, the services, and the
/// rendered screen kept up to date incrementally.
///
/// Every factory run records the service reads it makes; a state change
/// re-renders exactly the components whose reads now see something else,
/// and the host pulls keyed patches against the screen it last received.
/// It is a plain single-threaded object; the C facade adds the lock.
///
/// The engine coordinates parts that each keep their own invariants:
/// `ScreenTracker` (the page, the components' renders and what they read,
/// the screen and the host's baseline, image counts, the layout walk),
/// `LazyList` (the viewport and what it realized), `EffectScheduler`
/// (subscriptions, performers, pending effects, timers, engine time) and
/// `Navigator` (the pages left for another, each with its tracker, layouts
/// and lazy list, to go back to; the current page's are the engine's;
/// `Engine+Navigation.swift` moves between them), `DocumentReader` (every
/// document read in, under the limits and the duplicate-keys option) and
/// `Forms` (the inputs' validation errors, what a press gathers). It
/// owns the registry, the store and the runtime diagnostics, and decides
/// the order: a dispatch, then stale readers, then subscribers and effects.
public final class Engine {
    /// What a key given twice in one object of a page or server patch
    /// means: refused (the default), or the last value wins with a
    /// "duplicate-key" warning naming each one (for content written for
    /// lenient parsers, such as Adaptive Cards').
    public var duplicateKeys: JSONParseOptions.DuplicateKeys {
        get { reader.duplicateKeys }
        set { reader.duplicateKeys = newValue }
    }

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
    /// The current page; nil until one loads.
    public var page: Page? { tracker.page }
    /// Work done so far; renders come from the screen tracker, `layouts`
    /// from the layout cache itself.
    public var counters: EngineCounters {
        var all = work
        for (tracker, layouts) in [(tracker, layouts)] + navigator.entries.map({ ($0.tracker, $0.layouts) }) {
            all.componentRenders += tracker.componentRenders
            all.factoryRuns += tracker.factoryRuns
            all.layouts += layouts.runs
        }
        all.saves = persistence.saves
        return all
    }

    /// Counts a factory view a binding handed over in the flat form (`FlatView(flat:maxDepth:)`).
    public func noteFlatView() {
        work.flatViews += 1
    }

    /// Actions run, flat views taken, and the work of the pages the
    /// navigation dropped (the other counters are kept by the parts that do the work).
    var work = EngineCounters()
    /// Lays out the screen; replace its measurer to size text the host's
    /// way. The current page's: each page of the navigation stack has its own.
    var layouts: LayoutCache
    /// The page, the components' renders and the screen (`ScreenTracker`),
    /// of the current page.
    var tracker: ScreenTracker
    /// The viewport and the components it realized (`LazyList`), of the current page.
    var lazyList = LazyList()
    /// The current page's route and the pages below it (`Navigator`).
    let navigator = Navigator()
    /// Subscriptions, effects, timers and engine time (`EffectScheduler`).
    let scheduler = EffectScheduler()
    /// The persistent services and their storage (`PersistentServices`).
    private let persistence = PersistentServices()
    /// Diagnostics not tied to a render: failed timers, effects, subscribers.
    private var runtimeDiagnostics: [Diagnostic] = []
    /// The current page's forms (`Forms`): the validation errors its inputs
    /// show, set by a press that failed validation, cleared when the input
    /// is set or a press passes.
    var forms = Forms()
    /// What the host supports besides the page contract (`Capabilities`):
    /// what components' requirements are checked against. Setting it
    /// replaces the set, and the components whose fallback choice changes
    /// (`FallbackChoice`) render again, as patches on the next take.
    public var capabilities = Capabilities() {
        didSet {
            if capabilities != oldValue { tracker.invalidateChoices(with: renderer) }
        }
    }
    /// The width of the host's last layout: what image hints are laid out at without a viewport.
    private var lastLayoutWidth: Double?
    /// Engine time in milliseconds: the last `tick`.
    public var clock: Int64 { scheduler.clock }
    /// The theme views' tokens resolve from (`setTheme`); none at first.
    public private(set) var theme = Theme()
    /// Which of the theme's values are in force (`setAppearance`); light at first.
    public var appearance: Appearance { themeValues.appearance }
    /// The theme's values in force, as renders read them.
    private var themeValues = ThemeValues()

    public init() {
        layouts = LayoutCache(engine: LayoutEngine())
        tracker = ScreenTracker(layouts: layouts)
        store.apply(limits)
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
            noteDuplicates(duplicates, in: bytes, components: page.components)
        case .patch(let patch, let duplicates):
            try apply(patch)
            noteDuplicates(duplicates, in: bytes, components: nil)
        }
    }

    /// A "duplicate-key" warning for each key given again (at the byte
    /// offsets the parser reported), naming its line:column, its path and,
    /// on a page, the component it is in.
    func noteDuplicates(_ offsets: [Int], in bytes: UnsafeRawBufferPointer, components: [Component]?) {
        Diagnostic.duplicateKeys(at: offsets, in: bytes, components: components).forEach { note($0) }
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
        forms = Forms() // the old page's nodes
        let before = tracker.page?.requirements
        tracker.load(page)
        if let before, before != page.requirements {
            // Components kept as they were may now choose another link.
            tracker.invalidateChoices(with: renderer)
        }
        lazyList.keep(onlyIn: tracker.pageIndex)
    }

    /// Applies a server patch: all of it (transactional) or every change
    /// that can be applied (partial, the others become diagnostics).
    public func apply(_ patch: ServerPatch) throws(EngineError) {
        let current = page ?? Page(components: [])
        let (components, skipped) = try patch.apply(to: current.components)
        for message in skipped {
            note(Diagnostic(.warning, "patch-skipped", component: nil, message))
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
        invalidate(type: type)
    }

    /// Registers (or replaces) a factory that reads its data as it came
    /// (`ComponentData`) and returns the view flat (`FlatView`), as a
    /// language binding does; otherwise as `register(component:_:)`.
    public func register(flatComponent type: String, _ factory: @escaping ComponentDataFactory) throws(EngineError) {
        guard !type.isEmpty else { throw EngineError(.invalid, "component type must not be empty") }
        registry.register(type, data: factory)
        invalidate(type: type)
    }

    /// Removes the factory of a component type.
    public func unregister(component type: String) throws(EngineError) {
        guard registry.unregister(type) else {
            throw EngineError(.notFound, "no factory for component type \"\(type)\"")
        }
        invalidate(type: type)
    }

    /// Marks stale the components of every page of the stack that consulted `type`.
    private func invalidate(type: String) {
        tracker.invalidate(type: type)
        for entry in navigator.entries { entry.tracker.invalidate(type: type) }
    }

    /// Creates a service or replaces its state; readers re-render and
    /// subscribers fire as after a dispatch.
    public func register(service name: String, state: JSON) throws(EngineError) {
        let watched = watchedValues()
        var change = StateChange()
        change.noteReplaced(from: store.state(of: name))
        try store.register(service: name, state: state)
        let queued = settle(watched: watched, outcome: DispatchOutcome(changes: [name: change]))
        run(queued)
    }

    // MARK: Theme

    /// Makes `theme` the one views' tokens resolve from. Only the components
    /// that used a token whose value changed (or that it adds or removes)
    /// render again, on the next render or patches.
    public func setTheme(_ theme: Theme) {
        self.theme = theme
        switchTheme(to: ThemeValues(theme: theme, appearance: appearance))
    }

    /// Decodes a theme (`Theme`'s JSON form) under the engine's limits and
    /// makes it current; on error nothing changes, and a contract error
    /// carries line:column and path.
    public func setTheme(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        setTheme(try reader.theme(bytes))
    }

    /// Switches the theme's values in force to those of `appearance`: only
    /// the components that used a token whose value differs between the
    /// two, or read the appearance (`RenderContext.appearance`), render
    /// again. Switching to the appearance in force changes nothing.
    public func setAppearance(_ appearance: Appearance) {
        guard appearance != self.appearance else { return }
        switchTheme(to: ThemeValues(theme: theme, appearance: appearance))
    }

    /// Marks stale the readers of the values that differ (`ThemeValues`:
    /// the theme is tracked as the state of a service).
    private func switchTheme(to values: ThemeValues) {
        var change = StateChange()
        change.noteReplaced(from: themeValues.state)
        themeValues = values
        tracker.invalidate(service: ThemeValues.service, change: change, new: values.state)
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
        guard !type.isEmpty, type != "after", type != Effect.navigate else {
            throw EngineError(.invalid, "bad effect type \"\(type)\" (\"after\" and \"navigate\" are the engine's own)")
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
    public func persist(service name: String) throws(EngineError) {
        guard store.state(of: name) != nil else {
            throw EngineError(.notFound, "no service \"\(name)\" to make persistent; register the service first")
        }
        guard persistence.declare(name) else { return }
        restorePending()
    }

    /// Restores the declared services whose saved state was not looked for yet.
    private func restorePending() {
        for name in persistence.takePending() { restore(name) }
    }

    /// Restores `name` from its saved state, if it has one it can take: as
    /// `persist(service:)` says. Restoring saves nothing.
    private func restore(_ name: String) {
        guard let saved = persistence.saved(name, options: limits.parseOptions, note: { note($0) }) else { return }
        let restoreType = name + "/sdui.restore"
        let watched = watchedValues()
        var outcome = DispatchOutcome()
        do throws(EngineError) {
            if store.hasHandler(for: restoreType) {
                outcome = try store.dispatch(Action(type: restoreType, payload: saved))
            } else {
                let current = store.state(of: name)
                guard let current, current.typeName == saved.typeName else {
                    throw EngineError(.contract, "the service holds \(current?.typeName ?? "nothing"), the saved state \(saved.typeName)")
                }
                var change = StateChange()
                change.noteReplaced(from: current)
                try store.register(service: name, state: saved)
                outcome.changes.merge(change, into: name)
            }
        } catch {
            noteHandlerWarnings()
            note(PersistentServices.rejected(name, "refused: \(error.message)"))
            return
        }
        noteHandlerWarnings()
        work.actions += outcome.actions
        run(settle(watched: watched, outcome: outcome, saving: false))
    }

    // MARK: Dispatch, effects, time

    /// Runs an action and its follow-ups as one transaction, then lets
    /// subscribers and effects react; actions they queue run as further
    /// rounds. Errors of the first round are thrown (and change nothing);
    /// later rounds that fail are rolled back and become diagnostics. All of
    /// it counts in one `DispatchBudget`: a limit a later round hit is thrown
    /// once the rounds end (the rounds before it stay committed).
    public func dispatch(_ action: Action) throws(EngineError) {
        try store.budget.within { () throws(EngineError) in
            let watched = watchedValues()
            let outcome: DispatchOutcome
            do throws(EngineError) {
                outcome = try store.dispatch(action)
            } catch {
                noteHandlerWarnings()
                throw error
            }
            noteHandlerWarnings()
            work.actions += outcome.actions
            run(settle(watched: watched, outcome: outcome))
        }
    }

    /// Sets the value of the bound input `nodeId` (a node id of the current
    /// screen: `form/2`, `form#email`) to `text`: stores it at the place its
    /// `bind` names (`InputBinding`; a number input's number as a number)
    /// as a dispatch would (one transaction, middleware sees `{"type":
    /// "SERVICE/sdui.input", "payload": {"node", "bind", "value"}}`), then lets
    /// readers, subscribers and effects react; patches follow. Throws
    /// `.notFound` when no node of the screen has that id, `.invalid` when it
    /// is not an input with a `bind`, `.limit`/`.contract` for a value outside
    /// the input's domain (`InputDomain`), and what the store throws.
    public func setInput(_ nodeId: String, _ text: String) throws(EngineError) {
        let (node, _) = try Forms.node(nodeId, on: currentScreen())
        guard node.kind == .input, let bind = node.props["bind"] else {
            throw EngineError(.invalid, "node \"\(nodeId)\" is not an input with a bind")
        }
        let binding: InputBinding
        do throws(ContractError) {
            binding = try InputBinding(parsing: bind, at: .root)
        } catch {
            throw EngineError(.invalid, "node \"\(nodeId)\": \(error.message)")
        }
        let value = try InputDomain.value(text, for: InputContent(node.props), node: nodeId, limit: limits.maxPayloadBytes)
        defer { clearError(of: nodeId) } // whatever came of it, the error was about the old value
        let action = Action(type: binding.service + "/sdui.input", payload: .object(JSONObject([
            ("node", .string(nodeId)), ("bind", .string(bind)), ("value", value),
        ])))
        let watched = watchedValues()
        let outcome: DispatchOutcome
        do {
            outcome = try store.set(value, at: binding.path, in: binding.service, as: action)
        } catch {
            noteHandlerWarnings()
            throw error
        }
        noteHandlerWarnings()
        work.actions += outcome.actions
        run(settle(watched: watched, outcome: outcome))
    }

    /// Dispatches the action of node `nodeId` of the current screen (a
    /// button or an input), as a user's press: when the action asks for
    /// `inputs` (`ActionInputs`), the values of those inputs of the node's
    /// component (`name` → `value` as the screen shows it, "" for none; for
    /// `.named`, in that order) are added to its payload, an object (null
    /// becomes one; a member of the same name is replaced). Throws
    /// `.notFound` for no such node or a named input the component lacks,
    /// `.invalid` for a node without an action, `.contract` for inputs
    /// asked with a payload that is not an object, `.invalid` when an input
    /// gathered fails its validation (`InputValidation`: nothing is
    /// dispatched, the input shows its `error`), and what `dispatch` throws.
    public func press(_ nodeId: String) throws(EngineError) {
        let (node, root) = try Forms.node(nodeId, on: currentScreen())
        let (action, gathered) = try Forms.pressed(node, root: root)
        let (problems, changed) = forms.validate(gathered)
        if changed { tracker.invalidate(component: root.id) }
        guard problems.isEmpty else {
            let message = problems.joined(separator: "; ")
            note(Diagnostic(.warning, "validation-failed", component: root.id, message))
            throw EngineError(.invalid, "validation failed: \(message)")
        }
        try dispatch(action)
    }

    /// Drops the validation error input `id` shows, if any (its component renders again).
    private func clearError(of id: String) {
        guard forms.clearError(of: id) else { return }
        for component in currentScreen().components where id.hasPrefix(component.id) {
            tracker.invalidate(component: component.id)
        }
    }

    /// Parses an action and dispatches it.
    public func dispatch(_ bytes: UnsafeRawBufferPointer) throws(EngineError) {
        try dispatch(action(from: bytes))
    }

    /// Advances engine time to `now` (milliseconds) and dispatches the
    /// delayed actions that are due, earliest first; returns how many ran.
    /// Those the tick's actions schedule (at 0 ms too) wait for the next
    /// tick; all count in one `DispatchBudget`, and those it leaves no room
    /// for wait too.
    @discardableResult
    public func tick(_ now: Int64) -> Int {
        scheduler.advance(to: now)
        let mark = scheduler.mark
        var fired = 0
        store.budget.open()
        defer { store.budget.close() }
        while fired < limits.queueLimit, !store.budget.spent, let action = scheduler.takeDueTimer(before: mark) {
            fired += 1
            do {
                try dispatch(action)
            } catch {
                note(Diagnostic(.error, "timer-failed", component: nil, "delayed \"\(action.type)\": \(error)"))
            }
        }
        return fired
    }

    /// Milliseconds of engine time until the next delayed action, or nil.
    public var nextTimer: Int64? { scheduler.nextTimer }

    /// Finishes effect `id` from outside a performer: dispatches its
    /// on_success / on_failure action with `result` in the payload.
    /// A `navigation/fetch` effect is finished with the page of its route
    /// as `result` (`ok`): the page is shown (`navigate(to:)`) and its
    /// on_success dispatched; a failure, or a page that does not decode,
    /// leaves the stack as it was, dispatches its on_failure and throws.
    public func finishEffect(_ id: Int, ok: Bool, result: JSON) throws(EngineError) {
        guard let effect = scheduler.finish(id) else {
            throw EngineError(.notFound, "no pending effect \(id)")
        }
        if effect.type == Effect.fetch {
            let (queued, error) = arrive(effect, ok: ok, result: result)
            run(queued)
            if let error { throw error }
            return
        }
        if let action = effect.followUp(ok: ok, result: result) {
            try dispatch(action)
        }
    }

    /// Finishes effect `id` with its result as JSON text (nil: null), as
    /// `finishEffect(_:ok:result:)`; the page that finishes a
    /// `navigation/fetch` effect is read as `loadPage` reads one, its
    /// errors with their line:column. Text that does not parse finishes
    /// nothing, except a fetch's page: that fetch failed.
    public func finishEffect(_ id: Int, ok: Bool, text: UnsafeRawBufferPointer?) throws(EngineError) {
        guard let text else { return try finishEffect(id, ok: ok, result: .null) }
        guard ok, let effect = scheduler.pendingEffects[id], effect.type == Effect.fetch else {
            return try finishEffect(id, ok: ok, result: parse(text))
        }
        _ = scheduler.finish(id)
        let (queued, error) = arrive(effect, ok: true, result: .null, page: Array(text))
        run(queued)
        if let error { throw error }
    }

    /// Effects handed to performers and not finished yet, by id.
    public var pending: [Int: Effect] { scheduler.pendingEffects }

    /// Runs queued actions as further rounds, each its own transaction, all
    /// counted in one `DispatchBudget`.
    func run(_ queued: [Action]) {
        guard !queued.isEmpty else { return }
        store.budget.open()
        defer { store.budget.close() }
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
                noteHandlerWarnings()
                work.actions += outcome.actions
                pending = settle(watched: watched, outcome: outcome)
            } catch {
                noteHandlerWarnings()
                note(Diagnostic(.error, "followup-failed", component: nil, "\(error)"))
                return
            }
        }
    }

    /// Each subscription with the value it watches now, taken before a
    /// dispatch so `settle` can tell what changed.
    private func watchedValues() -> [EffectScheduler.Watched] {
        scheduler.watchedValues(in: store)
    }

    /// After a committed change: saves the persistent services it changed
    /// (unless `saving` is false), marks stale readers (of every page of the
    /// stack), fires subscribers, schedules and performs effects, and
    /// navigates. Returns the actions they queued.
    private func settle(watched: [EffectScheduler.Watched], outcome: DispatchOutcome, saving: Bool = true) -> [Action] {
        if saving { persistence.save(outcome, store: store) { note($0) } }
        outcome.changes.forEach { service, change in
            tracker.invalidate(service: service, change: change, new: store.state(of: service))
            for entry in navigator.entries {
                entry.tracker.invalidate(service: service, change: change, new: store.state(of: service))
            }
        }
        var own = EffectScheduler.EngineEffects()
        var queued = scheduler.react(watched: watched, outcome: outcome, store: store, own: &own) { note($0) }
        for (effect, ok, result, page) in own.fetched {
            queued += arrive(effect, ok: ok, result: result, page: page).queued
        }
        for effect in own.navigations {
            queued += navigate(effect)
        }
        return queued
    }

    /// Lists the warnings the last dispatch's handlers reported.
    private func noteHandlerWarnings() {
        guard !store.warnings.isEmpty else { return }
        for (action, message) in store.takeWarnings() {
            note(Diagnostic(.warning, "handler-warning", component: nil, "action \"\(action)\": \(message)"))
        }
    }

    /// Lists a warning from a callback that is neither a factory nor a
    /// handler (a subscriber, performer or middleware), named by `source`.
    public func warn(_ message: String, from source: String) {
        note(Diagnostic(.warning, "callback-warning", component: nil, "\(source): \(message)"))
    }

    func note(_ diagnostic: Diagnostic) {
        runtimeDiagnostics.append(diagnostic)
        if runtimeDiagnostics.count > 64 { runtimeDiagnostics.removeFirst() }
    }

    // MARK: Rendering and patches

    /// What the last render noticed (unknown types, fallbacks, failed
    /// factories, factory warnings), in page order, then recent runtime
    /// problems (handler warnings, failed
    /// timers, effects without a performer, failing subscribers).
    public var diagnostics: [Diagnostic] {
        tracker.diagnostics + runtimeDiagnostics
    }

    /// The current screen, brought up to date; the host now holds it, so
    /// later patches are relative to it.
    public func render() -> Screen {
        refresh()
        tracker.resetBaseline()
        return tracker.screen
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
        refresh()
        tracker.resetBaseline()
        return tracker.json(allocator: allocator)
    }

    /// One component of the current screen as compact JSON,
    /// `{"id","type","view"}` exactly as the whole screen's JSON writes it,
    /// brought up to date without moving the patch baseline; nil when no
    /// component of that id is on the screen (not on the page, dropped by
    /// its fallback, or outside a lazy list's window).
    public func componentJSON(id: String) -> [UInt8]? {
        refresh()
        return tracker.screen.components.first { $0.id == id }?.jsonBytes()
    }

    /// The current screen without moving the patch baseline.
    public func currentScreen() -> Screen {
        refresh()
        return tracker.screen
    }

    /// The patches from the screen the host last received (from `render`
    /// or `takePatches`) to the current one, and the image changes.
    public func takePatches() -> PatchSet {
        refresh()
        return tracker.takePatches(width: lastLayoutWidth, viewport: lazyList.viewport)
    }

    /// Reports the size of the picture at `url` once the host has loaded it,
    /// in the layout's units: image nodes showing it take its aspect ratio
    /// (unless their style gives one) and its natural size, and the
    /// components showing it are laid out again at the next layout.
    public func setImageSize(url: String, width: Double, height: Double) throws(EngineError) {
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            throw EngineError(.invalid, "an image size must be finite and above 0, got \(width)×\(height)")
        }
        if layouts.images.set(Size(width: width, height: height), for: url) { // shared by every page
            tracker.pictureSized(url)
            for entry in navigator.entries { entry.tracker.pictureSized(url) }
        }
    }

    /// The current screen laid out at `width`: components stacked in page
    /// order, each laid out on its own and kept until it renders again or
    /// the width or measurer changes. In a lazy list, components not
    /// rendered yet take an estimated height.
    public func layout(width: Double) -> ScreenLayout {
        var result = ScreenLayout(width: width, height: walkLayout(width: width), components: [])
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
        return layouts.json(width: width, height: height, allocator: allocator)
    }

    /// Brings the screen up to date and walks it for layout (`ScreenTracker.walkLayout`).
    private func walkLayout(width: Double) -> Double {
        refresh()
        lastLayoutWidth = width
        return tracker.walkLayout(width: width, lazy: lazyList.viewport != nil)
    }

    /// Sets (or, with nil, removes) the viewport: from now on only the
    /// components in or near it render (a lazy list). Returns what entered
    /// or left the visible window since the last call, top to bottom,
    /// disappearances first.
    public func setViewport(_ viewport: Viewport?) -> [Visibility] {
        let gone = lazyList.set(viewport)
        tracker.walkChanged()
        guard let viewport else { return gone }
        refresh()
        return lazyList.updateVisible(viewport, in: tracker)
    }

    /// Sizes text for layout; the default counts monospace terminal cells.
    public var measurer: TextMeasurer {
        get { layouts.engine.measurer }
        set {
            layouts.engine.measurer = newValue
            for entry in navigator.entries { entry.layouts.engine.measurer = newValue }
        }
    }

    /// Goes back to the default measurer, `Monospace.measurer`, which the
    /// layout runs on the texts' bytes (setting `measurer` to it works too,
    /// through the closure).
    public func useMonospaceMeasurer() {
        layouts.engine.hostMeasurer = nil
        for entry in navigator.entries { entry.layouts.engine.hostMeasurer = nil }
    }

    /// Image URLs on the current screen.
    public var images: [String] {
        refresh()
        return tracker.imageURLs
    }

    /// The renderer for the current page, theme, capabilities and input errors.
    private var renderer: Renderer {
        Renderer(registry: registry, store: store, inputErrors: forms.errors, theme: themeValues,
                 capabilities: capabilities, pageRequirements: tracker.page?.requirements ?? .none, viewLimits: limits.view)
    }

    /// Renders what is missing or stale (in a lazy list, what is realized)
    /// and updates the screen.
    private func refresh() {
        guard let page = tracker.page else {
            tracker.clearScreen()
            return
        }
        let renderer = self.renderer
        var inOrder: [ScreenTracker.Entry]?
        if let viewport = lazyList.viewport {
            lazyList.render(page, viewport, in: tracker, with: renderer)
        } else if tracker.hasDue {
            inOrder = tracker.renderDue(page, with: renderer)
        }
        tracker.updateScreen(page, onlyEntries: lazyList.viewport != nil, inOrder: inOrder)
    }
}
