/// Keeps each component's layout until its render or the width changes, so
/// a patch re-lays-out only the components it touched, and writes the
/// screen's layout as JSON.
///
/// For each component it keeps, per render, the view tree compiled for
/// layout (`LayoutTree`) and its JSON without numbers (`LayoutTemplate`),
/// and per layout the frames. A walk over the page asks for each
/// component's entry in turn; the cache remembers the walk, so the next one
/// replays it without looking anything up when the engine says nothing on
/// the page changed meanwhile (its `epoch`).
///
/// The JSON is written straight into memory the caller owns afterwards
/// (`ByteAllocator`), each component's template filled in with its frames.
/// While the width stays the same, a copy of a text is kept as the
/// reference: the components whose frames have not changed since are
/// copied from it. The width changing (every component laid out afresh) is
/// the case this avoids a copy for: nothing is kept then.
///
/// The entries' and the cache's stored properties are read and set on every
/// component of every layout, so they are marked `@exclusivity(unchecked)`:
/// nothing here accesses one while another access to it is under way.
final class LayoutCache {
    var engine: LayoutEngine {
        didSet {
            entries = [:]
            slots = []
            walkList = []
            walkEpoch = nil
            dropReference()
            (chrome, minInputWidth, hostMeasured, monospace) = LayoutCache.constants(engine)
        }
    }
    /// What of `engine` a layout reads, kept apart: reading `engine` copies
    /// it, its measurer counted.
    @exclusivity(unchecked) private var chrome: Double
    /// The pictures' reported sizes, which image nodes are sized from
    /// (shared by the caches of every page of the navigation stack).
    let images: ImageSizes
    @exclusivity(unchecked) private var minInputWidth: Double
    @exclusivity(unchecked) private var hostMeasured: Bool
    /// The monospace measurer, with the engine's cell size.
    @exclusivity(unchecked) private var monospace: MonospaceBytes

    /// One component's layout.
    final class Entry {
        /// The component.
        let id: String
        /// The render it was computed for, and the width.
        @exclusivity(unchecked) fileprivate(set) var revision: Int
        @exclusivity(unchecked) fileprivate(set) var width: Double
        /// The view tree of that render, compiled for layout, and its JSON
        /// without the numbers (made at the first layout written).
        @exclusivity(unchecked) fileprivate(set) var view: ViewNode
        @exclusivity(unchecked) fileprivate var tree: LayoutTree {
            didSet { (pointers, count) = (tree.pointers, tree.count) }
        }
        /// `tree`'s arrays and node count, read without counting `tree`.
        @exclusivity(unchecked) fileprivate var pointers: LayoutTree.Pointers
        @exclusivity(unchecked) fileprivate var count: Int
        @exclusivity(unchecked) fileprivate var template: LayoutTemplate? {
            didSet { text = template?.text }
        }
        /// `template`'s text, read without counting `template`.
        @exclusivity(unchecked) fileprivate var text: LayoutTemplate.Text?
        /// One frame per view node (`tree.count`), depth first, relative to
        /// the root's corner.
        @exclusivity(unchecked) fileprivate var frames: UnsafeMutablePointer<Frame>
        /// Where the root node's JSON is in the last text written, and in
        /// the reference text when `reference` is the cache's `referenceNumber`.
        @exclusivity(unchecked) fileprivate var start = 0
        @exclusivity(unchecked) fileprivate var end = 0
        @exclusivity(unchecked) fileprivate var referenceStart = 0
        @exclusivity(unchecked) fileprivate var referenceEnd = 0
        @exclusivity(unchecked) fileprivate var reference = -1
        /// The last walk (`beginWalk`) that asked for it.
        @exclusivity(unchecked) fileprivate var walk = -1
        /// A render since (`LayoutCache.rendered`), not laid out yet; its tree is made when it is.
        @exclusivity(unchecked) fileprivate var pending: RenderedComponent?
        @exclusivity(unchecked) fileprivate var stale = false
        /// The reading order of the last layout, and its ids as JSON
        /// strings joined by commas, made when first asked for.
        /// `orderText` stays while a new layout's order has the same
        /// elements (`textElements`), and goes with a new render.
        @exclusivity(unchecked) fileprivate var order: ReadingOrder?
        @exclusivity(unchecked) fileprivate var orderText: [UInt8]?
        @exclusivity(unchecked) fileprivate var textElements: [Int32] = []
        /// Whether `orderText` was made from the last layout.
        @exclusivity(unchecked) fileprivate var textCurrent = false
        /// The ids of the view's nodes, depth first, made when first asked for.
        @exclusivity(unchecked) fileprivate var ids: [String]?

        fileprivate init(id: String, revision: Int, width: Double, view: ViewNode, chrome: Double, images: ImageSizes) {
            self.id = id
            self.revision = revision
            self.width = width
            self.view = view
            tree = withUnsafePointer(to: view) { LayoutTree($0, chrome: chrome, images: images) }
            (pointers, count) = (tree.pointers, tree.count)
            frames = .allocate(capacity: tree.count)
            frames.initialize(repeating: Frame(x: 0, y: 0, width: 0, height: 0), count: tree.count)
        }

        deinit {
            frames.deallocate()
        }

        /// A new render: its view tree, compiled.
        fileprivate func set(view: ViewNode, chrome: Double, images: ImageSizes) {
            self.view = view
            orderText = nil
            ids = nil
            let count = tree.count
            tree = withUnsafePointer(to: view) { LayoutTree($0, chrome: chrome, images: images) }
            template = nil
            if tree.count != count {
                frames.deallocate()
                frames = .allocate(capacity: tree.count)
                frames.initialize(repeating: Frame(x: 0, y: 0, width: 0, height: 0), count: tree.count)
            }
        }

        /// The component's height.
        var height: Double { frames[0].height }

        /// The reading order and picture order of the last layout (`ReadingOrder`).
        var readingOrder: ReadingOrder {
            if let order { return order }
            let made = ReadingOrder(tree, frames: UnsafeBufferPointer(start: frames, count: count))
            order = made
            return made
        }

        /// The frames of the last layout, one per node, depth first.
        var laidOutFrames: UnsafeBufferPointer<Frame> { UnsafeBufferPointer(start: frames, count: count) }

        /// The pictures in visual order (`ReadingOrder.images`): each image
        /// node's url and frame, relative to the component's corner.
        var pictures: [(url: String, frame: Frame)] {
            let order = readingOrder.images
            guard !order.isEmpty else { return [] }
            var urls: [Int: String] = [:]
            var index = 0
            func visit(_ node: ViewNode) {
                if node.kind == .image, let url = node.props["url"] { urls[index] = url }
                index += 1
                node.children.forEach(visit)
            }
            visit(view)
            return order.compactMap { i in urls[i].map { ($0, frames[i]) } }
        }

        /// The ids of the nodes, depth first.
        var nodeIds: [String] {
            if let ids { return ids }
            var made: [String] = []
            made.reserveCapacity(count)
            func visit(_ node: UnsafePointer<ViewNode>) {
                made.append(node.pointee.id)
                LayoutTree.forEachChild(of: node, visit)
            }
            withUnsafePointer(to: view) { visit($0) }
            ids = made
            return made
        }

        /// The ids of the reading order's elements as JSON strings joined by
        /// commas; `scratch` has room for `count` indexes. The text of the
        /// last layout stays while the order is the same.
        fileprivate func readingOrderText(scratch: UnsafeMutablePointer<Int32>) -> [UInt8] {
            if textCurrent, let orderText { return orderText }
            textCurrent = true
            let found = ReadingOrder.walk(tree, UnsafeBufferPointer(start: frames, count: count), elements: scratch,
                                          images: nil).elements
            let elements = UnsafeBufferPointer(start: scratch, count: found)
            if let orderText, textElements.elementsEqual(elements) { return orderText }
            let ids = nodeIds
            var sink = ByteSink(capacity: 64)
            for (i, element) in elements.enumerated() {
                if i > 0 { sink.append(UInt8(ascii: ",")) }
                sink.writeString(ids[Int(element)])
            }
            let text = sink.withBytes { [UInt8]($0) }
            orderText = text
            textElements = Array(elements)
            return text
        }
    }

    private var entries: [String: Entry] = [:]
    /// The entries by the page position they were last asked for at: a walk
    /// down the page finds each one there without hashing its id.
    @exclusivity(unchecked) private var slots: [Entry?] = []
    /// Component layouts computed (not served from the cache).
    @exclusivity(unchecked) private(set) var runs = 0
    /// The current walk, and how many entries it has asked for.
    @exclusivity(unchecked) private var walk = 0
    @exclusivity(unchecked) private var walked = 0
    /// The steps of the last walk, in order: each component it walked, with
    /// the number of page positions it skipped before it (components not
    /// rendered yet) and its entry (nil for a component it found dropped);
    /// the position after the last one it walked; the engine's epoch it was
    /// made at (nil while it is not complete).
    @exclusivity(unchecked) private var walkList: [(gap: Int, entry: Unmanaged<Entry>?)] = []
    @exclusivity(unchecked) private var walkNext = 0
    @exclusivity(unchecked) private var walkEpoch: Int?
    /// The components the last walk visited, with their page y.
    @exclusivity(unchecked) private var items: [(entry: Unmanaged<Entry>, y: Double)] = []
    /// The reference text (see the type's comment), named by `referenceNumber`.
    @exclusivity(unchecked) private var reference: UnsafeMutableBufferPointer<UInt8>?
    @exclusivity(unchecked) private var referenceNumber = 0
    /// The width and size of the last text written.
    @exclusivity(unchecked) private var lastWidth: Double?
    @exclusivity(unchecked) private var lastCount = 0

    init(engine: LayoutEngine, images: ImageSizes = ImageSizes()) {
        self.engine = engine
        self.images = images
        (chrome, minInputWidth, hostMeasured, monospace) = LayoutCache.constants(engine)
    }

    /// `engine`'s chrome and minimum input width made usable, whether it
    /// has a host's measurer, and its monospace measurer.
    private static func constants(_ engine: LayoutEngine) -> (Double, Double, Bool, MonospaceBytes) {
        (engine.chrome, AxisConstraint.amount(engine.options.minInputWidth), engine.hostMeasurer != nil,
         MonospaceBytes(engine.options))
    }

    deinit {
        reference?.deallocate()
    }

    // MARK: Walks

    /// Starts a walk over the page at the engine's `epoch` (a count of the
    /// changes to what a walk visits: renders, the page, the viewport).
    /// Returns true when the last walk was made at the same epoch: then
    /// `replay` repeats it, and the walk is done once that returns.
    /// Otherwise the walk asks for each component's `entry` in page order,
    /// `record`s each step, and ends with `endWalk`. Either way the walk
    /// leaves the components it visited, with their page y, in `items`.
    func beginWalk(epoch: Int) -> Bool {
        items.removeAll(keepingCapacity: true)
        if epoch == walkEpoch { return true }
        walk += 1
        walked = 0
        walkEpoch = nil
        walkList.removeAll(keepingCapacity: true)
        return false
    }

    /// The layout of component `id` at `width`; `revision` counts its
    /// renders, and `view` gives the view tree of that render: it is asked
    /// for only when the component rendered again since it was last laid
    /// out. `position` is the component's place in the page, when known.
    func entry(_ id: String, at position: Int? = nil, revision: Int, width: Double, view: () -> ViewNode) -> Entry {
        let entry: Entry
        if let hit = find(id, at: position) {
            entry = hit
            if hit.revision != revision {
                hit.pending = nil
                hit.stale = false
                hit.set(view: view(), chrome: chrome, images: images)
                hit.revision = revision
                hit.width = width
                lay(hit)
            } else if hit.stale || hit.width != width {
                hit.width = width
                relay(hit)
            }
        } else {
            entry = Entry(id: id, revision: revision, width: width, view: view(), chrome: chrome, images: images)
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

    /// Notes a step of the walk: a component `gap` page positions after the
    /// last one it walked, with its entry (after `entry`) and page `y`, or
    /// nil when the component is not rendered or dropped.
    func record(_ entry: Entry?, gap: Int, y: Double) {
        let entry = entry.map { Unmanaged.passUnretained($0) }
        walkList.append((gap, entry))
        if let entry { items.append((entry, y)) }
    }

    /// Ends a walk that walked up to page position `next` (excluded):
    /// forgets the layouts of components no longer on the page (`ids`: the
    /// page's index; nothing to look at when the walk asked for every
    /// entry), and keeps the walk for `replay` at `epoch`.
    func endWalk(epoch: Int, next: Int, onlyIn ids: [String: Int]) {
        if walked != entries.count, entries.keys.contains(where: { ids[$0] == nil }) {
            entries = entries.filter { ids[$0.key] != nil }
            slots = []
        }
        walkNext = next
        walkEpoch = epoch
    }

    /// Repeats the last walk at `width`, the components skipped counting
    /// `estimate` each: lays out again those whose width changed or that
    /// rendered again, and lists each with its page y in `items`. Returns
    /// the y after the last one and the page position after the last one
    /// walked (see `endWalk`).
    func replay(width: Double, estimate: Double) -> (y: Double, next: Int) {
        var y = 0.0
        for step in walkList {
            y += Double(step.gap) * estimate
            guard let entry = step.entry else { continue }
            let height = entry._withUnsafeGuaranteedRef { entry in
                if entry.stale || entry.width != width {
                    entry.width = width
                    relay(entry)
                }
                return entry.height
            }
            items.append((entry, y))
            y += height
        }
        return (y, walkNext)
    }

    /// Calls `body` with each component the last walk visited and its page y, in order.
    func forEachItem(_ body: (Entry, Double) -> Void) {
        for item in items {
            body(item.entry.takeUnretainedValue(), item.y)
        }
    }

    /// Component `id` rendered again, its `revision` with view `view`, and
    /// stays on the screen (a walk visits the same components): its entry,
    /// if it has one, takes the view the next time it is asked for.
    func rendered(_ id: String, revision: Int, _ rendered: RenderedComponent) {
        guard let entry = entries[id] else { return }
        entry.pending = rendered
        entry.stale = true
        entry.revision = revision
    }

    /// Lays `entry` out again at its width, with the view of its last render if it is stale.
    private func relay(_ entry: Entry) {
        if entry.stale, let rendered = entry.pending {
            entry.pending = nil
            entry.stale = false
            entry.set(view: rendered.view, chrome: chrome, images: images)
        }
        lay(entry)
    }

    /// The entry of component `id`: in its page slot, or by its id.
    private func find(_ id: String, at position: Int?) -> Entry? {
        if let position, position < slots.count, let slot = slots[position], slot.id == id { return slot }
        return entries[id]
    }

    /// Lays `entry`'s view out at its width; its JSON must be written anew.
    private func lay(_ entry: Entry) {
        let width = AxisConstraint.proposal(entry.width)
        if hostMeasured {
            engine.layOut(entry.tree, width: width, height: .infinity, into: entry.frames)
        } else {
            LayoutEngine.layOut(entry.pointers, count: entry.count, measurer: monospace,
                                minInputWidth: minInputWidth, width: width, height: .infinity, into: entry.frames)
        }
        entry.reference = -1
        entry.order = nil
        entry.textCurrent = false
        runs += 1
    }

    /// The layout tree of `entry`, with each node's content (`LayoutContent`).
    func node(_ entry: Entry) -> LayoutNode {
        LayoutNode(entry.view, frames: UnsafeBufferPointer(start: entry.frames, count: entry.tree.count),
                   contents: withUnsafePointer(to: entry.view) { LayoutContent.of($0) })
    }

    /// The ids of `entry`'s elements in reading order (`ReadingOrder`).
    func readingOrder(_ entry: Entry) -> [String] {
        let ids = entry.nodeIds
        return entry.readingOrder.elements.map { ids[$0] }
    }

    /// The average height of the layouts kept (1 when there are none): the
    /// estimate for components not rendered yet.
    var averageHeight: Double {
        guard !entries.isEmpty else { return 1 }
        let total = entries.values.reduce(0.0) { $0 + $1.height }
        return max(1, (total / Double(entries.count)).rounded())
    }

    // MARK: JSON

    /// The screen's layout as JSON, `width` wide and `height` high, with the
    /// components the last walk visited, NUL-terminated (the NUL not
    /// counted) in memory from `allocator` that is the caller's; nil when
    /// the allocator has no memory.
    func json(width: Double, height: Double, allocator: ByteAllocator) -> UnsafeMutableBufferPointer<UInt8>? {
        let capacity = lastCount > 0 ? lastCount + lastCount / 8 + 65536 : 1024 * (items.count + 1)
        guard var writer = LayoutWriter(allocator: allocator, capacity: capacity) else { return nil }
        guard writer.head(width: width, height: height) else {
            writer.release()
            return nil
        }
        let reference = self.reference, number = referenceNumber
        var filled = 0
        for item in items {
            let start: Int? = item.entry._withUnsafeGuaranteedRef { entry in
                if entry.reference == number, let reference {
                    let root = UnsafeBufferPointer(rebasing: reference[entry.referenceStart..<entry.referenceEnd])
                    return writer.item(entry.text!, y: item.y, root: root)
                }
                if entry.text == nil {
                    entry.template = withUnsafePointer(to: &entry.view) {
                        LayoutTemplate(id: entry.id, $0, contents: true)
                    }
                }
                let before = writer.count
                defer { filled += writer.count - before }
                return writer.fill(entry.text!, entry.frames, y: item.y)
            }
            guard let start else {
                writer.release()
                return nil
            }
            item.entry._withUnsafeGuaranteedRef { entry in
                entry.start = start
                entry.end = writer.count - 1
            }
        }
        var order = writer.readingOrderHead()
        var first = true
        let most = items.reduce(0) { most, item in max(most, item.entry._withUnsafeGuaranteedRef { $0.count }) }
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: max(most, 1))
        defer { scratch.deallocate() }
        for item in items where order {
            let text = item.entry._withUnsafeGuaranteedRef { $0.readingOrderText(scratch: scratch) }
            guard !text.isEmpty else { continue }
            order = text.withUnsafeBufferPointer { writer.append($0, comma: !first) }
            first = false
        }
        guard order, writer.end() else {
            writer.release()
            return nil
        }
        lastCount = writer.count
        // Mostly filled in at the width of the last text: the next text is
        // likely at this width too, and copies what has not changed.
        if width == lastWidth, filled > writer.count / 4 {
            keepReference(UnsafeBufferPointer(start: writer.base, count: writer.count))
        }
        lastWidth = width
        return writer.take()
    }

    /// Keeps a copy of `text`, just written from `items`, as the reference.
    private func keepReference(_ text: UnsafeBufferPointer<UInt8>) {
        if let reference, reference.count >= text.count {
            _ = reference.initialize(from: text)
        } else {
            reference?.deallocate()
            let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count + text.count / 8)
            _ = memory.initialize(from: text)
            reference = memory
        }
        referenceNumber += 1
        for item in items {
            item.entry._withUnsafeGuaranteedRef { entry in
                entry.reference = referenceNumber
                entry.referenceStart = entry.start
                entry.referenceEnd = entry.end
            }
        }
    }

    /// Forgets the reference text.
    private func dropReference() {
        reference?.deallocate()
        reference = nil
        referenceNumber += 1
        lastWidth = nil
    }
}
