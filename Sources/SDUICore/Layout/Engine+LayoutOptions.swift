/// The engine's layout options (`LayoutOptions`), shared by the layouts of
/// every page of the navigation stack as the measurer is.
extension Engine {
    /// The chrome, the minimum input width and the monospace cell's size of
    /// every layout; setting it drops the layouts kept (each is made again
    /// at the next `layout`).
    public var layoutOptions: LayoutOptions {
        get { layouts.engine.options }
        set {
            guard newValue != layouts.engine.options else { return }
            layouts.engine.options = newValue
            for entry in navigator.entries { entry.layouts.engine.options = newValue }
        }
    }
}
