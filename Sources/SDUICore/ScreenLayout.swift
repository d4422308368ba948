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
        didSet { entries = [:] }
    }
    private var entries: [String: (revision: Int, width: Double, node: LayoutNode)] = [:]
    /// Component layouts computed (not served from the cache).
    private(set) var runs = 0

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// Lays out `screen` at `width`; `revision` tells which render of a component is current.
    func layout(_ screen: Screen, width: Double, revision: (String) -> Int) -> ScreenLayout {
        var items: [ScreenLayout.Item] = []
        items.reserveCapacity(screen.components.count)
        var y = 0.0
        var kept: [String: (revision: Int, width: Double, node: LayoutNode)] = [:]
        kept.reserveCapacity(screen.components.count)
        for component in screen.components {
            let current = revision(component.id)
            let node: LayoutNode
            if let hit = entries[component.id], hit.revision == current, hit.width == width {
                node = hit.node
            } else {
                node = engine.layout(component.view, width: width)
                runs += 1
            }
            kept[component.id] = (current, width, node)
            items.append(ScreenLayout.Item(id: component.id, y: y, root: node))
            y += node.frame.height
        }
        entries = kept
        return ScreenLayout(width: width, height: y, components: items)
    }
}
