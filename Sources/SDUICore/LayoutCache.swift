/// Keeps each component's layout until its render or the width changes, so
/// a patch re-lays-out only the components it touched, and writes the
/// screen's layout as JSON.
///
/// For each component it keeps, per render, the view tree compiled for
/// layout (`LayoutTree`) and its JSON without frames (`LayoutTemplate`),
/// and per layout the frames. The JSON text of the last layout written is
/// kept with where each component's root node is in it: the next text
/// copies the nodes of the components that kept their layout from there,
/// and fills the templates of the others in with their frames. Two buffers
/// take turns, the last text and the one being written.
final class LayoutCache {
    var engine: LayoutEngine {
        didSet {
            entries = [:]
            slots = []
        }
    }

    /// One component's layout.
    final class Entry {
        /// The component.
        let id: String
        /// The render it was computed for, and the width.
        fileprivate(set) var revision: Int
        fileprivate(set) var width: Double
        /// The view tree of that render, compiled for layout, and its JSON
        /// without the frames (made at the first layout written).
        fileprivate(set) var view: ViewNode
        fileprivate var tree: LayoutTree
        fileprivate var template: LayoutTemplate?
        /// One frame per view node (`tree.count`), depth first, relative to
        /// the root's corner.
        fileprivate var frames: UnsafeMutablePointer<Frame>
        /// Where the root node's JSON is in `LayoutCache.last`, when
        /// `generation` is the last text's.
        fileprivate var start = 0
        fileprivate var end = 0
        fileprivate var generation = -1
        /// The last walk (`beginWalk`) that asked for it.
        fileprivate var walk = -1

        fileprivate init(id: String, revision: Int, width: Double, view: ViewNode, chrome: Double) {
            self.id = id
            self.revision = revision
            self.width = width
            self.view = view
            tree = withUnsafePointer(to: view) { LayoutTree($0, chrome: chrome) }
            frames = .allocate(capacity: tree.count)
            frames.initialize(repeating: Frame(x: 0, y: 0, width: 0, height: 0), count: tree.count)
        }

        deinit {
            frames.deallocate()
        }

        /// A new render: its view tree, compiled.
        fileprivate func set(view: ViewNode, chrome: Double) {
            self.view = view
            let count = tree.count
            tree = withUnsafePointer(to: view) { LayoutTree($0, chrome: chrome) }
            template = nil
            if tree.count != count {
                frames.deallocate()
                frames = .allocate(capacity: tree.count)
                frames.initialize(repeating: Frame(x: 0, y: 0, width: 0, height: 0), count: tree.count)
            }
        }

        /// The component's height.
        var height: Double { frames[0].height }
    }

    private var entries: [String: Entry] = [:]
    /// The entries by the page position they were last asked for at: a walk
    /// down the page finds each one there without hashing its id.
    private var slots: [Entry?] = []
    /// Component layouts computed (not served from the cache).
    private(set) var runs = 0
    /// The last text written, and the buffer for the next one.
    private var last = LayoutWriter()
    private var next = LayoutWriter()
    /// Counts the texts written; `last` holds number `generation`.
    private var generation = 0
    /// The current walk, and how many entries it has asked for.
    private var walk = 0
    private var walked = 0

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// The layout of component `id` at `width`; `revision` counts its
    /// renders, and `view` gives the view tree of that render: it is asked
    /// for only when the component rendered again since it was last laid
    /// out. `position` is the component's place in the page, when known.
    func entry(_ id: String, at position: Int? = nil, revision: Int, width: Double, view: () -> ViewNode) -> Entry {
        let entry: Entry
        if let hit = find(id, at: position) {
            entry = hit
            if hit.revision != revision || hit.width != width {
                if hit.revision != revision { hit.set(view: view(), chrome: engine.chrome) }
                hit.revision = revision
                hit.width = width
                hit.generation = -1
                lay(hit)
            }
        } else {
            entry = Entry(id: id, revision: revision, width: width, view: view(), chrome: engine.chrome)
            lay(entry)
            entries[id] = entry
        }
        if let position {
            if position >= slots.count { slots += [Entry?](repeating: nil, count: position + 1 - slots.count) }
            slots[position] = entry
        }
        if entry.walk != walk {
            entry.walk = walk
            walked += 1
        }
        return entry
    }

    /// The entry of component `id`: in its page slot, or by its id.
    private func find(_ id: String, at position: Int?) -> Entry? {
        if let position, position < slots.count, let slot = slots[position], slot.id == id { return slot }
        return entries[id]
    }

    /// Lays `entry`'s view out at its width.
    private func lay(_ entry: Entry) {
        engine.layOut(entry.tree, width: AxisConstraint.proposal(entry.width), height: .infinity, into: entry.frames)
        runs += 1
    }

    /// The layout tree of `entry`.
    func node(_ entry: Entry) -> LayoutNode {
        LayoutNode(entry.view, frames: UnsafeBufferPointer(start: entry.frames, count: entry.tree.count))
    }

    /// Starts a walk over the page: `keep` then knows whether every entry was asked for.
    func beginWalk() {
        walk += 1
        walked = 0
    }

    /// Forgets the layouts of components no longer on the page (`ids`: the
    /// page's index); nothing to look at when the walk since `beginWalk`
    /// asked for every entry.
    func keep(onlyIn ids: [String: Int]) {
        if walked == entries.count { return }
        if entries.keys.contains(where: { ids[$0] == nil }) {
            entries = entries.filter { ids[$0.key] != nil }
            slots = []
        }
    }

    /// The average height of the layouts kept (1 when there are none): the
    /// estimate for components not rendered yet.
    var averageHeight: Double {
        guard !entries.isEmpty else { return 1 }
        let total = entries.values.reduce(0.0) { $0 + $1.height }
        return max(1, (total / Double(entries.count)).rounded())
    }

    // MARK: JSON

    /// Starts writing the screen's layout as JSON.
    func beginJSON() {
        next.begin(expected: last.count)
    }

    /// Appends component `id` at page height `y`, laid out in `entry`.
    func appendJSON(id: String, y: Double, _ entry: Entry) {
        let writer = next
        writer.item(id: id, y: y) {
            let start = writer.count
            if entry.generation == generation {
                writer.copy(UnsafeBufferPointer(start: last.base + entry.start, count: entry.end - entry.start))
            } else {
                let template = entry.template ?? withUnsafePointer(to: &entry.view) { LayoutTemplate($0) }
                entry.template = template
                writer.fill(template, entry.frames)
            }
            entry.start = start
            entry.end = writer.count
            entry.generation = generation + 1
        }
    }

    /// Ends the text, `width` wide and `height` high, and keeps it for the
    /// next one; the bytes are valid until the next `beginJSON`.
    func finishJSON(width: Double, height: Double) -> UnsafeBufferPointer<UInt8> {
        let text = next.finish(width: width, height: height)
        swap(&last, &next)
        generation += 1
        return text
    }
}
