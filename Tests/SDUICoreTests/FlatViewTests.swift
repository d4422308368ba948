import Testing
@testable import SDUICore

/// The flat form of rendered views (`FlatView`) and the one-pass reader of
/// packed views (`PackedViewReader`, `PackedJSON`): each must give exactly
/// what the tree and the decoders give.
@Suite("Flat views")
struct FlatViewTests {
    /// Views of every kind and member, keys, styles and actions of all shapes.
    static let views: [String] = [
        #"{"type":"text","text":"Hello"}"#,
        #"{"type":"text","text":"Tab\there \"quoted\" \u0001 é ☆","style":"title"}"#,
        #"{"type":"text","text":"","style":{"font":"caption"}}"#,
        #"{"type":"text","text":"x","style":{"font":"body","color":"white","padding":4,"width":"fill"}}"#,
        #"{"type":"image","url":"https://x/p.jpg","alt":"poster","placeholder":"…"}"#,
        #"{"type":"button","label":"★","action":{"type":"favorites/toggle","payload":{"movieId":1,"f":1.5,"n":null,"b":[true,false,"s",{}]}}}"#,
        #"{"type":"button","action":{"type":"a/b"}}"#,
        #"{"type":"button","label":"k","action":null}"#,
        #"{"type":"input","name":"q","value":"v","placeholder":"search","action":{"type":"s/q","payload":"x"}}"#,
        #"{"type":"spacer"}"#,
        #"{"type":"vstack","children":[]}"#,
        #"{"type":"vstack","style":{"spacing":2},"children":[{"type":"text","text":"a"},{"type":"hstack","children":[{"type":"image","url":"u"},{"type":"spacer"}]}]}"#,
        #"{"type":"list","children":[{"type":"text","text":"a","key":"a"},{"type":"vstack","key":"b","children":[{"type":"text","text":"b"}]}]}"#,
        #"{"type":"zstack","id":"ignored","children":[{"type":"button","label":"x","children":[{"type":"text","text":"in"}]}]}"#,
        // controls: a disabled button with a tooltip, tap targets of every kind that takes one
        #"{"type":"button","label":"Go","tooltip":"Sold \"out\" ☆","disabled":true,"style":"title","action":{"type":"a/b"}}"#,
        #"{"type":"button","disabled":false,"tooltip":"","children":[{"type":"text","text":"in"}]}"#,
        #"{"type":"button","disabled":true,"label":"k","key":"k"}"#,
        #"{"type":"vstack","action":{"type":"nav/open","payload":{"route":"/x"}},"children":[{"type":"image","url":"u","action":{"type":"a/b"}},{"type":"hstack","action":{"type":"a/c"},"children":[]}]}"#,
        #"{"type":"list","action":null,"children":[{"type":"zstack","action":{"type":"a/b","payload":[1]},"children":[{"type":"text","text":"t"}]}]}"#,
        // accessibility, on every kind, with the members in any order, alone or with all the others
        #"{"type":"button","label":"★","accessibility":{"label":"Favourite \"x\" é","hint":"Adds it","role":"switch"},"action":{"type":"a/b"}}"#,
        #"{"type":"vstack","key":"k","style":"title","accessibility":{"role":"group","label":"Card"},"action":{"type":"a/b"},"children":[{"type":"image","url":"u","accessibility":{"role":"none"}},{"type":"text","text":"t","accessibility":{"role":"heading"}}]}"#,
        #"{"type":"button","disabled":true,"tooltip":"t","accessibility":{"hint":""},"children":[{"type":"spacer","accessibility":{"label":"gap"}}]}"#,
        #"{"type":"text","text":"a","accessibility":{}}"#,
        #"{"type":"input","name":"q","accessibility":{"label":"Search","role":"textbox"}}"#,
    ]

    /// Views the contract refuses: the reader gives up and the long way says why.
    static let refused: [String] = [
        #"{"type":"text"}"#,
        #"{"type":"text","text":1}"#,
        #"{"type":"text","text":"a","label":"b"}"#,
        #"{"type":"text","text":"a","action":{"type":"x/y"}}"#,
        #"{"type":"text","text":"a","action":null}"#,
        #"{"type":"text","text":"a","children":[]}"#,
        #"{"type":"nope"}"#,
        #"{"type":"button","action":{"type":""}}"#,
        #"{"type":"button","action":{"type":"a/b","extra":1}}"#,
        #"{"type":"button","action":{"payload":1}}"#,
        #"{"type":"vstack","children":{}}"#,
        #"{"type":"vstack","children":[{"type":"text"}]}"#,
        #"{"type":"text","text":"a","style":{"font":1}}"#,
        #"{"type":"text","text":"a","style":{"unknown":1}}"#,
        #"{"type":"list","children":[{"type":"text","text":"a","key":"k"},{"type":"text","text":"b","key":"k"}]}"#,
        #"{"type":"button","disabled":"yes"}"#,
        #"{"type":"button","disabled":1}"#,
        #"{"type":"button","disabled":null}"#,
        #"{"type":"button","tooltip":true}"#,
        #"{"type":"text","text":"a","disabled":true}"#,
        #"{"type":"vstack","disabled":false}"#,
        #"{"type":"input","name":"q","disabled":true}"#,
        #"{"type":"spacer","action":{"type":"a/b"}}"#,
        #"{"type":"text","text":"a","tooltip":"b"}"#,
        #"{"type":"text","text":"a","accessibility":"Hello"}"#,
        #"{"type":"text","text":"a","accessibility":{"role":"banner"}}"#,
        #"{"type":"text","text":"a","accessibility":{"label":1}}"#,
        #"{"type":"text","text":"a","accessibility":{"name":"x"}}"#,
    ]

    static func packed(_ text: String) -> [UInt8] { PackedValueTests.pack(json(text)) }

    /// `text` with every object's members in bytewise key order, as the Lua
    /// binding packs them (and luajson_encode writes them).
    static func sortedKeys(_ text: String) throws -> String {
        func sorted(_ value: JSON) -> JSON {
            switch value {
            case .object(let object):
                let pairs = object.map { ($0.0, sorted($0.1)) }
                return .object(JSONObject(pairs.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }))
            case .array(let items):
                return .array(items.map(sorted))
            default:
                return value
            }
        }
        return JSONWriter.string(sorted(json(text)))
    }

    /// The long way: the tree decoded and checked, then made flat.
    static func longWay(_ text: String, id: String = "c") throws -> FlatView {
        try FlatView(checking: try ViewNode(json: json(text)), componentId: id)
    }

    static func read(_ bytes: [UInt8], maxDepth: Int = 512) -> FlatView? {
        bytes.withUnsafeBytes { FlatView(packed: $0, maxDepth: maxDepth) }
    }

    /// Ids are written as they are when the component's id needs no escaping,
    /// escaped otherwise, and escaped below a key: each way, the tree's bytes.
    @Test(arguments: ["card", "c\"q", "back\\slash", "nl\nx", "tab\tx", "\u{1}", "é/1"])
    func idsAreWrittenAsTheTreeWritesThem(_ componentId: String) throws {
        let keyed = #"{"type":"list","children":[{"type":"text","text":"a","key":"k\"x"},"#
            + #"{"type":"vstack","key":"b\\","children":[{"type":"text","text":"b"}]},{"type":"text","text":"c"}]}"#
        for text in Self.views + [keyed] {
            var tree = try ViewNode(json: json(text))
            try tree.assignIds(componentId: componentId)
            let flat = FlatView(tree)
            var sink = ByteSink(capacity: 64)
            flat.write(into: &sink, componentId: componentId)
            #expect(sink.withBytes { [UInt8]($0) } == tree.jsonBytes(), "\(componentId): \(text)")
        }
    }

    @Test(arguments: views)
    func flatFormRoundTripsAndWritesTheTreesBytes(_ text: String) throws {
        var tree = try ViewNode(json: json(text))
        try tree.assignIds(componentId: "card")
        let flat = FlatView(tree)
        #expect(flat.node(componentId: "card") == tree)
        #expect(flat.nodeCount == tree.nodeCount)
        var sink = ByteSink(capacity: 64)
        flat.write(into: &sink, componentId: "card")
        #expect(sink.withBytes { [UInt8]($0) } == tree.jsonBytes())
        var urls: [String] = []
        var kinds = Set<ViewNode.Kind>()
        func walk(_ n: ViewNode) {
            if n.kind == .image, let url = n.props["url"] { urls.append(url) }
            kinds.insert(n.kind)
            n.children.forEach(walk)
        }
        walk(tree)
        #expect(flat.imageURLs == urls)
        for kind in ViewNode.Kind.allCases {
            #expect(flat.has(kind) == kinds.contains(kind), "\(kind) in \(text)")
        }
    }

    /// `FlatView.kinds` has a bit for every kind.
    @Test func everyKindHasABitOfItsOwn() {
        #expect(ViewNode.Kind.allCases.count <= 32)
        #expect(Set(ViewNode.Kind.allCases.map(\.index)).count == ViewNode.Kind.allCases.count)
    }

    @Test(arguments: views)
    func packedReaderAgreesWithTheLongWay(_ text: String) throws {
        let text = try Self.sortedKeys(text) // as the binding packs
        let expected = try Self.longWay(text)
        if let read = Self.read(Self.packed(text)) {
            #expect(read == expected)
            // the kinds noted while writing are those a walk over the bytes finds
            #expect(read.kinds == FlatView.kinds(of: read.bytes), "kinds of \(text)")
        } else {
            // Only views with keys go the long way on purpose.
            #expect(text.contains(#""key""#), "the reader gave up on a plain view: \(text)")
        }
    }

    /// An action's object members out of bytewise order (a C host's own
    /// packing) go the long way, which writes them in the order given.
    @Test(arguments: [
        (#"{"type":"button","label":"★","action":{"type":"a/b","payload":{"movieId":1,"f":1.5}}}"#,
         #"{"movieId":1,"f":1.5}"#),
        (#"{"type":"button","label":"x","action":{"type":"a/b","payload":[{"b":1,"a":2}]}}"#, #"[{"b":1,"a":2}]"#),
    ])
    func unsortedActionKeysGoTheLongWay(_ text: String, payload: String) throws {
        #expect(Self.read(Self.packed(text)) == nil)
        #expect(String(decoding: try Self.longWay(text).bytes, as: UTF8.self).contains(#""payload":"# + payload))
        #expect(Self.read(Self.packed(try Self.sortedKeys(text))) != nil, "sorted, the reader takes it")
    }

    @Test(arguments: refused)
    func packedReaderLeavesRefusedViewsToTheLongWay(_ text: String) {
        #expect(Self.read(Self.packed(text)) == nil)
        #expect(throws: (any Error).self) { try Self.longWay(text) }
    }

    @Test func depthLimitAndBadBytesGoTheLongWay() {
        let deep = #"{"type":"vstack","children":[{"type":"vstack","children":[{"type":"text","text":"a"}]}]}"#
        #expect(Self.read(Self.packed(deep), maxDepth: 5) != nil)
        #expect(Self.read(Self.packed(deep), maxDepth: 4) == nil)
        var bytes = Self.packed(#"{"type":"text","text":"ab"}"#)
        #expect(Self.read(bytes + [0]) == nil, "bytes after the value")
        #expect(Self.read(Array(bytes.dropLast())) == nil, "truncated")
        bytes[bytes.count - 1] = 0xFF // not UTF-8
        #expect(Self.read(bytes) == nil)
        // a member twice (a C binding may send one): the long way names it
        let twice: [UInt8] = [7, 2, 0, 0, 0] + Self.member("type", "text") + Self.member("text", "a")
        #expect(Self.read(twice) != nil)
        let duplicate: [UInt8] = [7, 3, 0, 0, 0] + Self.member("type", "text") + Self.member("text", "a")
            + Self.member("text", "b")
        #expect(Self.read(duplicate) == nil)
    }

    /// A packed object member whose value is a string.
    static func member(_ key: String, _ value: String) -> [UInt8] {
        func count(_ n: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(n)) { Array($0) } }
        return count(key.utf8.count) + Array(key.utf8) + [5] + count(value.utf8.count) + Array(value.utf8)
    }

    @Test func kindIndexesAreTheirPlaceInAllCases() {
        for (i, kind) in ViewNode.Kind.allCases.enumerated() {
            #expect(Int(kind.index) == i)
        }
    }

    @Test func equalViewsHaveEqualBytesAndChangesShow() throws {
        let a = try Self.longWay(#"{"type":"button","label":"★","action":{"type":"t/x","payload":{"id":1}}}"#)
        let b = try Self.longWay(#"{"type":"button","label":"★","action":{"type":"t/x","payload":{"id":1.0}}}"#)
        let c = try Self.longWay(#"{"type":"button","label":"★","action":{"type":"t/x","payload":{"id":1}}}"#)
        #expect(a == c)
        #expect(a != b, "1 and 1.0 read differently to a host")
    }

    @Test func disabledIsAFlagWithNoField() throws {
        let plain = try Self.longWay(#"{"type":"button","label":"Go"}"#)
        let disabled = try Self.longWay(#"{"type":"button","label":"Go","disabled":true}"#)
        #expect(disabled.bytes.count == plain.bytes.count)
        #expect(disabled.bytes[1] == FlatView.disabledFlag && plain.bytes[1] == 0)
        #expect(try Self.longWay(#"{"type":"button","label":"Go","disabled":false}"#) == plain, "false is absent")
        #expect(disabled.node(componentId: "c").disabled)
        #expect(disabled.nodeCount == 1)
        var sink = ByteSink(capacity: 64)
        disabled.write(into: &sink, componentId: "c")
        #expect(sink.withBytes { String(decoding: $0, as: UTF8.self) } == #"{"type":"button","id":"c","label":"Go","disabled":true}"#)
    }

    /// Disabling or enabling a button, or changing its tooltip, is a change
    /// of its own members: one `set`, from the flat diff and the tree diff alike.
    @Test func disablingAButtonIsAMemberChange() throws {
        let row = #"{"type":"hstack","children":[{"type":"text","text":"a"},BUTTON]}"#
        func render(_ button: String) throws -> RenderedComponent {
            RenderedComponent(id: "c", type: "T", flat: try Self.longWay(row.replacing("BUTTON", with: button)))
        }
        let enabled = try render(#"{"type":"button","label":"Go","tooltip":"Buy","action":{"type":"a/b"}}"#)
        let disabled = try render(#"{"type":"button","label":"Go","tooltip":"Buy","disabled":true,"action":{"type":"a/b"}}"#)
        let retipped = try render(#"{"type":"button","label":"Go","tooltip":"Sold out","disabled":true,"action":{"type":"a/b"}}"#)
        for (before, after) in [(enabled, disabled), (disabled, enabled), (disabled, retipped)] {
            let flat = try #require(FlatDiff.changes(from: before.flat, to: after.flat, componentId: "c"))
            var tree: [NodeChange] = []
            Diff.nodeChanges(from: before.view, to: after.view, into: &tree)
            #expect(flat == tree)
            #expect(flat == [.set(id: "c/1", node: after.view.children[1])])
            #expect(Diff.update(from: before, to: after) == .update(id: "c", type: "T", changes: flat))
        }
    }

    /// Pairs of renders: where the flat diff answers, it answers as the tree diff does.
    @Test func flatDiffAgreesWithTheTreeDiff() throws {
        let texts = Self.views + [
            #"{"type":"vstack","style":{"spacing":3},"children":[{"type":"text","text":"b"},{"type":"hstack","children":[{"type":"image","url":"v"},{"type":"spacer"}]}]}"#,
            #"{"type":"list","children":[{"type":"text","text":"z","key":"a"},{"type":"vstack","key":"b","children":[{"type":"text","text":"c"}]}]}"#,
            #"{"type":"button","label":"☆","action":{"type":"favorites/toggle","payload":{"movieId":2}}}"#,
            // a keyed node whose children change in number, inside a parent: the walk gives up mid-way
            #"{"type":"vstack","children":[{"type":"vstack","children":[{"type":"zstack","children":[{"type":"list","key":"k","children":[{"type":"text","text":"a"}]}]}]}]}"#,
            #"{"type":"vstack","children":[{"type":"vstack","children":[{"type":"zstack","children":[{"type":"list","key":"k","children":[{"type":"spacer"}]}]}]}]}"#,
        ]
        var answered = 0
        for old in texts {
            for new in texts {
                let before = try Self.longWay(old, id: "c"), after = try Self.longWay(new, id: "c")
                var expected: [NodeChange] = []
                Diff.nodeChanges(from: before.node(componentId: "c"), to: after.node(componentId: "c"), into: &expected)
                if let flat = FlatDiff.changes(from: before, to: after, componentId: "c") {
                    #expect(flat == expected, "\(old) -> \(new)")
                    // the host reads the same bytes from a flat change as from the tree's
                    #expect(Self.written(flat) == Self.written(expected.map(\.materialized)), "\(old) -> \(new)")
                    #expect(flat.map(\.json) == expected.map(\.json))
                    answered += 1
                }
            }
        }
        #expect(answered > texts.count * 2, "the flat diff answers the common cases")
    }

    static func written(_ changes: [NodeChange]) -> String {
        var sink = ByteSink(capacity: 256)
        for change in changes { change.write(into: &sink) }
        return sink.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// A re-render's member change comes as `setFlat`, read off the new render
    /// with no tree made, and stands for the `set` of the tree diff: equal,
    /// the same JSON, applied alike; a keyed node keeps its key's id.
    @Test func aFlatSetIsTheTreesSet() throws {
        let before = try Self.longWay(#"{"type":"vstack","children":[{"type":"text","text":"a","key":"k"},{"type":"button","label":"Go","action":{"type":"a/b","payload":{"n":1}}}]}"#, id: "c")
        let after = try Self.longWay(#"{"type":"vstack","children":[{"type":"text","text":"b","key":"k","style":{"font":"title"}},{"type":"button","label":"Gone","action":{"type":"a/b","payload":{"n":2}}}]}"#, id: "c")
        let flat = try #require(FlatDiff.changes(from: before, to: after, componentId: "c"))
        guard case .setFlat(let id, _) = flat[0] else { Issue.record("expected setFlat, got \(flat[0])"); return }
        #expect(id == "c#k")
        let tree = after.node(componentId: "c")
        let sets: [NodeChange] = [.set(id: "c#k", node: { var n = tree.children[0]; n.children = []; return n }()),
                                  .set(id: "c/1", node: tree.children[1])]
        #expect(flat == sets && flat.map(\.materialized) == sets)
        #expect(Self.written(flat) == Self.written(sets))
        #expect(Self.written(flat).contains(#"{"op":"set","id":"c#k","node":{"type":"text","id":"c#k","key":"k","text":"b","style":{"font":"title"}}}"#))
        var old = before.node(componentId: "c"), viaTree = old
        for change in flat { try old.apply(change) }
        for change in sets { try viaTree.apply(change) }
        #expect(old == viaTree && old == tree)
    }
}
