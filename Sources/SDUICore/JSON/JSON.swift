/// A JSON value: the one data model of sdui.
///
/// Payloads, component data, service state, actions and view bricks all travel
/// as `JSON`. Integers that fit in 64 bits stay integers (`.int`), so ids such
/// as `126225` round-trip exactly and reach Lua as integers; every other number
/// is a `.double`. Objects keep their key order (see `JSONObject`).
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// The kind of a value, used in error messages ("expected string, got array").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The value as a Double, for either number case.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// The value as an integer: `.int`, or a `.double` with no fractional part.
    public var intValue: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d):
            guard d.rounded() == d, d >= -9.2e18, d <= 9.2e18 else { return nil }
            return Int64(d)
        default: return nil
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Member of an object by key; nil for a missing key or a non-object.
    public subscript(key: String) -> JSON? {
        objectValue?[key]
    }

    /// Element of an array by index; nil when out of range or not an array.
    public subscript(index: Int) -> JSON? {
        guard case .array(let a) = self, a.indices.contains(index) else { return nil }
        return a[index]
    }

    /// Numbers compare by value across `.int` and `.double` (`1 == 1.0`),
    /// objects by their members regardless of order.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }
}

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

extension JSON {
    /// Exact sameness, as the JSON text would show it: an integer is not a
    /// double (`1` vs `1.0`) and objects must list the same members in the
    /// same order. `==` is the looser value equality. Change detection uses
    /// this one, because factories see the difference.
    public func isIdentical(to other: JSON) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case (.object(let a), .object(let b)):
            return a.keys == b.keys && zip(a.values, b.values).allSatisfy { $0.isIdentical(to: $1) }
        default: return false
        }
    }

    /// `isIdentical` for optional values: absent is identical only to absent.
    public static func identical(_ a: JSON?, _ b: JSON?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return x.isIdentical(to: y)
        default: return false
        }
    }
}

extension JSON: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}
