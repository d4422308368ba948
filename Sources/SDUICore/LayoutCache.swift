/// Keeps each component's layout until its render or the width changes, so
/// a patch re-lays-out only the components it touched, and writes the
/// screen's layout as JSON.
///
/// A component's layout is its frames (`LayoutRun`'s flat array). The JSON
/// text of the last layout written is kept with where each component's
/// root node is in it: the next text copies the nodes of the components
/// that kept their layout from there, and writes the others from their
/// frames. Two buffers take turns, the last text and the one being written.
final class LayoutCache {
    var engine: LayoutEngine {
        didSet { entries = [:] }
    }

    /// One component's layout.
    final class Entry {
        /// The render it was computed for, and the width.
        fileprivate(set) var revision: Int
        fileprivate(set) var width: Double
        /// The view tree of that render, compiled for layout, and its JSON
        /// without the frames (made at the first layout written).
        fileprivate(set) var view: ViewNode
        fileprivate var tree: LayoutTree
        fileprivate var template: LayoutTemplate?
        /// One frame per view node, depth first, relative to the root's corner.
        fileprivate(set) var frames: [Frame] = []
        /// Where the root node's JSON is in `LayoutCache.last`, when
        /// `generation` is the last text's.
        fileprivate var start = 0
        fileprivate var end = 0
        fileprivate var generation = -1
        /// The last walk (`beginWalk`) that asked for it.
        fileprivate var walk = -1

        fileprivate init(revision: Int, width: Double, view: ViewNode) {
            self.revision = revision
            self.width = width
            self.view = view
            tree = withUnsafePointer(to: view) { LayoutTree($0) }
        }

        /// The component's height.
        var height: Double { frames[0].height }
    }

    private var entries: [String: Entry] = [:]
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

    /// The layout of component `id` at `width`; `revision` counts its renders,
    /// and `view` gives the view tree of that render: it is asked for only
    /// when the component rendered again since it was last laid out.
    func entry(_ id: String, revision: Int, width: Double, view: () -> ViewNode) -> Entry {
        let entry: Entry
        if let hit = entries[id] {
            entry = hit
            if hit.revision != revision || hit.width != width {
                if hit.revision != revision {
                    hit.view = view()
                    hit.tree = withUnsafePointer(to: &hit.view) { LayoutTree($0) }
                    hit.template = nil
                }
                hit.revision = revision
                hit.width = width
                hit.generation = -1
                lay(hit)
            }
        } else {
            entry = Entry(revision: revision, width: width, view: view())
            lay(entry)
            entries[id] = entry
        }
        if entry.walk != walk {
            entry.walk = walk
            walked += 1
        }
        return entry
    }

    /// Lays `entry`'s view out at its width.
    private func lay(_ entry: Entry) {
        engine.layOut(entry.tree, width: AxisConstraint.length(entry.width), height: nil, into: &entry.frames)
        runs += 1
    }

    /// The layout tree of `entry`.
    func node(_ entry: Entry) -> LayoutNode {
        entry.frames.withUnsafeBufferPointer { LayoutNode(entry.view, frames: $0) }
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
                if entry.template == nil {
                    entry.template = withUnsafePointer(to: &entry.view) { LayoutTemplate($0) }
                }
                entry.frames.withUnsafeBufferPointer { writer.fill(entry.template!, $0.baseAddress!) }
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
