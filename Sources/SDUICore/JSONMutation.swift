extension JSON {
    /// Sets the value at `path`, creating missing object members on the way;
    /// an index equal to an array's length appends. A nil `newValue` removes
    /// the value (removing something absent is not an error).
    ///
    /// Throws when a step runs into a scalar, or an index is past the end.
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
        let isLast = tail.isEmpty
        switch (segment, self) {
        case (.key(let k), .object(var o)):
            self = .null // drop our reference so `o` is uniquely owned
            defer { self = .object(o) }
            if isLast {
                o[k] = newValue
            } else {
                if newValue == nil && o[k] == nil { return }
                var child = o[k] ?? .object(JSONObject())
                o[k] = nil
                try child.set(newValue, at: tail, fullPath: fullPath)
                o[k] = child
            }
        case (_, .array):
            let index: Int
            switch segment {
            case .index(let i):
                index = i
            case .key(let k):
                guard let i = Int(k), i >= 0 else {
                    throw JSONPathError(path: fullPath.description, message: "\"\(k)\" is not an index into an array")
                }
                index = i
            }
            guard case .array(var a) = self else { return }
            self = .null
            defer { self = .array(a) }
            if index == a.count {
                guard let newValue else { return }
                guard isLast else {
                    var child = JSON.object(JSONObject())
                    try child.set(newValue, at: tail, fullPath: fullPath)
                    a.append(child)
                    return
                }
                a.append(newValue)
            } else if index < a.count {
                if isLast {
                    if let newValue { a[index] = newValue } else { a.remove(at: index) }
                } else {
                    try a[index].set(newValue, at: tail, fullPath: fullPath)
                }
            } else {
                if newValue == nil { return }
                throw JSONPathError(path: fullPath.description, message: "index \(index) is past the end of an array of \(a.count)")
            }
        case (.key, .null) where newValue != nil:
            self = .object(JSONObject())
            try set(newValue, at: rest, fullPath: fullPath)
        default:
            if newValue == nil { return }
            throw JSONPathError(path: fullPath.description,
                                message: "cannot step into a \(typeName) there")
        }
    }
}
