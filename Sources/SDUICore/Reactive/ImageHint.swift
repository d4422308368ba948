/// What a host's image prefetcher may want to know about a picture that
/// appeared on the screen (`PatchSet.imageHints`): its laid-out size, when
/// the engine has laid it out, and how soon it is seen.
public struct ImageHint: Sendable, Equatable {
    /// How soon the picture is seen.
    public enum Priority: String, Sendable, CaseIterable {
        /// In the viewport, or anywhere on the screen when there is no
        /// viewport (the host shows it all): load it first.
        case visible
        /// On the screen but outside the viewport (a lazy list renders
        /// one viewport above and below it): load it after the visible ones.
        case nearby
    }

    /// The picture's URL.
    public var url: String
    /// The size of the image node showing it (the first, in on-screen
    /// order), in layout units; nil when the engine has not laid it out.
    public var width: Double?
    public var height: Double?
    public var priority: Priority

    public init(url: String, width: Double? = nil, height: Double? = nil, priority: Priority) {
        self.url = url
        self.width = width
        self.height = height
        self.priority = priority
    }

    /// `{"url", "width", "height", "priority"}`, the size left out when unknown.
    public var json: JSON {
        var o = JSONObject([("url", .string(url))])
        if let width, let height {
            o["width"] = Frame.number(width)
            o["height"] = Frame.number(height)
        }
        o["priority"] = .string(priority.rawValue)
        return .object(o)
    }
}
