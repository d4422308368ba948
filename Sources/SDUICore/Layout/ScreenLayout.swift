/// The laid-out screen: the rendered components stacked top to bottom at
/// one width (the generic vertical list), each laid out on its own.
public struct ScreenLayout: Sendable, Equatable {
    /// One component: where its top edge is, and its laid-out tree.
    public struct Item: Sendable, Equatable {
        /// The component's id.
        public var id: String
        /// Its top edge on the page.
        public var y: Double
        /// Its laid-out view tree, frames relative to its top-left corner.
        public var root: LayoutNode
    }

    /// The width the screen was laid out at.
    public var width: Double
    /// The page height; in a lazy list it counts components not rendered yet
    /// at an estimated height.
    public var height: Double
    /// The laid-out components, in page order.
    public var components: [Item]
    /// The ids of the nodes a screen reader visits, in the order it visits
    /// them: each component's in page order, within one as `ReadingOrder` says.
    public var readingOrder: [String] = []

    /// `{"width", "height", "components": [{"id", "y", "root": {...}}], "readingOrder": [ids]}`.
    public var json: JSON {
        .object(JSONObject([
            ("width", Frame.number(width)), ("height", Frame.number(height)),
            ("components", .array(components.map { item in
                .object(JSONObject([("id", .string(item.id)), ("y", Frame.number(item.y)), ("root", item.root.json)]))
            })),
            ("readingOrder", .array(readingOrder.map(JSON.string))),
        ]))
    }
}
