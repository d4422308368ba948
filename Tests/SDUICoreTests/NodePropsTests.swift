import Testing
@testable import SDUICore

@Suite("NodeProps")
struct NodePropsTests {
    @Test func readsWritesAndRemovesByName() {
        var p: NodeProps = ["url": "u", "alt": "Poster"]
        #expect(p["url"] == "u" && p["alt"] == "Poster" && p["placeholder"] == nil && p.count == 2)
        p["url"] = "v"
        p["placeholder"] = "…"
        #expect(p.count == 3 && p["url"] == "v" && p["placeholder"] == "…")
        p["alt"] = nil
        p["missing"] = nil
        #expect(p.count == 2 && p["alt"] == nil)
        p["alt"] = "again" // takes the freed slot
        #expect(p.dictionary == ["url": "v", "placeholder": "…", "alt": "again"])
    }

    @Test func moreThanThreeMembersStayReadable() {
        var p: NodeProps = ["a": "1", "b": "2", "c": "3", "d": "4"]
        p["e"] = "5"
        #expect(p.count == 5 && p["d"] == "4" && p["e"] == "5")
        p["d"] = nil
        #expect(p.count == 4 && p["d"] == nil)
        #expect(p.dictionary == ["a": "1", "b": "2", "c": "3", "e": "5"])
    }

    @Test func equalityIgnoresSlotsAndOrder() {
        var a: NodeProps = ["text": "x", "alt": "y"]
        let b: NodeProps = ["alt": "y", "text": "x"]
        #expect(a == b)
        a["text"] = "z"
        #expect(a != b)
        a["text"] = nil
        #expect(a != b && a == ["alt": "y"])
        #expect(NodeProps() == [:] && NodeProps().isEmpty)
        #expect(NodeProps(["a": "1", "b": "2", "c": "3", "d": "4"]) == ["d": "4", "c": "3", "b": "2", "a": "1"])
    }
}
