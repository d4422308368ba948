/// A rectangle in layout units (terminal cells with the default measurer).
///
/// `x` and `y` are the top-left corner, measured from the top-left corner of
/// the component the frame belongs to; `y` grows downwards.
public struct Frame: Sendable, Equatable {
    /// Distance of the left edge from the component's left edge.
    public var x: Double
    /// Distance of the top edge from the component's top edge.
    public var y: Double
    /// Extent to the right of `x`; never negative.
    public var width: Double
    /// Extent below `y`; never negative.
    public var height: Double

    /// A frame with this corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `{"x", "y", "width", "height"}` as numbers; a value with no fractional
    /// part is written as an integer (`3`, not `3.0`), so cell frames read as
    /// whole numbers.
    public var json: JSON {
        .object(JSONObject([("x", Frame.number(x)), ("y", Frame.number(y)),
                            ("width", Frame.number(width)), ("height", Frame.number(height))]))
    }

    /// `.int` for a whole number that fits, `.double` otherwise.
    static func number(_ value: Double) -> JSON {
        if value.isFinite, value.rounded() == value, abs(value) < 9e15 {
            return .int(Int64(value))
        }
        return .double(value)
    }
}
