/// The node changes between two renders of a component, read off their flat
/// forms (`FlatView`) with no tree made: the common case of a re-render,
/// where the nodes keep their kinds and ids and only members change.
///
/// It gives exactly what `Diff.nodeChanges` gives on the two trees, or nil
/// as soon as the trees differ in shape (a node of another kind, or other
/// child ids: added, removed, moved or re-keyed children), and the caller
/// diffs the trees.
enum FlatDiff {
    static func changes(from old: FlatView, to new: FlatView, componentId: String) -> [NodeChange]? {
        old.bytes.withUnsafeBytes { a in
            new.bytes.withUnsafeBytes { b in
                var walk = Walk(a: a, b: b, componentId: componentId)
                var path = FlatView.NodePath()
                return walk.node(&path) ? walk.changes : nil
            }
        }
    }

    private struct Walk {
        let a: UnsafeRawBufferPointer
        let b: UnsafeRawBufferPointer
        let componentId: String
        var at = 0
        var bt = 0
        var changes: [NodeChange] = []

        init(a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer, componentId: String) {
            self.a = a
            self.b = b
            self.componentId = componentId
        }

        /// Compares the nodes at `at` and `bt`, whose place is `path` (left
        /// as it was; an id is made only for a node that changed); false
        /// when their kinds, keys or child counts differ.
        mutating func node(_ path: inout FlatView.NodePath) -> Bool {
            guard a[at] == b[bt] else { return false } // the kind
            let children = FlatView.count(a, at + 4)
            guard children == FlatView.count(b, bt + 4) else { return false }
            let aStart = at, bStart = bt
            FlatView.skipFields(a, &at)
            FlatView.skipFields(b, &bt)
            let hasKey = a[aStart + 1] & FlatView.keyFlag != 0
            guard hasKey == (b[bStart + 1] & FlatView.keyFlag != 0) else { return false }
            let outer = (path.keyDepth, path.key)
            defer { (path.keyDepth, path.key) = outer }
            if hasKey {
                var ak = aStart + FlatView.headerSize, bk = bStart + FlatView.headerSize
                let keyA = FlatView.field(a, &ak), keyB = FlatView.field(b, &bk)
                guard keyA.count == keyB.count,
                      keyA.isEmpty || equalBytes(keyA.baseAddress!, keyB.baseAddress!, count: keyA.count)
                else { return false }
                path.key = keyA
                path.keyDepth = path.positions.count
            }
            // Flags, content bits and every field, children left out: equal bytes, equal members.
            let own = at - aStart
            let same = own == bt - bStart && a[aStart + 1] == b[bStart + 1] && a[aStart + 2] == b[bStart + 2]
                && a[aStart + 3] == b[bStart + 3]
                && equalBytes(a.baseAddress! + aStart + FlatView.headerSize, b.baseAddress! + bStart + FlatView.headerSize,
                              count: own - FlatView.headerSize)
            if !same {
                changes.append(.setFlat(id: path.id(componentId: componentId), node: FlatView.own(b, bStart)))
            }
            guard children > 0 else { return true }
            path.positions.append(0)
            defer { path.positions.removeLast() }
            for i in 0..<children {
                path.positions[path.positions.count - 1] = i
                guard node(&path) else { return false }
            }
            return true
        }
    }
}
