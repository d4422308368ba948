/// What changed on the screen since the host last looked.
public struct PatchSet: Sendable, Equatable {
    public var patches: [Patch] = []
    /// Image URLs that appeared on the screen (prefetch them).
    public var imagesAdded: [String] = []
    /// Image URLs no longer on the screen (evict them).
    public var imagesRemoved: [String] = []

    public var isEmpty: Bool { patches.isEmpty && imagesAdded.isEmpty && imagesRemoved.isEmpty }

    /// `{"patches": [...], "images": {"added": [...], "removed": [...]}}`.
    public var json: JSON {
        .object(JSONObject([
            ("patches", .array(patches.map(\.json))),
            ("images", .object(JSONObject([("added", .array(imagesAdded.map(JSON.string))),
                                           ("removed", .array(imagesRemoved.map(JSON.string)))]))),
        ]))
    }
}
