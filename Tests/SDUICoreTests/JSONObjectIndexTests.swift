import Testing
@testable import SDUICore

/// The hash index large objects get (`KeyIndex`): whatever sequence of
/// changes, an indexed object keeps the members, their order, lookups,
/// equality and written text of a plain list of pairs changed the same way.
@Suite("JSONObject's key index")
struct JSONObjectIndexTests {
    /// The reference: pairs in order, found by a linear scan.
    struct Reference {
        var pairs: [(String, JSON)] = []

        func position(_ key: String) -> Int? { pairs.firstIndex { $0.0 == key } }

        mutating func set(_ key: String, _ value: JSON?) {
            if let i = position(key) {
                if let value { pairs[i].1 = value } else { pairs.remove(at: i) }
            } else if let value {
                pairs.append((key, value))
            }
        }
    }

    static func check(_ o: JSONObject, _ ref: Reference, _ keys: [String], _ note: String) {
        #expect(o.keys == ref.pairs.map(\.0), "\(note)")
        #expect(o.values.count == ref.pairs.count, "\(note)")
        for (i, (k, v)) in ref.pairs.enumerated() {
            #expect(o.values[i].isIdentical(to: v), "\(note): value of \(k)")
        }
        for k in keys {
            #expect(o.index(of: k) == ref.position(k), "\(note): index of \(k)")
        }
        let plain = JSONObject(uniqueKeys: ref.pairs.map(\.0), values: ref.pairs.map(\.1)) // no index
        #expect(o == plain && plain == o, "\(note)")
        #expect(JSON.object(o).isIdentical(to: .object(plain)), "\(note)")
        #expect(JSONWriter.string(.object(o)) == JSONWriter.string(.object(plain)), "\(note)")
    }

    @Test func randomInsertsRemovesAndUpdatesMatchAPlainList() {
        var r = SeededRNG(seed: 14)
        for round in 0..<20 {
            let universe = (0..<r.within(40...300)).map { "k\($0 * 7919 % 1000)" }
            var o = JSONObject()
            var ref = Reference()
            for step in 0..<1500 {
                let key = universe[r.below(universe.count)]
                switch r.below(10) {
                case 0..<4:
                    o[key] = .int(Int64(step))
                    ref.set(key, .int(Int64(step)))
                case 4..<7:
                    o[key] = nil
                    ref.set(key, nil)
                case 7:
                    // through JSON.set and its undo, as a handler's change is
                    var doc = JSON.object(o)
                    let before = doc
                    let undo = try? doc.set(r.below(2) == 0 ? nil : .bool(true), at: JSONPath([.key(key)]))
                    if let undo {
                        doc.undo(undo)
                    }
                    #expect(doc.isIdentical(to: before), "round \(round) step \(step): undo")
                    o = doc.objectValue!
                default:
                    #expect(o[key]?.isIdentical(to: ref.position(key).map { ref.pairs[$0].1 } ?? .null) ?? (ref.position(key) == nil))
                }
                if step % 97 == 0 || o.count == JSONObject.indexThreshold {
                    Self.check(o, ref, universe, "round \(round) step \(step)")
                }
            }
            Self.check(o, ref, universe, "round \(round) end")
        }
    }

    @Test func theIndexIsBuiltForLargeObjectsAndDroppedWhenSmall() {
        var o = JSONObject()
        for i in 0..<JSONObject.indexThreshold { o["\(i)"] = .int(Int64(i)) }
        o["x"] = .null // a changing lookup at the threshold builds it
        #expect(o.hasKeyIndex)
        for i in 0..<JSONObject.indexThreshold { o["\(i)"] = nil }
        #expect(!o.hasKeyIndex)
        #expect(o.keys == ["x"] && o.index(of: "x") == 0 && o.index(of: "0") == nil)
    }

    @Test func removalsAndReinsertionsInTheMiddleRenumber() throws {
        var doc = JSON.object(JSONObject((0..<200).map { ("m\($0)", JSON.int(Int64($0))) }))
        #expect(doc.objectValue!.hasKeyIndex)
        var undos: [JSONUndo] = []
        for i in stride(from: 10, to: 200, by: 17) {
            if let u = try doc.set(nil, at: JSONPath([.key("m\(i)")])) { undos.append(u) }
        }
        for i in 0..<200 {
            let expected = i >= 10 && (i - 10) % 17 == 0 ? nil : JSON.int(Int64(i))
            #expect(doc["m\(i)"] == expected)
        }
        for u in undos.reversed() { doc.undo(u) }
        let o = doc.objectValue!
        #expect(o.keys == (0..<200).map { "m\($0)" })
        for i in 0..<200 { #expect(o.index(of: "m\(i)") == i) }
    }

    @Test func removalsAndInsertionsAtTheFrontKeepLookupsRight() throws {
        // Oldest first, as toggled ids go: every removal is at position 0.
        var doc = JSON.object(JSONObject())
        var undos: [JSONUndo] = []
        for round in 0..<3 {
            for i in 0..<300 { try doc.set(.int(Int64(i)), at: JSONPath([.key("id\(i)")])) }
            for i in 0..<250 {
                if let u = try doc.set(nil, at: JSONPath([.key("id\(i)")])) { undos.append(u) }
                let o = doc.objectValue!
                #expect(o.index(of: "id\(i + 1)") == 0, "round \(round) removal \(i)")
                #expect(o.index(of: "id299") == 298 - i)
                #expect(o.index(of: "id\(i)") == nil)
            }
            // put the front back, newest removal first (reinsertions at 0)
            for u in undos.reversed() { doc.undo(u) }
            undos.removeAll()
            let o = doc.objectValue!
            #expect(o.keys == (0..<300).map { "id\($0)" })
            for i in 0..<300 { #expect(o.index(of: "id\(i)") == i) }
            #expect(o.hasKeyIndex)
            for i in 0..<300 { try doc.set(nil, at: JSONPath([.key("id\(i)")])) }
            #expect(doc.objectValue!.isEmpty)
        }
    }

    @Test func frontRemovalsLeaveDeadEntriesThatGoInOnePass() throws {
        // Mostly oldest-first removals (dead entries at the front) mixed with
        // appends, updates, removals elsewhere, reads through `update` and
        // undone removals at the front (back into a dead entry), against
        // the plain list; the dead entries never outnumber the members by
        // much, and the index survives growing while there are some.
        var r = SeededRNG(seed: 33)
        var o = JSONObject()
        var ref = Reference()
        var next = 0
        var sawDead = false
        var sawGrowthWithDead = false
        for step in 0..<1200 {
            let choice = r.below(20)
            if choice < 6 || ref.pairs.isEmpty {
                let n = r.below(4) == 0 ? r.within(1...40) : 1
                for _ in 0..<n {
                    let k = "f\(next)"
                    next += 1
                    if o.deadAtFront > 0 { sawGrowthWithDead = true }
                    o[k] = .int(Int64(step))
                    ref.set(k, .int(Int64(step)))
                }
            } else if choice < 14 {
                let k = ref.pairs[0].0
                o[k] = nil
                ref.set(k, nil)
            } else if choice < 16 {
                let k = ref.pairs[r.below(ref.pairs.count)].0
                o[k] = nil
                ref.set(k, nil)
            } else if choice < 17 {
                let k = ref.pairs[r.below(ref.pairs.count)].0
                try o.update(k, initial: .null) { (v: inout JSON) throws(JSONPathError) in v = .string(k) }
                ref.set(k, .string(k))
            } else if choice < 18 {
                let k = ref.pairs[r.below(ref.pairs.count)].0
                #expect(o[k]?.isIdentical(to: ref.pairs[ref.position(k)!].1) == true)
            } else {
                // remove the first member through JSON.set and undo it
                var doc = JSON.object(o)
                let before = doc
                let undo = try doc.set(nil, at: JSONPath([.key(ref.pairs[0].0)]))
                doc.undo(undo!)
                #expect(doc.isIdentical(to: before), "step \(step): undo")
                o = doc.objectValue!
            }
            if o.deadAtFront > 0 { sawDead = true }
            #expect(o.deadAtFront <= Swift.max(16, o.count + 1), "step \(step)")
            if step % 151 == 0 {
                Self.check(o, ref, ref.pairs.map(\.0) + ["f\(next)", "f0"], "step \(step)")
            }
        }
        Self.check(o, ref, ref.pairs.map(\.0), "end")
        #expect(sawDead && sawGrowthWithDead)
    }

    @Test func canonicallyEquivalentKeysAreOneKey() {
        var o = JSONObject()
        for i in 0..<64 { o["k\(i)"] = .int(Int64(i)) }
        o["\u{E9}"] = 1 // é, precomposed
        #expect(o.hasKeyIndex)
        #expect(o["e\u{301}"] == 1) // é, decomposed: == finds them equal, and so does the index
        o["\u{212A}"] = 2 // KELVIN SIGN, canonically "K"
        #expect(o["K"] == 2)
        #expect(o.count == 66)
    }
}
