import Testing
@testable import SDUICore

/// `ReadIndex` files each reader under its service and first key, keeping a
/// key's first reader apart from the set of the others: whatever the order
/// of adds and removes, a change's candidates are exactly the components
/// whose reads go through what changed, as a plain list of reads says.
@Suite("ReadIndex")
struct ReadIndexTests {
    static let services = ["order", "favorites"]

    /// A read of `service` at member `key`, or of the whole service.
    static func read(_ service: String, _ key: String?) -> Read {
        Read(service: service, path: JSONPath(key.map { [.key($0)] } ?? []), value: nil)
    }

    /// Readers of `key` of `service` in a list of what each component reads (nil key: the whole service).
    static func expected(_ filed: [String: [Read]], service: String, keys: Set<String>) -> Set<String> {
        Set(filed.compactMap { id, reads in
            reads.contains { $0.service == service && ($0.firstKey.map(keys.contains) ?? true) } ? id : nil
        })
    }

    @Test func candidatesMatchTheReads() {
        var r = SeededRNG(seed: 11)
        for _ in 0..<100 {
            var index = ReadIndex()
            var filed: [String: [Read]] = [:]
            for _ in 0..<r.below(40) {
                let id = "c\(r.below(8))"
                if let old = filed[id], r.below(3) == 0 {
                    index.remove(old, of: id)
                    filed[id] = nil
                    continue
                }
                if let old = filed[id] { index.remove(old, of: id) }
                let reads = (0..<r.below(3)).map { _ in
                    Self.read(Self.services[r.below(2)], r.below(5) == 0 ? nil : "k\(r.below(4))")
                }
                index.add(reads, of: id)
                filed[id] = reads
            }
            for service in Self.services {
                for k in 0..<4 {
                    var change = StateChange()
                    change.insertKey("k\(k)")
                    let found = index.candidates(service: service, change: change, new: nil)
                    #expect(found == Self.expected(filed, service: service, keys: ["k\(k)"]),
                            "\(service).k\(k) among \(filed)")
                }
                var replaced = StateChange()
                replaced.noteReplaced(from: nil)
                let all = index.candidates(service: service, change: replaced, new: nil)
                #expect(all == Self.expected(filed, service: service, keys: ["k0", "k1", "k2", "k3"]))
            }
        }
    }

    @Test func aKeyKeepsItsOtherReadersWhenTheFirstLeaves() {
        var index = ReadIndex()
        let star = [Self.read("favorites", "7")]
        index.add(star, of: "a")
        index.add(star, of: "b")
        index.add(star, of: "c")
        index.remove(star, of: "a")
        var change = StateChange()
        change.insertKey("7")
        #expect(index.candidates(service: "favorites", change: change, new: nil) == ["b", "c"])
        index.remove(star, of: "c")
        index.remove(star, of: "b")
        #expect(index.candidates(service: "favorites", change: change, new: nil).isEmpty)
        index.add(star, of: "d")
        #expect(index.candidates(service: "favorites", change: change, new: nil) == ["d"])
    }
}
