/// A width and a height in layout units: what a text measures, what a node
/// takes for a proposal.
public struct Size: Sendable, Equatable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// A size of `width` by `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
