/// Which components read what, so a state change finds its readers without
/// visiting every component: service → top-level key → component ids, plus
/// the components that read a whole service.
struct ReadIndex {
    /// The components filed under one key. Most keys have one reader (a
    /// card reads its own favourite), kept on its own: no set to allocate
    /// and no id to hash for it. `first` is never in `more`.
    struct Readers {
        private var first: String?
        private var more: Set<String> = []

        mutating func insert(_ id: String) {
            if first == nil && more.isEmpty {
                first = id
            } else if id != first {
                more.insert(id)
            }
        }

        mutating func remove(_ id: String) {
            if id == first {
                first = more.popFirst()
            } else {
                more.remove(id)
            }
        }

        /// The ids, added to `set`.
        func add(to set: inout Set<String>) {
            if let first { set.insert(first) }
            if !more.isEmpty { set.formUnion(more) }
        }
    }

    private var byKey: [String: [String: Readers]] = [:]
    private var whole: [String: Set<String>] = [:]

    /// Whether no component reads anything (then no change has readers).
    var isEmpty: Bool { byKey.isEmpty && whole.isEmpty }

    mutating func add(_ reads: [Read], of component: String) {
        for read in reads {
            if let key = read.firstKey {
                byKey[read.service, default: [:]][key, default: Readers()].insert(component)
            } else {
                whole[read.service, default: []].insert(component)
            }
        }
    }

    /// Whether `a` and `b` file a component under the same keys (service
    /// and first path segment, read for read): then replacing one with the
    /// other leaves the index as it is.
    static func sameKeys(_ a: [Read], _ b: [Read]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i].service != b[i].service || a[i].path.segments.first != b[i].path.segments.first {
            return false
        }
        return true
    }

    mutating func remove(_ reads: [Read], of component: String) {
        for read in reads {
            if let key = read.firstKey {
                byKey[read.service]?[key]?.remove(component)
            } else {
                whole[read.service]?.remove(component)
            }
        }
    }

    /// Components that may be affected by `change` to `service` (now `new`):
    /// readers of the members it changed, of the members that differ from
    /// the state it replaced, and of the whole service; every reader when
    /// the replaced state is unknown or either side is not an object.
    func candidates(service: String, change: StateChange, new: JSON?) -> Set<String> {
        var found = whole[service] ?? []
        guard let keyed = byKey[service] else { return found }
        change.forEachKey { key in
            keyed[key]?.add(to: &found)
        }
        guard change.replaced else { return found }
        if case .object(let a)? = change.replacedFrom, case .object(let b)? = new {
            for (key, value) in a where !JSON.identical(b[key], value) {
                keyed[key]?.add(to: &found)
            }
            for key in b.keys where a[key] == nil {
                keyed[key]?.add(to: &found)
            }
        } else {
            for readers in keyed.values { readers.add(to: &found) }
        }
        return found
    }
}
