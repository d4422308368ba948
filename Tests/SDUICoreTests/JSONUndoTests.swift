import Testing
@testable import SDUICore

@Suite("Undoing JSON.set")
struct JSONUndoTests {
    @Test func eachKindOfChangeIsTakenBack() throws {
        let original = json(#"{"a":1,"b":{"c":[10,20,30]},"d":null}"#)
        let cases: [(String, JSON?)] = [
            ("a", 2),                 // replace a member
            ("z", true),              // add a member
            ("a", nil),               // remove a member (it must come back first, not last)
            ("b.c[1]", 21),           // replace an element
            ("b.c[3]", 40),           // append
            ("b.c[0]", nil),          // remove an element
            ("b.x.y.z", "deep"),      // create members on the way
            ("d.e", 5),               // step into null: it becomes an object
            ("", "root"),             // replace the whole value
            ("nothing", nil),         // remove something absent: no change
        ]
        for (path, value) in cases {
            var doc = original
            let undo = try doc.set(value, at: JSONPath(parsing: path))
            if let undo {
                #expect(!doc.isIdentical(to: original), "\(path)")
                doc.undo(undo)
            } else {
                #expect(value == nil)
            }
            #expect(doc.isIdentical(to: original), "\(path): \(JSONWriter.string(doc))")
        }
    }

    @Test func randomChangesUndoneNewestFirstRestoreTheDocument() throws {
        var r = SeededRNG(seed: 42)
        for _ in 0..<300 {
            let original = Self.randomValue(&r, depth: 0)
            var doc = original
            var records: [JSONUndo] = []
            for _ in 0..<r.within(1...6) {
                let path = Self.randomPath(in: doc, &r)
                let value: JSON? = r.percent(30) ? nil : Self.randomValue(&r, depth: 2)
                if let record = try? doc.set(value, at: path) { records.append(record) }
            }
            for record in records.reversed() { doc.undo(record) }
            #expect(doc.isIdentical(to: original), "\(JSONWriter.string(original)) came back as \(JSONWriter.string(doc))")
        }
    }

    /// A path into `doc` that mostly exists, sometimes runs one or two steps past it.
    static func randomPath(in doc: JSON, _ r: inout SeededRNG) -> JSONPath {
        var segments: [JSONPath.Segment] = []
        var at: JSON? = doc
        while let here = at, !r.percent(25) {
            switch here {
            case .object(let o) where !o.isEmpty && !r.percent(20):
                let key = o.keys[r.below(o.count)]
                segments.append(.key(key))
                at = o[key]
            case .array(let a):
                let i = r.below(a.count + 1)
                segments.append(.index(i))
                at = i < a.count ? a[i] : nil
            default:
                segments.append(.key("n\(r.below(3))"))
                at = nil
            }
        }
        if at == nil, r.percent(30) { segments.append(.key("m")) }
        return JSONPath(segments)
    }

    static func randomValue(_ r: inout SeededRNG, depth: Int) -> JSON {
        switch depth > 2 ? r.below(3) : r.below(5) {
        case 0: return .int(Int64(r.below(100)))
        case 1: return r.percent(50) ? .null : .string("s\(r.below(5))")
        case 2: return .bool(r.percent(50))
        case 3: return .array((0..<r.below(4)).map { _ in randomValue(&r, depth: depth + 1) })
        default:
            var o = JSONObject()
            for k in 0..<r.below(4) { o["k\(k)"] = randomValue(&r, depth: depth + 1) }
            return .object(o)
        }
    }
}
