/// A JSON object that keeps its members in insertion order.
///
/// UI payloads have small objects, so members live in one array and lookup is
/// a linear scan; this keeps parsing allocation-light and output deterministic.
public struct JSONObject: Sendable, Equatable, Sequence {
    public private(set) var keys: [String]
    public private(set) var values: [JSON]

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
        keys.firstIndex(of: key)
    }

    /// Reads a member; assigning nil removes it, assigning a value replaces it
    /// in place or appends it.
    public subscript(key: String) -> JSON? {
        get {
            guard let i = index(of: key) else { return nil }
            return values[i]
        }
        set {
            if let i = index(of: key) {
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
        if let i = index(of: key) {
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
    }

    /// Removes the member at `index`.
    mutating func remove(at index: Int) {
        keys.remove(at: index)
        values.remove(at: index)
    }

    /// Inserts a member that is not there yet at `position` (clamped to the end).
    mutating func insert(_ key: String, _ value: JSON, at position: Int) {
        let at = Swift.min(position, keys.count)
        keys.insert(key, at: at)
        values.insert(value, at: at)
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
