/// Computes the patches between two screens: a keyed diff of the component
/// list, then of each changed component's view tree.
public enum Diff {
    /// The patches that turn `old` into `new`: page changes, removals, moves
    /// and insertions, then updates by id.
    public static func patches(from old: Screen, to new: Screen) -> [Patch] {
        var patches: [Patch] = []
        if old.pageId != new.pageId || !JSON.identical(old.version, new.version) {
            patches.append(.page(id: new.pageId, version: new.version))
        }
        var newById: [String: RenderedComponent] = [:]
        newById.reserveCapacity(new.components.count)
        for component in new.components { newById[component.id] = component }
        for step in keyedSteps(from: old.components.map(\.id), to: new.components.map(\.id)) {
            switch step {
            case .remove(let id): patches.append(.remove(id: id))
            case .move(let id, let index): patches.append(.move(id: id, index: index))
            case .insert(let id, let index): patches.append(.insert(index: index, component: newById[id]!))
            }
        }
        for before in old.components {
            if let after = newById[before.id], let patch = update(from: before, to: after) {
                patches.append(patch)
            }
        }
        return patches
    }

    /// The update from one rendering of a component to the next; nil when
    /// nothing changed.
    public static func update(from before: RenderedComponent, to after: RenderedComponent) -> Patch? {
        if before == after { return nil } // flat views: a byte comparison
        var changes: [NodeChange] = []
        if before.id == after.id, before.isFlat, after.isFlat,
           let flat = FlatDiff.changes(from: before.flat, to: after.flat, componentId: after.id)
        {
            changes = flat
        } else {
            nodeChanges(from: before.view, to: after.view, into: &changes)
        }
        guard !changes.isEmpty || before.type != after.type else { return nil }
        return .update(id: after.id, type: after.type, changes: changes)
    }

    /// The changes that turn the tree `old` into `new`, appended to `changes`.
    /// Each pair of nodes is compared once, members first, then children
    /// (no whole-subtree comparisons at every level).
    public static func nodeChanges(from old: ViewNode, to new: ViewNode, into changes: inout [NodeChange]) {
        if old.kind != new.kind || old.id != new.id {
            changes.append(.replace(id: old.id, node: new))
            return
        }
        if !sameMembers(old, new) {
            var own = new
            own.children = []
            changes.append(.set(id: new.id, node: own))
        }
        if sameChildIds(old, new) { // the common case, checked without building the id lists
            for i in old.children.indices {
                nodeChanges(from: old.children[i], to: new.children[i], into: &changes)
            }
            return
        }
        let oldIds = old.children.map(\.id)
        let newIds = new.children.map(\.id)
        var newChildren: [String: ViewNode] = [:]
        for child in new.children { newChildren[child.id] = child }
        for step in keyedSteps(from: oldIds, to: newIds) {
            switch step {
            case .remove(let id): changes.append(.remove(parent: new.id, id: id))
            case .move(let id, let index): changes.append(.move(parent: new.id, id: id, index: index))
            case .insert(let id, let index): changes.append(.insert(parent: new.id, index: index, node: newChildren[id]!))
            }
        }
        for child in old.children {
            if let after = newChildren[child.id] {
                nodeChanges(from: child, to: after, into: &changes)
            }
        }
    }

    /// The two nodes have children with the same ids in the same order.
    static func sameChildIds(_ a: ViewNode, _ b: ViewNode) -> Bool {
        guard a.children.count == b.children.count else { return false }
        for i in a.children.indices where a.children[i].id != b.children[i].id {
            return false
        }
        return true
    }

    /// Everything but the children is equal.
    static func sameMembers(_ a: ViewNode, _ b: ViewNode) -> Bool {
        a.kind == b.kind && a.id == b.id && a.key == b.key && a.props == b.props && a.disabled == b.disabled
            && a.styleBox == b.styleBox && a.action == b.action // the boxes: no Style made per node
            && a.accessibilityBox == b.accessibilityBox
    }

    /// One step of a keyed list diff; indexes hold when the step applies.
    public enum Step: Equatable {
        case remove(String)
        case move(String, Int)
        case insert(String, Int)
    }

    /// Steps that turn the list of unique ids `old` into `new`.
    ///
    /// Removals come first. The ids that keep their relative order (a
    /// longest increasing subsequence of their old positions) never move;
    /// the others are moved or inserted walking the new list in order, each
    /// right after its predecessor, as keyed UI diffs (Epoxy, Inferno) do
    /// from either end. So a single item moving costs one step, whatever the
    /// list length, and a first screen arrives as inserts in reading order.
    public static func keyedSteps(from old: [String], to new: [String]) -> [Step] {
        if old == new { return [] }
        let wanted = Set(new)
        var steps: [Step] = []
        var current: [String] = []
        current.reserveCapacity(old.count)
        for id in old {
            if wanted.contains(id) { current.append(id) } else { steps.append(.remove(id)) }
        }
        if current.isEmpty { // a first screen, or a whole new list: inserts in order, no searching
            steps.reserveCapacity(steps.count + new.count)
            for (i, id) in new.enumerated() { steps.append(.insert(id, i)) }
            return steps
        }
        var position: [String: Int] = [:]
        for (i, id) in current.enumerated() { position[id] = i }
        let stable = longestIncreasing(new.compactMap { position[$0] }).reduce(into: Set<String>()) {
            $0.insert(current[$1])
        }
        for (i, id) in new.enumerated() where !stable.contains(id) {
            // The predecessor is stable or already placed, so it is where it belongs.
            if let at = current.firstIndex(of: id) { current.remove(at: at) }
            let anchor = i > 0 ? current.firstIndex(of: new[i - 1])! + 1 : 0
            let isMove = position[id] != nil
            current.insert(id, at: anchor)
            steps.append(isMove ? .move(id, anchor) : .insert(id, anchor))
        }
        return steps
    }

    /// The values of a longest strictly increasing subsequence of `values`.
    static func longestIncreasing(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []          // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var result: [Int] = []
        var k = tails.last!
        while k >= 0 {
            result.append(values[k])
            k = previous[k]
        }
        return result.reversed()
    }
}
