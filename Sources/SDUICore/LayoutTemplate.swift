/// A component's layout as JSON text without its numbers: everything
/// `LayoutNode.json` writes for the component's view tree but the frames,
/// with the place where each node's frame goes.
///
/// Ids and kinds do not change with the width, only frames do, so the cache
/// makes a component's template once per render and writes each layout of
/// it by filling the template in with the frames (`LayoutWriter.fill`): the
/// ids are escaped once, and the view tree is not walked again.
final class LayoutTemplate {
    /// The text, the numbers left out.
    let bytes: UnsafeBufferPointer<UInt8>
    /// For each node, depth first: the offset in `bytes` where its frame's
    /// `x`, then `,"y":` and `y`, `,"width":` and `width`, `,"height":` and
    /// `height` go.
    let holes: UnsafeBufferPointer<UInt32>

    /// The template of the tree at `view`.
    init(_ view: UnsafePointer<ViewNode>) {
        let writer = LayoutWriter(capacity: 1024)
        var holes: [UInt32] = []
        writer.skeleton(view, holes: &holes)
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: writer.count)
        _ = bytes.initialize(from: UnsafeBufferPointer(start: writer.base, count: writer.count))
        self.bytes = UnsafeBufferPointer(bytes)
        let memory = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: holes.count)
        _ = memory.initialize(from: holes)
        self.holes = UnsafeBufferPointer(memory)
    }

    deinit {
        bytes.deallocate()
        holes.deallocate()
    }
}
