/// One component as rendered: its id and type, and the view tree its factory built.
public struct RenderedComponent: Sendable, Equatable {
    public var id: String
    public var type: String
    public var view: ViewNode

    public init(id: String, type: String, view: ViewNode) {
        self.id = id
        self.type = type
        self.view = view
    }

    public var json: JSON {
        .object(JSONObject([("id", .string(id)), ("type", .string(type)), ("view", view.json)]))
    }
}
