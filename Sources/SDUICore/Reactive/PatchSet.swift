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
    /// For each input the host sent acknowledged edits of (`Engine.setInput`
    /// with a sequence number), by node id, the last one the values of these
    /// patches reflect; written only when there are some.
    public var inputAcks: [String: Int64] = [:]

    public var isEmpty: Bool { patches.isEmpty && imagesAdded.isEmpty && imagesRemoved.isEmpty }

    /// `{"patches": [...], "images": {"added": [...], "removed": [...], "hints": [...]}}`,
    /// then `"acks": {node id: seq...}` (sorted by id) when there are some.
    public var json: JSON {
        var members: [(String, JSON)] = [
            ("patches", .array(patches.map(\.json))),
            ("images", .object(JSONObject([("added", .array(imagesAdded.map(JSON.string))),
                                           ("removed", .array(imagesRemoved.map(JSON.string))),
                                           ("hints", .array(imageHints.map(\.json)))]))),
        ]
        if !inputAcks.isEmpty {
            members.append(("acks", .object(JSONObject(inputAcks.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }))))
        }
        return .object(JSONObject(members))
    }
}
