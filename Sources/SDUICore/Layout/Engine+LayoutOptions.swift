/// The engine's layout options (`LayoutOptions`), shared by the layouts of
/// every page of the navigation stack as the measurer is.
extension Engine {
    /// The chrome, the minimum input width and the monospace cell's size of
    /// every layout, on every page; setting it drops the layouts kept (each
    /// is made again at the next `layout`).
    public var layoutOptions: LayoutOptions {
        get { pages.top.layouts.engine.options }
        set {
            guard newValue != layoutOptions else { return }
            pages.forEach { $0.layouts.engine.options = newValue }
        }
    }
}
