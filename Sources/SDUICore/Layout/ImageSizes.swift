/// The sizes of the pictures behind image nodes, as the host reports them
/// once it has loaded them (`Engine.setImageSize`), in the layout's units,
/// by URL. The layout sizes an image from its picture's aspect ratio, and
/// takes the picture's size as its natural size (`LayoutTree`).
final class ImageSizes {
    private var sizes: [String: Size] = [:]

    /// The reported size of the picture at `url`, if any.
    func size(of url: String) -> Size? {
        sizes[url]
    }

    /// Records the size of the picture at `url`; false when it was already that.
    func set(_ size: Size, for url: String) -> Bool {
        guard sizes[url] != size else { return false }
        sizes[url] = size
        return true
    }

    /// Whether no size is known (the layout then looks none up).
    var isEmpty: Bool { sizes.isEmpty }
}
