/// The screen: the generic vertical list of rendered components in page
/// order, keyed by component id.
public struct Screen: Sendable, Equatable {
    public var pageId: String?
    public var version: JSON?
    public var components: [RenderedComponent]

    public init(pageId: String? = nil, version: JSON? = nil, components: [RenderedComponent] = []) {
        self.pageId = pageId
        self.version = version
        self.components = components
    }

    /// The rendered component with this id.
    public subscript(id: String) -> RenderedComponent? {
        components.first { $0.id == id }
    }

    /// `{"id", "version", "components": [{"id", "type", "view"}]}`.
    public var json: JSON {
        var o = JSONObject()
        if let pageId { o["id"] = .string(pageId) }
        if let version { o["version"] = version }
        o["components"] = .array(components.map(\.json))
        return .object(o)
    }
}
