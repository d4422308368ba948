import Testing
@testable import SDUICore

/// `StateChange` keeps its first member apart from the set of the others:
/// whatever the order of notes, assignments and merges, `keys` is the set
/// of every member noted, each once.
@Suite("StateChange's keys")
struct StateChangeKeysTests {
    static func keys(_ c: StateChange) -> [String] {
        var seen: [String] = []
        c.forEachKey { seen.append($0) }
        return seen
    }

    @Test func notesMatchASet() {
        var r = SeededRNG(seed: 5)
        for _ in 0..<200 {
            var c = StateChange()
            var ref: Set<String> = []
            #expect(!c.hasKeys && c.keys.isEmpty)
            for _ in 0..<r.below(12) {
                switch r.below(8) {
                case 0:
                    let assigned = Set((0..<r.below(4)).map { "k\($0 * 3)" })
                    c.keys = assigned
                    ref = assigned
                case 1:
                    var later = StateChange()
                    var added: Set<String> = []
                    for _ in 0..<r.below(4) {
                        let k = "k\(r.below(6))"
                        later.insertKey(k)
                        added.insert(k)
                    }
                    c.merge(later)
                    ref.formUnion(added)
                default:
                    let k = "k\(r.below(6))"
                    c.insertKey(k)
                    ref.insert(k)
                }
                #expect(c.keys == ref)
                let listed = Self.keys(c)
                #expect(listed.count == ref.count && Set(listed) == ref)
                #expect(c.hasKeys == !ref.isEmpty)
            }
        }
    }

    @Test func mergeKeepsReplacementAndKeys() {
        var a = StateChange()
        a.insertKey("x")
        var b = StateChange()
        b.insertKey("y")
        b.insertKey("x")
        b.noteReplaced(from: nil)
        a.merge(b)
        #expect(a.keys == ["x", "y"])
        #expect(a.replaced)
        var empty = StateChange()
        empty.merge(a)
        #expect(empty.keys == ["x", "y"] && empty.replaced)
    }
}
