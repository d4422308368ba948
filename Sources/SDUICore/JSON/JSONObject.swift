/// A JSON object that keeps its members in insertion order.
///
/// UI payloads have small objects, so members live in one array and lookup is
/// a linear scan; this keeps parsing allocation-light and output deterministic.
/// An object that grows large through changes (a state object keyed by id,
/// say) gets a hash index of its keys, built on its first changing lookup
/// once it holds `indexThreshold` members and kept up to date by every
/// change after that (see `KeyIndex`); reads use it when it is there.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// The members' keys and values. With a hash index, the first
    /// `keyIndex.head` entries are dead: members removed from the front are
    /// left there (emptied) instead of shifting the rest down, and go in
    /// one pass once they are as many as the live ones (`compact`).
    private var storedKeys: [String]
    private var storedValues: [JSON]
    /// The hash index of `keys`; empty when there is none.
    private var keyIndex = KeyIndex()

    /// Members from which changing lookups build the index.
    static let indexThreshold = 32

    public init() {
        storedKeys = []
        storedValues = []
    }

    /// Builds an object from pairs; a later duplicate key replaces the earlier value.
    public init(_ pairs: [(String, JSON)]) {
        self.init()
        storedKeys.reserveCapacity(pairs.count)
        storedValues.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    /// Internal fast path for the parser, which has already rejected duplicate keys.
    init(uniqueKeys keys: [String], values: [JSON]) {
        storedKeys = keys
        storedValues = values
    }

    /// The dead entries at the front of the stored arrays.
    @inline(__always)
    private var head: Int { Int(keyIndex.head) }

    public var keys: [String] {
        let h = head
        return h == 0 ? storedKeys : Array(storedKeys[h...])
    }

    public var values: [JSON] {
        let h = head
        return h == 0 ? storedValues : Array(storedValues[h...])
    }

    public var count: Int { storedKeys.count - head }
    public var isEmpty: Bool { count == 0 }

    /// The value at `position` (less than `count`).
    func value(at position: Int) -> JSON { storedValues[head + position] }

    /// The key at `position` (less than `count`).
    func key(at position: Int) -> String { storedKeys[head + position] }

    public func index(of key: String) -> Int? {
        if keyIndex.isBuilt { return keyIndex.position(of: key, in: storedKeys) }
        return storedKeys.firstIndex(of: key)
    }

    /// `index(of:)` for a change: builds the index first if the object is
    /// large enough to have one.
    mutating func indexForChange(of key: String) -> Int? {
        if !keyIndex.isBuilt && storedKeys.count >= JSONObject.indexThreshold {
            keyIndex.build(storedKeys)
        }
        return index(of: key)
    }

    /// Whether the hash index is built (for tests).
    var hasKeyIndex: Bool { keyIndex.isBuilt }

    /// How many dead entries the stored arrays start with (for tests).
    var deadAtFront: Int { head }

    /// Reads a member; assigning nil removes it, assigning a value replaces it
    /// in place or appends it.
    public subscript(key: String) -> JSON? {
        get {
            guard let i = index(of: key) else { return nil }
            return storedValues[head + i]
        }
        set {
            setMember(key, newValue)
        }
    }

    /// Sets member `key` to `value` in place, appends it when absent, or
    /// removes it for nil: one lookup of the key (with a hash index, its
    /// slot serves the change too). Returns the value it had and its
    /// position, or nil when it was absent.
    @discardableResult
    mutating func setMember(_ key: String, _ value: JSON?) -> (old: JSON, position: Int)? {
        if !keyIndex.isBuilt && storedKeys.count >= JSONObject.indexThreshold {
            keyIndex.build(storedKeys)
        }
        guard keyIndex.isBuilt else {
            guard let i = storedKeys.firstIndex(of: key) else {
                if let value { append(key, value) }
                return nil
            }
            let old = storedValues[i]
            if let value { storedValues[i] = value } else { remove(at: i) }
            return (old, i)
        }
        let probe = keyIndex.find(key, in: storedKeys)
        guard let position = probe.position else {
            if let value {
                storedKeys.append(key)
                storedValues.append(value)
                keyIndex.insert(key, at: count - 1, in: storedKeys, emptySlot: probe.slot)
            }
            return nil
        }
        let old = storedValues[head + position]
        if let value { storedValues[head + position] = value } else { remove(at: position, slot: probe.slot) }
        return (old, position)
    }

    /// Runs `body` on the member `key` in place, keeping its position; a
    /// missing member starts as `initial` and is appended only if `body`
    /// succeeds. On error a present member keeps whatever `body` left, so
    /// `body` must fail before it changes anything.
    mutating func update<E: Error>(_ key: String, initial: JSON, _ body: (inout JSON) throws(E) -> Void) throws(E) {
        if let i = indexForChange(of: key) {
            let s = head + i
            var value = storedValues[s]
            storedValues[s] = .null // drop the array's reference so `value` is uniquely owned
            defer { storedValues[s] = value }
            try body(&value)
        } else {
            var value = initial
            try body(&value)
            append(key, value)
        }
    }

    /// Appends a member that is not there yet.
    mutating func append(_ key: String, _ value: JSON) {
        storedKeys.append(key)
        storedValues.append(value)
        if keyIndex.isBuilt { keyIndex.insert(key, at: count - 1, in: storedKeys) }
    }

    /// Removes the member at `index`; `slot`, when known, is where the hash
    /// index holds it.
    mutating func remove(at position: Int, slot: Int? = nil) {
        guard keyIndex.isBuilt else {
            storedKeys.remove(at: position)
            storedValues.remove(at: position)
            return
        }
        if count - 1 < JSONObject.indexThreshold / 2 {
            compact()
            keyIndex = KeyIndex() // small again: the scan will do
            storedKeys.remove(at: position)
            storedValues.remove(at: position)
            return
        }
        let h = head
        keyIndex.remove(storedKeys[h + position], at: position, in: storedKeys, slot: slot)
        if head != h {
            // The first member: its entry stays, dead, at the front.
            storedKeys[h] = ""
            storedValues[h] = .null
            if head >= 16 && head >= count { compact() }
        } else {
            storedKeys.remove(at: h + position)
            storedValues.remove(at: h + position)
        }
    }

    /// Drops the dead entries at the front.
    private mutating func compact() {
        let h = head
        guard h > 0 else { return }
        storedKeys.removeSubrange(0..<h)
        storedValues.removeSubrange(0..<h)
        keyIndex.dropHead()
    }

    /// Inserts a member that is not there yet at `position` (clamped to the end).
    mutating func insert(_ key: String, _ value: JSON, at position: Int) {
        let at = Swift.min(position, count)
        let h = head
        if at == 0 && h > 0 {
            // Back into the dead entry before the first member.
            storedKeys[h - 1] = key
            storedValues[h - 1] = value
            keyIndex.insertAtHead(key, in: storedKeys)
            return
        }
        storedKeys.insert(key, at: h + at)
        storedValues.insert(value, at: h + at)
        if keyIndex.isBuilt { keyIndex.insert(key, at: at, in: storedKeys) }
    }

    /// Runs `body` on the value at `index` in place.
    mutating func updateValue(at index: Int, _ body: (inout JSON) -> Void) {
        let s = head + index
        var value = storedValues[s]
        storedValues[s] = .null // drop the array's reference so `value` is uniquely owned
        body(&value)
        storedValues[s] = value
    }

    /// The members in order, read from the stored arrays (past the dead entries).
    public struct Iterator: IteratorProtocol {
        let keys: [String]
        let values: [JSON]
        var position: Int

        public mutating func next() -> (String, JSON)? {
            let i = position
            guard i < keys.count else { return nil }
            position = i + 1
            return (keys[i], values[i])
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(keys: storedKeys, values: storedValues, position: head)
    }

    public var underestimatedCount: Int { count }

    /// Order-insensitive member equality.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (k, v) in lhs {
            guard let other = rhs[k], other == v else { return false }
        }
        return true
    }
}

/// A hash index of an object's keys: open addressing with linear probing,
/// at most half full, each slot 0 (empty) or a key's stored position (its
/// position among the members plus `head`) plus one. Keys hash as `String`
/// does, so canonically equivalent keys (which `==` finds equal) land
/// together. The arrays it indexes start with `head` dead entries (members
/// removed from the front, see `JSONObject`): a removal at the front, or a
/// reinsertion there, only moves `head` and renumbers nothing (a set whose
/// oldest members go first, as toggled ids do, costs no pass). Insertions
/// and removals in the middle move the stored positions after them, so
/// those renumber the slots (a pass over a flat array of integers, cheaper
/// than the arrays' own shift of their elements).
struct KeyIndex: Sendable {
    private var slots: [Int32] = []
    /// The dead entries at the front of the indexed arrays.
    private(set) var head: Int32 = 0

    var isBuilt: Bool { !slots.isEmpty }

    private static func hash(_ key: String) -> Int {
        var hasher = Hasher()
        hasher.combine(key)
        return hasher.finalize()
    }

    /// What a slot holds for `position` (among the members).
    @inline(__always)
    private func stored(_ position: Int) -> Int32 {
        Int32(truncatingIfNeeded: position) &+ 1 &+ head
    }

    /// The position among the members a (non-empty) slot value stands for.
    @inline(__always)
    private func position(_ stored: Int32) -> Int {
        Int(stored &- 1 &- head)
    }

    /// Where in the indexed arrays a (non-empty) slot value points.
    @inline(__always)
    private func entry(_ stored: Int32) -> Int {
        Int(stored &- 1)
    }

    /// Makes the index of `keys` (distinct keys after the first `head`).
    mutating func build(_ keys: [String]) {
        let h = Int(head)
        var capacity = 64
        while capacity < (keys.count - h) * 2 + 2 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        for i in h..<keys.count {
            place(keys[i], position: i - h)
        }
    }

    /// The position of `key` among the members of `keys` (which this
    /// indexes), or nil.
    func position(of key: String, in keys: [String]) -> Int? {
        find(key, in: keys).position
    }

    /// Where `key` is: its slot and its position among the members of
    /// `keys`; or, when absent, the empty slot that ends its probe run
    /// (where `insert` puts it, if nothing changed the slots in between).
    func find(_ key: String, in keys: [String]) -> (slot: Int, position: Int?) {
        let mask = slots.count - 1
        var s = KeyIndex.hash(key) & mask
        while true {
            let v = slots[s]
            if v == 0 { return (s, nil) }
            if keys[entry(v)] == key { return (s, position(v)) }
            s = (s + 1) & mask
        }
    }

    /// Puts `key`, at `position`, into an empty slot (no resizing): `slot`
    /// when `find` gave it, else the first one on its probe run.
    private mutating func place(_ key: String, position: Int, slot: Int? = nil) {
        var s: Int
        if let slot {
            s = slot
        } else {
            let mask = slots.count - 1
            s = KeyIndex.hash(key) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
        }
        slots[s] = stored(position)
    }

    /// `key` was inserted at `position` among the members of `keys`
    /// (already there, the arrays shifted): the keys after it moved up one.
    /// `emptySlot` is what `find` gave for it just before, if anything.
    mutating func insert(_ key: String, at position: Int, in keys: [String], emptySlot: Int? = nil) {
        let count = keys.count - Int(head)
        if count * 2 + 2 > slots.count {
            build(keys)
            return
        }
        if position < count - 1 {
            let threshold = stored(position)
            slots.withUnsafeMutableBufferPointer { p in
                for j in p.indices {
                    let v = p[j]
                    p[j] = v >= threshold ? v &+ 1 : v
                }
            }
        }
        place(key, position: position, slot: emptySlot)
    }

    /// `key` was put into the last dead entry of `keys` (at `head - 1`):
    /// it is the first member now.
    mutating func insertAtHead(_ key: String, in keys: [String]) {
        head -= 1
        if (keys.count - Int(head)) * 2 + 2 > slots.count {
            build(keys)
            return
        }
        place(key, position: 0)
    }

    /// `key`, at `position` among the members of `keys` (still there), is
    /// about to be removed. The first member's entry becomes dead (`head`
    /// moves past it, the caller leaves it in place); after any other the
    /// keys move down one (the caller removes its entry).
    /// `slot` is where it is, when `find` gave it.
    mutating func remove(_ key: String, at position: Int, in keys: [String], slot: Int? = nil) {
        let mask = slots.count - 1
        let target = stored(position)
        var s: Int
        if let slot {
            s = slot
        } else {
            s = KeyIndex.hash(key) & mask
            while slots[s] != target { s = (s + 1) & mask }
        }
        // Backward-shift deletion: later members of the probe run move into
        // the hole when their home slot does not lie after it.
        var hole = s
        var j = (s + 1) & mask
        while slots[j] != 0 {
            let home = KeyIndex.hash(keys[entry(slots[j])]) & mask
            // Whether home lies cyclically in (hole, j]: then it stays.
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if !stays {
                slots[hole] = slots[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        slots[hole] = 0
        guard position < keys.count - Int(head) - 1 else { return }
        if position == 0 {
            head += 1
            return
        }
        slots.withUnsafeMutableBufferPointer { p in
            for j in p.indices {
                let v = p[j]
                p[j] = v > target ? v &- 1 : v
            }
        }
    }

    /// The dead entries were dropped from the front of the arrays.
    mutating func dropHead() {
        let h = head
        slots.withUnsafeMutableBufferPointer { p in
            for j in p.indices where p[j] != 0 { p[j] -= h }
        }
        head = 0
    }
}
