/// A location inside a JSON document, printed as `$.components[3].data.title`.
///
/// Errors carry one so a server author can find the offending value; state
/// reads take one (parsed from the same notation) to reach inside a service.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Segment: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var segments: [Segment]

    public init(_ segments: [Segment] = []) {
        self.segments = segments
    }

    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath {
        JSONPath(segments + [.key(key)])
    }

    public func appending(_ index: Int) -> JSONPath {
        JSONPath(segments + [.index(index)])
    }

    /// `$` for the root; keys that are not plain identifiers are quoted: `$["a b"]`.
    public var description: String {
        var out = "$"
        for segment in segments {
            switch segment {
            case .index(let i):
                out += "[\(i)]"
            case .key(let k):
                if JSONPath.isIdentifier(k) {
                    out += "." + k
                } else {
                    out += "[" + JSONWriter.quoted(k) + "]"
                }
            }
        }
        return out
    }

    /// The segments of the common path shape, dotted plain keys ("a.b",
    /// "$.a", ".a", "$", ""), read byte by byte; nil for anything else
    /// (brackets, quotes, other characters, empty keys), which the full
    /// parser handles and reports.
    static func plainKeys(_ text: String) -> [Segment]? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> [Segment]? in
            var i = 0
            if i < bytes.count, bytes[i] == UInt8(ascii: "$") {
                i += 1
                if i == bytes.count { return [] }
                guard bytes[i] == UInt8(ascii: ".") else { return nil }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1 } else if i == bytes.count { return [] }
            var segments: [Segment] = []
            var start = i
            while true {
                if i == bytes.count || bytes[i] == UInt8(ascii: ".") {
                    guard i > start else { return nil }
                    segments.append(.key(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)))
                    if i == bytes.count { return segments }
                    i += 1
                    start = i
                    continue
                }
                let c = bytes[i]
                guard (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                    || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
                else { return nil }
                i += 1
            }
        } ?? nil
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return s.utf8.allSatisfy { c in
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: "-")
        }
    }

    /// Parses the path notation used by state reads.
    ///
    /// Accepts an optional leading `$`, dot-separated keys and `[n]` indexes:
    /// `items[0].title`, `$.items[0]`, `126225`, `["a b"].c`. A dotted segment
    /// made of digits is a key; on an array it also selects the element by
    /// index (see `JSON.value(at:)`). The empty string is the root.
    public init(parsing text: String) throws(JSONPathError) {
        if let plain = JSONPath.plainKeys(text) {
            self.segments = plain
            return
        }
        var segments: [Segment] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        if i < chars.count, chars[i] == "$" { i += 1 }
        // A bare leading key ("items[0]") needs no dot; "$", "[" and "." starts do.
        var expectSegment = i == 0 && !chars.isEmpty && chars[0] != "["
        while i < chars.count {
            let c = chars[i]
            if c == "." || expectSegment {
                if c == "." { i += 1 }
                expectSegment = false
                var key = ""
                while i < chars.count, chars[i] != ".", chars[i] != "[" {
                    key.unicodeScalars.append(chars[i])
                    i += 1
                }
                guard !key.isEmpty else { throw JSONPathError(path: text, message: "empty key at character \(i + 1)") }
                segments.append(.key(key))
            } else if c == "[" {
                i += 1
                if i < chars.count, chars[i] == "\"" {
                    i += 1
                    var key = ""
                    while i < chars.count, chars[i] != "\"" {
                        if chars[i] == "\\", i + 1 < chars.count { i += 1 }
                        key.unicodeScalars.append(chars[i])
                        i += 1
                    }
                    guard i + 1 < chars.count, chars[i] == "\"", chars[i + 1] == "]" else {
                        throw JSONPathError(path: text, message: "unterminated quoted key")
                    }
                    i += 2
                    segments.append(.key(key))
                } else {
                    var digits = ""
                    while i < chars.count, chars[i] != "]" {
                        digits.unicodeScalars.append(chars[i])
                        i += 1
                    }
                    guard i < chars.count, let n = Int(digits), n >= 0 else {
                        throw JSONPathError(path: text, message: "expected a non-negative index inside [ ]")
                    }
                    i += 1
                    segments.append(.index(n))
                }
            } else {
                throw JSONPathError(path: text, message: "unexpected '\(c)' at character \(i + 1)")
            }
        }
        self.segments = segments
    }
}

/// A state path that does not parse.
public struct JSONPathError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "bad path \"\(path)\": \(message)" }
}

extension JSON {
    /// The value at `path`, or nil when a step is missing.
    ///
    /// A `.key` step made of digits also indexes an array, so `items.0` and
    /// `items[0]` read the same element.
    public func value(at path: JSONPath) -> JSON? {
        // The first step reads this value in place: a state read (one key
        // of a service's state, the usual path) copies only what it finds.
        guard let first = path.segments.first, var current = child(first) else {
            return path.segments.isEmpty ? self : nil
        }
        for segment in path.segments.dropFirst() {
            guard let next = current.child(segment) else { return nil }
            current = next
        }
        return current
    }

    /// The member or element `segment` names, or nil. (A switch over the
    /// value alone, not over a tuple of it and the segment, which copied it.)
    private func child(_ segment: JSONPath.Segment) -> JSON? {
        switch self {
        case .object(let o):
            guard case .key(let k) = segment else { return nil }
            return o[k]
        case .array(let a):
            switch segment {
            case .key(let k):
                guard let i = Int(k), a.indices.contains(i) else { return nil }
                return a[i]
            case .index(let i):
                guard a.indices.contains(i) else { return nil }
                return a[i]
            }
        default:
            return nil
        }
    }
}
