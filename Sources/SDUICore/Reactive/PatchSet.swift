/// What changed on the screen since the host last looked.
public struct PatchSet: Sendable, Equatable {
    public var patches: [Patch] = []
    /// Image URLs that appeared on the screen (prefetch them), in on-screen
    /// order (`ScreenTracker.takePatches` says how it is known).
    public var imagesAdded: [String] = []
    /// One hint for each of `imagesAdded`, in the same order: its size and priority.
    public var imageHints: [ImageHint] = []
    /// Image URLs no longer on the screen (evict them).
    public var imagesRemoved: [String] = []

    public var isEmpty: Bool { patches.isEmpty && imagesAdded.isEmpty && imagesRemoved.isEmpty }

    /// `{"patches": [...], "images": {"added": [...], "removed": [...], "hints": [...]}}`.
    public var json: JSON {
        .object(JSONObject([
            ("patches", .array(patches.map(\.json))),
            ("images", .object(JSONObject([("added", .array(imagesAdded.map(JSON.string))),
                                           ("removed", .array(imagesRemoved.map(JSON.string))),
                                           ("hints", .array(imageHints.map(\.json)))]))),
        ]))
    }
}
