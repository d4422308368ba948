extension Engine {
    /// The host's visible window on the page, in layout units.
    public struct Viewport: Sendable, Equatable {
        public var width: Double
        public var offset: Double
        public var height: Double

        public init(width: Double, offset: Double, height: Double) {
            self.width = width
            self.offset = offset
            self.height = height
        }
    }

    /// A component entering or leaving the visible window.
    public enum Visibility: Sendable, Equatable {
        case appear(String)
        case disappear(String)

        public var json: JSON {
            switch self {
            case .appear(let id): return .object(JSONObject([("type", "appear"), ("id", .string(id))]))
            case .disappear(let id): return .object(JSONObject([("type", "disappear"), ("id", .string(id))]))
            }
        }
    }
}
