/// A component's entry in the screen's layout as JSON text without its
/// numbers: `{"id":…,"y":…,"root":…}` with everything `LayoutNode.json`
/// writes for the component's view tree but the frames, and the places
/// where the component's y and each node's frame go.
///
/// Ids, kinds, roles, names and texts (`LayoutContent`) do not change with
/// the width, only frames do, so the cache
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

    /// The template of component `id` whose view tree is at `view`, with
    /// each node's content (`LayoutContent`: what the screen's layout gives
    /// the host) when `contents`, else ids, kinds and frames only (as
    /// `LayoutEngine.layout` gives them). Made once per render, so it is
    /// written with the screen writer's `ByteSink` (which escapes the ids).
    init(id: String, _ view: UnsafePointer<ViewNode>, contents: Bool = false) {
        var sink = ByteSink(capacity: 1024)
        var holes: [UInt32] = []
        sink.append(#"{"id":"#)
        sink.writeString(id)
        sink.append(#","y":"#)
        holes.append(UInt32(sink.count))
        sink.append(#","root":"#)
        let root = sink.count
        let contents = contents ? LayoutContent.of(view) : nil
        var index = 0
        LayoutTemplate.skeleton(view, contents, &index, into: &sink, holes: &holes)
        sink.append(UInt8(ascii: "}"))
        // Followed by room that `LayoutWriter.copyOver` may read.
        let memory = sink.withBytes { bytes in
            let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + LayoutWriter.overrun)
            memory.initialize(from: bytes.baseAddress!, count: bytes.count)
            (memory + bytes.count).initialize(repeating: 0, count: LayoutWriter.overrun)
            return UnsafeBufferPointer(start: memory, count: bytes.count)
        }
        let offsets = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: holes.count)
        _ = offsets.initialize(from: holes)
        text = Text(bytes: memory, holes: UnsafeBufferPointer(offsets), root: root)
    }

    /// Appends the text of the subtree of `view` as `LayoutNode.json` writes
    /// it, `{"id","type","frame":{"x","y","width","height"},"role","name",
    /// "text","inputKind","children":[...]}` (each of the last five only when there is
    /// one: `LayoutContent`, `contents[index]` on, depth first; none without `contents`), without the
    /// frames' numbers: where each node's `x` goes, depth first, is
    /// appended to `holes`. The `y`, `width` and `height` follow it, with
    /// their names, when the template is filled.
    private static func skeleton(_ view: UnsafePointer<ViewNode>, _ contents: [LayoutContent]?, _ index: inout Int,
                                 into sink: inout ByteSink, holes: inout [UInt32])
    {
        sink.append(#"{"id":"#)
        sink.writeString(view.pointee.id)
        sink.append(#","type":""#) // the kind's name needs no escaping
        sink.appendUnescaped(view.pointee.kind.rawValue)
        sink.append(#"","frame":{"x":"#)
        holes.append(UInt32(sink.count))
        sink.append(UInt8(ascii: "}"))
        let content = contents?[index] ?? LayoutContent()
        index += 1
        if let role = content.role {
            sink.append(#","role":"#)
            sink.writeString(role.rawValue)
        }
        if let name = content.name {
            sink.append(#","name":"#)
            sink.writeString(name)
        }
        if let text = content.text {
            sink.append(#","text":"#)
            sink.writeString(text)
        }
        if let kind = content.inputKind {
            sink.append(#","inputKind":"#)
            sink.appendUnescaped(String(kind.number))
        }
        if view.pointee.children.isEmpty {
            sink.append(UInt8(ascii: "}"))
            return
        }
        sink.append(#","children":["#)
        view.pointee.children.withUnsafeBufferPointer { children in
            for i in 0..<children.count {
                if i > 0 { sink.append(UInt8(ascii: ",")) }
                skeleton(children.baseAddress! + i, contents, &index, into: &sink, holes: &holes)
            }
        }
        sink.append("]}")
    }

    deinit {
        text.bytes.deallocate()
        text.holes.deallocate()
    }
}
