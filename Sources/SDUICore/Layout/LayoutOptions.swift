/// Layout options: the sizes a renderer adds around some kinds of node.
public struct LayoutOptions: Sendable {
    /// Horizontal inset on each side of buttons, images and inputs, where a
    /// terminal draws `[` and `]`. Default 1.
    public var chrome: Double = 1
    /// Narrowest an input's text area gets, before chrome: room to type.
    /// Default 10.
    public var minInputWidth: Double = 10

    /// The defaults: chrome 1, minimum input width 10.
    public init() {}
}
