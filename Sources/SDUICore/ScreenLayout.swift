/// The laid-out screen: the rendered components stacked top to bottom at
/// one width (the generic vertical list), each laid out on its own.
public struct ScreenLayout: Sendable, Equatable {
    /// One component: where its top edge is, and its laid-out tree.
    public struct Item: Sendable, Equatable {
        public var id: String
        public var y: Double
        public var root: LayoutNode
    }

    public var width: Double
    /// The page height; in a lazy list it counts components not rendered yet
    /// at an estimated height.
    public var height: Double
    public var components: [Item]

    /// `{"width", "height", "components": [{"id", "y", "root": {...}}]}`.
    public var json: JSON {
        .object(JSONObject([
            ("width", Frame.number(width)), ("height", Frame.number(height)),
            ("components", .array(components.map { item in
                .object(JSONObject([("id", .string(item.id)), ("y", Frame.number(item.y)), ("root", item.root.json)]))
            })),
        ]))
    }
}

/// Keeps each component's layout until its render or the width changes, so
/// a patch re-lays-out only the components it touched.
final class LayoutCache {
    var engine: LayoutEngine {
        didSet {
            entries = [:]
            written = [:]
        }
    }
    private var entries: [String: (revision: Int, width: Double, node: LayoutNode)] = [:]
    /// Each entry's node as JSON, written on first use.
    private var written: [String: [UInt8]] = [:]
    /// Component layouts computed (not served from the cache).
    private(set) var runs = 0

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// The layout of `component` at `width`; `revision` counts its renders.
    func node(_ component: RenderedComponent, revision: Int, width: Double) -> LayoutNode {
        if let hit = entries[component.id], hit.revision == revision, hit.width == width {
            return hit.node
        }
        let node = engine.layout(component.view, width: width)
        runs += 1
        entries[component.id] = (revision, width, node)
        written[component.id] = nil
        return node
    }

    /// The JSON of component `id`'s current layout (it must have one: see `node`).
    func bytes(of id: String) -> [UInt8] {
        if let bytes = written[id] { return bytes }
        var bytes: [UInt8] = []
        entries[id]!.node.write(into: &bytes)
        written[id] = bytes
        return bytes
    }

    /// The cached height of component `id` at `width`, if it is laid out there.
    func height(of id: String, revision: Int, width: Double) -> Double? {
        guard let hit = entries[id], hit.revision == revision, hit.width == width else { return nil }
        return hit.node.frame.height
    }

    /// The average height of the layouts kept (1 when there are none): the
    /// estimate for components not rendered yet.
    var averageHeight: Double {
        guard !entries.isEmpty else { return 1 }
        let total = entries.values.reduce(0.0) { $0 + $1.node.frame.height }
        return max(1, (total / Double(entries.count)).rounded())
    }

    /// Forgets the layouts of components no longer on the page (`ids`: the page's index).
    func keep(onlyIn ids: [String: Int]) {
        if entries.keys.contains(where: { ids[$0] == nil }) {
            entries = entries.filter { ids[$0.key] != nil }
            written = written.filter { ids[$0.key] != nil }
        }
    }
}
