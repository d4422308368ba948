/// A JSON object that keeps its members in insertion order.
///
/// UI payloads have small objects, so members live in one array and lookup is
/// a linear scan; this keeps parsing allocation-light and output deterministic.
/// An object that grows large through changes (a state object keyed by id,
/// say) gets a hash index of its keys, built on its first changing lookup
/// once it holds `indexThreshold` members and kept up to date by every
/// change after that (see `KeyIndex`); reads use it when it is there.
public struct JSONObject: Sendable, Equatable, Sequence {
    public private(set) var keys: [String]
    public private(set) var values: [JSON]
    /// The hash index of `keys`; empty when there is none.
    private var keyIndex = KeyIndex()

    /// Members from which changing lookups build the index.
    static let indexThreshold = 32

    public init() {
        keys = []
        values = []
    }

    /// Builds an object from pairs; a later duplicate key replaces the earlier value.
    public init(_ pairs: [(String, JSON)]) {
        self.init()
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    /// Internal fast path for the parser, which has already rejected duplicate keys.
    init(uniqueKeys keys: [String], values: [JSON]) {
        self.keys = keys
        self.values = values
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public func index(of key: String) -> Int? {
        if keyIndex.isBuilt { return keyIndex.position(of: key, in: keys) }
        return keys.firstIndex(of: key)
    }

    /// `index(of:)` for a change: builds the index first if the object is
    /// large enough to have one.
    mutating func indexForChange(of key: String) -> Int? {
        if !keyIndex.isBuilt && keys.count >= JSONObject.indexThreshold {
            keyIndex.build(keys)
        }
        return index(of: key)
    }

    /// Whether the hash index is built (for tests).
    var hasKeyIndex: Bool { keyIndex.isBuilt }

    /// Reads a member; assigning nil removes it, assigning a value replaces it
    /// in place or appends it.
    public subscript(key: String) -> JSON? {
        get {
            guard let i = index(of: key) else { return nil }
            return values[i]
        }
        set {
            if let i = indexForChange(of: key) {
                if let v = newValue { values[i] = v } else { remove(at: i) }
            } else if let v = newValue {
                append(key, v)
            }
        }
    }

    /// Runs `body` on the member `key` in place, keeping its position; a
    /// missing member starts as `initial` and is appended only if `body`
    /// succeeds. On error a present member keeps whatever `body` left, so
    /// `body` must fail before it changes anything.
    mutating func update<E: Error>(_ key: String, initial: JSON, _ body: (inout JSON) throws(E) -> Void) throws(E) {
        if let i = indexForChange(of: key) {
            var value = values[i]
            values[i] = .null // drop the array's reference so `value` is uniquely owned
            defer { values[i] = value }
            try body(&value)
        } else {
            var value = initial
            try body(&value)
            append(key, value)
        }
    }

    /// Appends a member that is not there yet.
    mutating func append(_ key: String, _ value: JSON) {
        keys.append(key)
        values.append(value)
        if keyIndex.isBuilt { keyIndex.insert(key, at: keys.count - 1, in: keys) }
    }

    /// Removes the member at `index`.
    mutating func remove(at position: Int) {
        if keyIndex.isBuilt {
            if keys.count - 1 < JSONObject.indexThreshold / 2 {
                keyIndex = KeyIndex() // small again: the scan will do
            } else {
                keyIndex.remove(keys[position], at: position, in: keys)
            }
        }
        keys.remove(at: position)
        values.remove(at: position)
    }

    /// Inserts a member that is not there yet at `position` (clamped to the end).
    mutating func insert(_ key: String, _ value: JSON, at position: Int) {
        let at = Swift.min(position, keys.count)
        keys.insert(key, at: at)
        values.insert(value, at: at)
        if keyIndex.isBuilt { keyIndex.insert(key, at: at, in: keys) }
    }

    /// Runs `body` on the value at `index` in place.
    mutating func updateValue(at index: Int, _ body: (inout JSON) -> Void) {
        var value = values[index]
        values[index] = .null // drop the array's reference so `value` is uniquely owned
        body(&value)
        values[index] = value
    }

    public func makeIterator() -> Zip2Sequence<[String], [JSON]>.Iterator {
        zip(keys, values).makeIterator()
    }

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
/// at most half full, each slot 0 (empty) or a key's position in `keys`
/// plus one plus `bias`. Keys hash as `String` does, so canonically
/// equivalent keys (which `==` finds equal) land together. Positions move
/// with insertions and removals in the middle, so those renumber the slots
/// (a pass over a flat array of integers, cheaper than the arrays' own
/// shift of their elements); at the front they only move `bias` (a set
/// whose oldest members go first, as toggled ids do, costs no pass).
struct KeyIndex: Sendable {
    private var slots: [Int32] = []
    /// What every stored position carries on top of its value plus one.
    private var bias: Int32 = 0

    var isBuilt: Bool { !slots.isEmpty }

    private static func hash(_ key: String) -> Int {
        var hasher = Hasher()
        hasher.combine(key)
        return hasher.finalize()
    }

    /// What a slot holds for `position`.
    @inline(__always)
    private func stored(_ position: Int) -> Int32 {
        Int32(truncatingIfNeeded: position) &+ 1 &+ bias
    }

    /// The position a (non-empty) slot value stands for.
    @inline(__always)
    private func position(_ stored: Int32) -> Int {
        Int(stored &- 1 &- bias)
    }

    /// Makes the index of `keys` (distinct keys).
    mutating func build(_ keys: [String]) {
        var capacity = 64
        while capacity < keys.count * 2 + 2 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        bias = 0
        for (i, key) in keys.enumerated() {
            place(key, position: i)
        }
    }

    /// The position of `key` in `keys` (which this indexes), or nil.
    func position(of key: String, in keys: [String]) -> Int? {
        let mask = slots.count - 1
        var s = KeyIndex.hash(key) & mask
        while true {
            let v = slots[s]
            if v == 0 { return nil }
            let p = position(v)
            if keys[p] == key { return p }
            s = (s + 1) & mask
        }
    }

    /// Puts `key`, at `position`, into an empty slot (no resizing).
    private mutating func place(_ key: String, position: Int) {
        let mask = slots.count - 1
        var s = KeyIndex.hash(key) & mask
        while slots[s] != 0 { s = (s + 1) & mask }
        slots[s] = stored(position)
    }

    /// `key` was inserted at `position` of `keys` (already there): the keys
    /// after it moved up one.
    mutating func insert(_ key: String, at position: Int, in keys: [String]) {
        if keys.count * 2 + 2 > slots.count {
            build(keys)
            return
        }
        if position < keys.count - 1 {
            if position == 0 && bias > 0 {
                bias -= 1 // every position up one
            } else {
                let threshold = stored(position)
                slots.withUnsafeMutableBufferPointer { p in
                    for j in p.indices {
                        let v = p[j]
                        p[j] = v >= threshold ? v &+ 1 : v
                    }
                }
            }
        }
        place(key, position: position)
    }

    /// `key`, at `position` of `keys` (still there), is about to be removed:
    /// the keys after it move down one.
    mutating func remove(_ key: String, at position: Int, in keys: [String]) {
        let mask = slots.count - 1
        let target = stored(position)
        var s = KeyIndex.hash(key) & mask
        while slots[s] != target { s = (s + 1) & mask }
        // Backward-shift deletion: later members of the probe run move into
        // the hole when their home slot does not lie after it.
        var hole = s
        var j = (s + 1) & mask
        while slots[j] != 0 {
            let home = KeyIndex.hash(keys[self.position(slots[j])]) & mask
            // Whether home lies cyclically in (hole, j]: then it stays.
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if !stays {
                slots[hole] = slots[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        slots[hole] = 0
        guard position < keys.count - 1 else { return }
        if position == 0 {
            bias += 1 // every position down one
            if bias >= 1 << 30 { // stored values stay far from overflowing
                let b = bias
                slots.withUnsafeMutableBufferPointer { p in
                    for j in p.indices where p[j] != 0 { p[j] -= b }
                }
                bias = 0
            }
            return
        }
        slots.withUnsafeMutableBufferPointer { p in
            for j in p.indices {
                let v = p[j]
                p[j] = v > target ? v &- 1 : v
            }
        }
    }
}
