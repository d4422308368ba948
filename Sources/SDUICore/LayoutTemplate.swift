/// A component's entry in the screen's layout as JSON text without its
/// numbers: `{"id":…,"y":…,"root":…}` with everything `LayoutNode.json`
/// writes for the component's view tree but the frames, and the places
/// where the component's y and each node's frame go.
///
/// Ids and kinds do not change with the width, only frames do, so the cache
/// makes a component's template once per render and writes each layout of
/// it by filling the template in (`LayoutWriter.fill`): the ids are escaped
/// once, and the view tree is not walked again.
final class LayoutTemplate {
    /// The template's memory, which it owns: what the writer reads, without
    /// counting the template.
    struct Text {
        /// The text, the numbers left out (followed by `LayoutWriter.overrun`
        /// bytes of padding).
        let bytes: UnsafeBufferPointer<UInt8>
        /// The offsets in `bytes` where the numbers go: first the
        /// component's `y`, then for each node, depth first, its frame's
        /// `x`, then `,"y":` and `y`, `,"width":` and `width`, `,"height":`
        /// and `height`.
        let holes: UnsafeBufferPointer<UInt32>
        /// Where the root node starts in `bytes`: after `,"root":`, which
        /// follows the component's `y`. The root node ends one byte before
        /// the end (the entry's closing `}`).
        let root: Int

        /// The longest text a fill of this template can make: the bytes,
        /// and for each hole four numbers with the names between them.
        var maximumCount: Int {
            bytes.count + holes.count * (4 * LayoutWriter.numberRoom + 32)
        }
    }

    let text: Text

    /// The template of component `id` whose view tree is at `view`.
    init(id: String, _ view: UnsafePointer<ViewNode>) {
        var writer = LayoutWriter(capacity: 1024)
        var holes: [UInt32] = []
        writer.reserve(64 + 6 * id.utf8.count)
        writer.put(#"{"id":"#)
        writer.putString(id)
        writer.put(#","y":"#)
        holes.append(UInt32(writer.count))
        writer.put(#","root":"#)
        let root = writer.count
        writer.skeleton(view, holes: &holes)
        writer.reserve(1)
        writer.put(UInt8(ascii: "}"))
        // Followed by room that `LayoutWriter.copyOver` may read.
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: writer.count + LayoutWriter.overrun)
        memory.initialize(from: writer.base, count: writer.count)
        (memory + writer.count).initialize(repeating: 0, count: LayoutWriter.overrun)
        let offsets = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: holes.count)
        _ = offsets.initialize(from: holes)
        text = Text(bytes: UnsafeBufferPointer(start: memory, count: writer.count), holes: UnsafeBufferPointer(offsets),
                    root: root)
        writer.release()
    }

    deinit {
        text.bytes.deallocate()
        text.holes.deallocate()
    }
}
