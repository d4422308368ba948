extension JSON {
    /// Sets the value at `path`, creating missing object members on the way;
    /// an index equal to an array's length appends. A nil `newValue` removes
    /// the value (removing something absent is not an error). Members keep
    /// their position in their object.
    ///
    /// Throws when a step runs into a scalar or an index is past the end; the
    /// value is then unchanged.
    public mutating func set(_ newValue: JSON?, at path: JSONPath) throws(JSONPathError) {
        try set(newValue, at: path.segments[...], fullPath: path)
    }

    private mutating func set(_ newValue: JSON?, at rest: ArraySlice<JSONPath.Segment>, fullPath: JSONPath)
        throws(JSONPathError)
    {
        guard let segment = rest.first else {
            self = newValue ?? .null
            return
        }
        let tail = rest.dropFirst()
        switch (segment, self) {
        case (.key(let k), .object(var o)):
            if tail.isEmpty {
                self = .null // drop our reference so `o` is uniquely owned
                o[k] = newValue
                self = .object(o)
                return
            }
            if newValue == nil && o[k] == nil { return }
            self = .null
            defer { self = .object(o) }
            try o.update(k, initial: .object(JSONObject())) { (child) throws(JSONPathError) in
                try child.set(newValue, at: tail, fullPath: fullPath)
            }
        case (_, .array(var a)):
            let index = try JSON.arrayIndex(segment, fullPath)
            if index > a.count || (index == a.count && newValue == nil) {
                if newValue == nil { return }
                throw JSONPathError(path: fullPath.description, message: "index \(index) is past the end of an array of \(a.count)")
            }
            if index == a.count {
                var child = tail.isEmpty ? JSON.null : JSON.object(JSONObject())
                try child.set(newValue, at: tail, fullPath: fullPath)
                self = .null
                a.append(child)
                self = .array(a)
                return
            }
            self = .null
            defer { self = .array(a) }
            if tail.isEmpty {
                if let newValue { a[index] = newValue } else { a.remove(at: index) }
            } else {
                try a[index].set(newValue, at: tail, fullPath: fullPath)
            }
        case (.key, .null) where newValue != nil:
            var created = JSON.object(JSONObject())
            try created.set(newValue, at: rest, fullPath: fullPath)
            self = created
        default:
            if newValue == nil { return }
            throw JSONPathError(path: fullPath.description, message: "cannot step into a \(typeName) there")
        }
    }

    /// The array index a path segment names: `[n]`, or a key made of digits.
    private static func arrayIndex(_ segment: JSONPath.Segment, _ fullPath: JSONPath) throws(JSONPathError) -> Int {
        switch segment {
        case .index(let i):
            return i
        case .key(let k):
            guard let i = Int(k), i >= 0 else {
                throw JSONPathError(path: fullPath.description, message: "\"\(k)\" is not an index into an array")
            }
            return i
        }
    }
}
