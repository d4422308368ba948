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

extension JSON {
    /// How deep arrays and objects nest in this value: 0 for a scalar, 1
    /// for a flat array or object. Recursive: call it on values a parser or
    /// reader already held to a depth limit.
    public var nestingDepth: Int {
        switch self {
        case .array(let items): return 1 + (items.lazy.map(\.nestingDepth).max() ?? 0)
        case .object(let object): return 1 + (object.values.lazy.map(\.nestingDepth).max() ?? 0)
        default: return 0
        }
    }
}

