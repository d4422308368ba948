import Testing
@testable import SDUICore

/// The two paths that skip the `JSON` tree — the direct screen writer and the
/// node builder — against the paths through it, which are the reference.
@Suite("Direct node writing and building")
struct NodeWritingTests {
    /// Trees covering every kind, styles, actions with nested payloads, keys,
    /// escapes, control characters and non-ASCII text.
    static let trees: [String] = [
        ViewNodeTests.full,
        #"{"type":"text","text":"quote \" backslash \\ tab \t nl \n ctl \u0001 é ★ 🎬"}"#,
        #"{"type":"button","label":"L","action":{"type":"a/b","payload":[1,1.0,-2.5e-7,true,null,"s",{"k":[{}]}]}}"#,
        #"{"type":"image","url":"u","alt":"a","placeholder":"p","style":{"width":"fill","opacity":0}}"#,
        #"{"type":"hstack","key":"row","children":[{"type":"text","text":"a","key":"k1"},{"type":"spacer"}]}"#,
    ]

    @Test(arguments: trees)
    func nodeBytesAreTheJSONWriters(_ text: String) throws {
        let node = try ViewNode(json: json(text))
        #expect(node.jsonBytes() == JSONWriter.bytes(node.json))
    }

    @Test func screenBytesAreTheJSONWriters() throws {
        let components = try Self.trees.enumerated().map { i, text in
            var view = try ViewNode(json: json(text))
            try view.assignIds(componentId: "c\(i)")
            return RenderedComponent(id: "c\(i)", type: "T\"\(i)", view: view)
        }
        for screen in [Screen(), Screen(pageId: "home", version: .double(2.5), components: components),
                       Screen(pageId: nil, version: json(#"{"v":[1]}"#), components: components)]
        {
            #expect(screen.jsonBytes() == JSONWriter.bytes(screen.json))
        }
    }

    @Test func engineWritesTheScreenIntoTheMemoryItIsGiven() throws {
        let engine = Engine()
        try engine.register(component: "T") { data, _ in
            ViewNode(.text, id: "", props: ["text": JSONWriter.string(data["n"] ?? .null)])
        }
        for page in [#"{"components":[]}"#, #"{"id":"p","version":3,"components":[{"id":"a","type":"T","data":{"n":"x"}}]}"#,
                     #"{"id":"p","components":[{"id":"a","type":"T"},{"id":"b","type":"T","data":{"n":2}}]}"#]
        {
            try loadPage(engine, page)
            nonisolated(unsafe) var given = 0
            let counting = ByteAllocator(allocate: { count in given = count; return .allocate(capacity: count) },
                                         deallocate: { $0.deallocate() })
            let first = engine.renderJSON(allocator: counting)
            let again = engine.renderJSON(allocator: .swift) // from the kept component bytes
            let expected = JSONWriter.bytes(engine.currentScreen().json)
            for bytes in [first, again] {
                #expect(bytes.map { Array($0) } == expected)
                #expect(bytes?.baseAddress?[expected.count] == 0)
                bytes?.baseAddress?.deallocate()
            }
            #expect(given == expected.count + 1)
        }
        #expect(engine.renderJSON(allocator: ByteAllocator(allocate: { _ in nil }, deallocate: { _ in })) == nil)
    }

    /// Each component's JSON is written from its nodes, then kept from its
    /// second writing on (`ScreenTracker.WrittenJSON`): every call hands
    /// over the same bytes in memory of their exact size, also when the
    /// text outgrows the engine's guess (the last screen's length).
    @Test func screenJSONIsTheSameWrittenOrKept() throws {
        let engine = Engine()
        try engine.register(component: "T") { data, _ in
            ViewNode(.text, id: "", props: ["text": JSONWriter.string(data["n"] ?? .null)])
        }
        let long = String(repeating: "long \\\" text ", count: 400)
        for page in [#"{"id":"p","components":[{"id":"a","type":"T","data":{"n":1}},{"id":"b","type":"T"}]}"#,
                     #"{"id":"p","components":[{"id":"a","type":"T","data":{"n":1}},{"id":"b","type":"T","data":{"n":2}},"#
                         + #"{"id":"c","type":"T","data":{"n":"\#(long)"}}]}"#]
        {
            try loadPage(engine, page)
            for _ in 0..<3 {
                nonisolated(unsafe) var given = 0
                let counting = ByteAllocator(allocate: { count in given = count; return .allocate(capacity: count) },
                                             deallocate: { $0.deallocate() })
                let bytes = try #require(engine.renderJSON(allocator: counting))
                let expected = JSONWriter.bytes(engine.currentScreen().json)
                #expect(Array(bytes) == expected)
                #expect(bytes.baseAddress?[expected.count] == 0)
                #expect(given == expected.count + 1)
                bytes.baseAddress?.deallocate()
            }
        }
    }

    @Test func patchBytesAreTheJSONWriters() throws {
        let node = try ViewNode(json: json(#"{"type":"button","id":"c/1","label":"Buy \"now\"","action":{"type":"a/b","payload":[1,2.5,null]}}"#))
        let component = RenderedComponent(id: "c", type: "T\n", view: node)
        var set = PatchSet()
        set.patches = [.page(id: nil, version: nil), .page(id: "home", version: json(#"{"v":1}"#)), .remove(id: "x"),
                       .insert(index: 2, component: component), .move(id: "y\"", index: 0),
                       .update(id: "c", type: "T", changes: [
                           .set(id: "c/1", node: node), .replace(id: "c/2", node: node), .remove(parent: "c", id: "c/3"),
                           .insert(parent: "c", index: 1, node: node), .move(parent: "c", id: "c/4", index: 3)]),
                       .update(id: "d", type: "U", changes: [])]
        set.imagesAdded = ["a.png", "b\u{1}.png"]
        set.imagesRemoved = ["c.png"]
        for patches in [PatchSet(), set] {
            #expect(patches.jsonBytes() == JSONWriter.bytes(patches.json))
        }
    }

    /// Feeds a tree's JSON form to a builder the way a binding would:
    /// strings with `set(_:string:)`, children by recursion, the rest as JSON.
    static func build(_ value: JSON, into b: inout ViewNodeBuilder) throws(ContractError) -> ViewNode? {
        guard case .object(let o) = value, case .string(let type)? = o["type"] else {
            throw ContractError(.root, "not a node")
        }
        try b.begin(type)
        for (k, v) in o where k != "type" {
            switch (k, v) {
            case (_, .string(let s)): try b.set(k, string: s)
            case ("children", .array(let items)):
                for item in items { _ = try build(item, into: &b) }
            default: try b.set(k, json: v)
            }
        }
        return try b.end()
    }

    @Test(arguments: trees)
    func builderMakesWhatTheDecoderMakes(_ text: String) throws {
        var b = ViewNodeBuilder()
        let built = try Self.build(json(text), into: &b)
        #expect(built == (try ViewNode(json: json(text))))
        #expect(!b.isBuilding)
    }

    /// One mistake each; the builder must report what `ViewNode(json:)` reports.
    @Test(arguments: [
        #"{"type":"vstack","children":[{"type":"text","text":"a"},{"type":"txet"}]}"#,
        #"{"type":"vstack","children":[{"type":"hstack","children":[{"type":"text","text":"a","label":"x"}]}]}"#,
        #"{"type":"vstack","children":[{"type":"spacer"},{"type":"image","alt":"no url"}]}"#,
        #"{"type":"text","text":"a","action":{"type":"a/b"}}"#,
        #"{"type":"vstack","children":[{"type":"button","action":{"payload":1}}]}"#,
        #"{"type":"button","action":{"type":"a/b","extra":1}}"#,
        #"{"type":"text","text":1}"#,
        #"{"type":"text","text":"a","style":{"font":"x","colour":"red"}}"#,
        #"{"type":"hstack","children":[{"type":"text","text":"a"}],"style":"title","key":""}"#,
        // deep in a tree whose earlier siblings are waiting for their parents to close
        #"{"type":"vstack","children":[{"type":"text","text":"a"},{"type":"hstack","children":[{"type":"spacer"},{"type":"spacer"},{"type":"vstack","children":[{"type":"image","url":"u"},{"type":"text"}]}]}]}"#,
    ])
    func builderErrorsAreTheDecoders(_ text: String) {
        var decoded: ContractError?
        do throws(ContractError) { _ = try ViewNode(json: json(text)) } catch { decoded = error }
        var built: ContractError?
        var b = ViewNodeBuilder()
        do throws(ContractError) { _ = try Self.build(json(text), into: &b) } catch { built = error }
        if text.contains(#""key":"""#) {
            // An empty key is a string like any other, on both paths.
            #expect(decoded == nil && built == nil)
        } else {
            #expect(decoded != nil)
            #expect(built == decoded)
        }
    }

    /// Children given as JSON and children built node by node keep the order they came in.
    @Test func childrenFromJSONAndFromTheBuilderInterleave() throws {
        var b = ViewNodeBuilder()
        try b.begin("vstack")
        try b.begin("text"); try b.set("text", string: "first"); _ = try b.end()
        try b.set("children", json: json(#"[{"type":"text","text":"second"},{"type":"spacer"}]"#))
        try b.begin("hstack")
        try b.begin("text"); try b.set("text", string: "inner"); _ = try b.end()
        _ = try b.end()
        let root = try #require(try b.end())
        #expect(root == (try ViewNode(json: json(#"{"type":"vstack","children":[{"type":"text","text":"first"},{"type":"text","text":"second"},{"type":"spacer"},{"type":"hstack","children":[{"type":"text","text":"inner"}]}]}"#))))
    }

    @Test func misuseIsAnError() {
        var b = ViewNodeBuilder()
        #expect(throws: ContractError.self) { _ = try b.end() }
        #expect(throws: ContractError.self) { try b.set("text", string: "a") }
        #expect(throws: ContractError.self) { try b.set("text", json: .string("a")) }
    }
}
