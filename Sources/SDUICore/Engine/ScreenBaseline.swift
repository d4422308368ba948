/// The screen the host last received (from `Engine.render` or
/// `takePatches`), kept cheaply: the components re-rendered since then map
/// to their version at that time (nil: not on it). Only when the list
/// itself changes (a page load, a component dropped or back) is the whole
/// baseline materialized, once, so an update never copies the screen.
///
/// Invariants: while `full` is nil, the host's screen has the same
/// components in the same order as the current one, and is the current
/// screen with each non-nil `versions` value put back at its id; once
/// `full` is set it is the host's screen and stays so until `reset`. An id
/// keeps the first version noted for it: the one the host holds.
struct ScreenBaseline {
    private(set) var versions: [String: RenderedComponent?] = [:]
    /// The host's whole screen; an empty one before the first render.
    private(set) var full: Screen? = Screen()
    /// Whether the whole baseline is kept (`full` is set). A pattern, not
    /// `full != nil`, which copies the screen to compare it (asked for
    /// every new component).
    var keepsFull: Bool {
        if case .some = full { return true }
        return false
    }

    /// Whether component `id`'s version on the host's screen is already
    /// known (kept, or part of the full baseline).
    func knows(_ id: String) -> Bool {
        keepsFull || versions[id] != nil
    }

    /// Notes `version` as what the host holds for component `id`, about to
    /// be replaced in the current screen. Only when `knows(id)` is false.
    mutating func keep(_ version: RenderedComponent, of id: String) {
        versions[id] = .some(version)
    }

    /// Changes the host's version of component `id` (`current` is its
    /// version on the current screen, which the host holds unless the
    /// baseline kept another): the host changed its own copy, as an input
    /// it edited. Nothing for a component not on the host's screen.
    mutating func edit(_ id: String, current: RenderedComponent, _ change: (inout RenderedComponent) -> Void) {
        if var whole = full {
            guard let i = whole.components.firstIndex(where: { $0.id == id }) else { return }
            change(&whole.components[i])
            full = whole
            return
        }
        switch versions[id] {
        case .none: // the host holds the current version
            var version = current
            change(&version)
            versions[id] = .some(version)
        case .some(.some(var version)):
            change(&version)
            versions[id] = .some(version)
        case .some(.none): // not on the host's screen
            return
        }
    }

    /// Before the component list changes: keeps the whole baseline (the
    /// current `screen`, whose ids sit at `index`, with the pre-change
    /// versions put back), unless kept already.
    mutating func keepFull(current screen: Screen, index: [String: Int]) {
        guard !keepsFull else { return }
        full = hostScreen(current: screen, index: index)
    }

    /// The host's screen: the current `screen` (whose ids sit at `index`)
    /// with the versions it holds put back, or the whole baseline.
    func hostScreen(current screen: Screen, index: [String: Int]) -> Screen {
        if let full { return full }
        var old = screen
        for (id, version) in versions {
            if let version, let i = index[id] { old.components[i] = version }
        }
        return old
    }

    /// The host holds `screen` (another page's: the navigation changed
    /// pages), whatever this baseline knew.
    mutating func hold(_ screen: Screen) {
        versions = [:]
        full = screen
    }

    /// The host now holds the current screen. The table of versions keeps
    /// its room: the next round of updates (a script reload re-renders
    /// every card again) fills it without growing it step by step.
    mutating func reset() {
        versions.removeAll(keepingCapacity: true)
        full = nil
    }

    /// The patches from the host's screen to `screen` (its ids at `index`).
    func patches(to screen: Screen, index: [String: Int]) -> [Patch] {
        if let full {
            return Diff.patches(from: full, to: screen)
        }
        // Only updates: every changed id is on both screens.
        var patches: [Patch] = []
        let changed = versions.compactMap { id, old in old.map { ($0, index[id]!) } }
        for (before, index) in changed.sorted(by: { $0.1 < $1.1 }) {
            if let patch = Diff.update(from: before, to: screen.components[index]) {
                patches.append(patch)
            }
        }
        return patches
    }
}
