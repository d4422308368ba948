extension JSON {
    /// Sets the value at `path`, creating missing object members on the way;
    /// an index equal to an array's length appends. A nil `newValue` removes
    /// the value (removing something absent is not an error). Members keep
    /// their position in their object.
    ///
    /// Returns how to take the change back (nil when nothing changed: the
    /// removal of something absent). Throws when a step runs into a scalar or
    /// an index is past the end; the value is then unchanged.
    @discardableResult
    public mutating func set(_ newValue: JSON?, at path: JSONPath) throws(JSONPathError) -> JSONUndo? {
        if path.segments.count == 1, case .key(let k) = path.segments[0], case .object = self {
            // A member of this object (a handler's usual change): what the
            // walk below does, with the path's own segments for the record.
            var o = takeObject()
            defer { self = .object(o) }
            guard let (old, position) = o.setMember(k, newValue) else {
                return newValue == nil ? nil : JSONUndo(path: path.segments, step: .remove)
            }
            return JSONUndo(path: path.segments, step: newValue == nil ? .reinsert(old, position: position) : .restore(old))
        }
        var walked: [JSONPath.Segment] = []
        walked.reserveCapacity(path.segments.count)
        return try set(newValue, at: path.segments[...], walked: &walked, fullPath: path)
    }

    private mutating func set(_ newValue: JSON?, at rest: ArraySlice<JSONPath.Segment>,
                              walked: inout [JSONPath.Segment], fullPath: JSONPath) throws(JSONPathError) -> JSONUndo?
    {
        guard let segment = rest.first else {
            let old = self
            self = newValue ?? .null
            return JSONUndo(path: walked, step: .restore(old))
        }
        let tail = rest.dropFirst()
        if case .key(let k) = segment, case .object = self {
            var o = takeObject()
            defer { self = .object(o) }
            walked.append(.key(k))
            let position = o.indexForChange(of: k)
            if tail.isEmpty {
                guard let position else {
                    if newValue == nil { return nil }
                    o.append(k, newValue!)
                    return JSONUndo(path: walked, step: .remove)
                }
                let old = o.value(at: position)
                if let newValue {
                    o.updateValue(at: position) { $0 = newValue }
                    return JSONUndo(path: walked, step: .restore(old))
                }
                o.remove(at: position)
                return JSONUndo(path: walked, step: .reinsert(old, position: position))
            }
            if newValue == nil && position == nil { return nil }
            var undo: JSONUndo?
            try o.update(k, initial: .object(JSONObject())) { (child) throws(JSONPathError) in
                undo = try child.set(newValue, at: tail, walked: &walked, fullPath: fullPath)
            }
            // A member created on the way goes away whole.
            return position == nil ? JSONUndo(path: Array(walked.prefix(fullPath.segments.count - tail.count)), step: .remove)
                : undo
        }
        if case .array = self {
            let index = try JSON.arrayIndex(segment, fullPath)
            var a = takeArray()
            defer { self = .array(a) }
            if index > a.count || (index == a.count && newValue == nil) {
                if newValue == nil { return nil }
                throw JSONPathError(path: fullPath.description, message: "index \(index) is past the end of an array of \(a.count)")
            }
            walked.append(.index(index))
            if index == a.count {
                var child = tail.isEmpty ? JSON.null : JSON.object(JSONObject())
                var scratch: [JSONPath.Segment] = []
                _ = try child.set(newValue, at: tail, walked: &scratch, fullPath: fullPath) // a new child: no undo of its own
                a.append(child)
                return JSONUndo(path: walked, step: .remove)
            }
            if tail.isEmpty {
                let old = a[index]
                if let newValue {
                    a[index] = newValue
                    return JSONUndo(path: walked, step: .restore(old))
                }
                a.remove(at: index)
                return JSONUndo(path: walked, step: .reinsert(old, position: index))
            }
            return try a[index].set(newValue, at: tail, walked: &walked, fullPath: fullPath)
        }
        if case .key = segment, case .null = self, newValue != nil {
            var created = JSON.object(JSONObject())
            var scratch: [JSONPath.Segment] = []
            _ = try created.set(newValue, at: rest, walked: &scratch, fullPath: fullPath) // undone by restoring null
            self = created
            return JSONUndo(path: walked, step: .restore(.null))
        }
        if newValue == nil { return nil }
        throw JSONPathError(path: fullPath.description, message: "cannot step into a \(typeName) there")
    }

    /// The object this value holds, moved out (the value becomes null), so
    /// the caller owns it alone and can change it without a copy.
    private mutating func takeObject() -> JSONObject {
        guard case .object(let o) = self else { preconditionFailure("not an object") }
        self = .null
        return o
    }

    /// The array this value holds, moved out; see `takeObject`.
    private mutating func takeArray() -> [JSON] {
        guard case .array(let a) = self else { preconditionFailure("not an array") }
        self = .null
        return a
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

    /// Takes back a change `set` made; undo records must be applied newest first.
    public mutating func undo(_ record: JSONUndo) {
        undo(record, at: record.path[...])
    }

    private mutating func undo(_ record: JSONUndo, at rest: ArraySlice<JSONPath.Segment>) {
        guard let segment = rest.first else {
            if case .restore(let old) = record.step { self = old }
            return
        }
        let last = rest.count == 1
        if case .key(let k) = segment, case .object = self {
            var o = takeObject()
            defer { self = .object(o) }
            if last {
                switch record.step {
                case .restore(let old): o[k] = old
                case .remove: o[k] = nil
                case .reinsert(let old, let position): o.insert(k, old, at: position)
                }
            } else if let i = o.indexForChange(of: k) {
                o.updateValue(at: i) { $0.undo(record, at: rest.dropFirst()) }
            }
        } else if case .index(let i) = segment, case .array = self {
            var a = takeArray()
            defer { self = .array(a) }
            if last {
                switch record.step {
                case .restore(let old): a[i] = old
                case .remove: a.remove(at: i)
                case .reinsert(let old, _): a.insert(old, at: i)
                }
            } else {
                a[i].undo(record, at: rest.dropFirst())
            }
        }
        // Anything else cannot happen: undo records retrace a path that exists.
    }
}

/// How to take back one `JSON.set`: what to do at the path it changed.
public struct JSONUndo: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// Put this value back (it was replaced).
        case restore(JSON)
        /// Remove what is there (it was created: a member or an appended element).
        case remove
        /// Insert this value again, an object member at `position` (it was removed).
        case reinsert(JSON, position: Int)
    }

    /// Where the change happened; array steps are always `.index`.
    public var path: [JSONPath.Segment]
    public var step: Step
}
