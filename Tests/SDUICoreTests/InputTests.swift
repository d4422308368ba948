import Testing
@testable import SDUICore

/// Input kinds (`InputKind`, `InputOption`, `InputContent`): the contract's
/// checks and their paths, the typed members written as JSON by every
/// writer, the flat form, the text renderer and layout sizes.
@Suite("Input kinds")
struct InputTests {
    /// One input of each kind and shape.
    static let views: [String] = [
        #"{"type":"input","name":"email","kind":"text","format":"email","placeholder":"you@example.com"}"#,
        #"{"type":"input","name":"pw","format":"password","value":"secret"}"#,
        #"{"type":"input","name":"notes","kind":"multiline","value":"one\ntwo"}"#,
        #"{"type":"input","name":"qty","kind":"number","min":1,"max":9.5,"value":"2"}"#,
        #"{"type":"input","name":"day","kind":"date","value":"2026-11-25"}"#,
        #"{"type":"input","name":"at","kind":"time","value":"09:40"}"#,
        #"{"type":"input","name":"news","kind":"toggle","title":"Newsletter","onValue":"yes","offValue":"no","value":"yes"}"#,
        #"{"type":"input","name":"color","kind":"choice","options":[{"title":"Red","value":"red"},{"title":"Blue \"b\"","value":"blue"}],"value":"blue","action":{"type":"f/s"}}"#,
        #"{"type":"input","name":"size","kind":"choice","display":"expanded","options":[{"title":"S","value":"s"},{"title":"M","value":"m"}],"value":"m"}"#,
        #"{"type":"input","name":"tags","kind":"choice","display":"expanded","multiple":true,"options":[{"title":"A","value":"a"},{"title":"B","value":"b"},{"title":"C","value":"c"}],"value":"a,c"}"#,
        #"{"type":"vstack","children":[{"type":"text","text":"Form"},{"type":"input","name":"n","kind":"number","min":-1}]}"#,
        #"{"type":"button","label":"Send","action":{"type":"f/send","payload":{"a":1},"inputs":true}}"#,
        #"{"type":"button","label":"Send","action":{"type":"f/send","payload":null,"inputs":["n","e"]}}"#,
    ]

    /// Inputs the contract refuses, with the path and a piece of the message.
    static let refused: [(String, String, String)] = [
        (#"{"type":"input","name":"a","kind":"slider"}"#, "$.kind", "expected one of text, multiline"),
        (#"{"type":"input","name":"a","format":"fax"}"#, "$.format", "expected one of email"),
        (#"{"type":"input","name":"a","kind":"number","min":"1"}"#, "$.min", "expected a number, got string"),
        (#"{"type":"input","name":"a","kind":"number","min":5,"max":1}"#, "$.max", "max (1) is below min (5)"),
        (#"{"type":"input","name":"a","min":1}"#, "$.min", #"min is for an input of kind "number", not "text""#),
        (#"{"type":"input","name":"a","kind":"toggle","format":"email"}"#, "$.format", "kind \"text\""),
        (#"{"type":"input","name":"a","kind":"choice"}"#, "$", "a choice input needs \"options\""),
        (#"{"type":"input","name":"a","kind":"choice","options":{}}"#, "$.options", "must be an array"),
        (#"{"type":"input","name":"a","kind":"choice","options":[{"title":"x"}]}"#, "$.options[0]", "needs \"value\""),
        (#"{"type":"input","name":"a","kind":"choice","options":[{"title":"x","value":1}]}"#, "$.options[0].value", "expected a string"),
        (#"{"type":"input","name":"a","kind":"choice","options":[{"title":"x","value":"1","icon":"i"}]}"#, "$.options[0].icon", "unknown member"),
        (#"{"type":"input","name":"a","kind":"choice","multiple":"yes","options":[]}"#, "$.multiple", "expected a boolean"),
        (#"{"type":"vstack","children":[{"type":"input","name":"a","title":"t"}]}"#, "$.children[0].title", "kind \"toggle\""),
        (#"{"type":"button","action":{"type":"f/s","inputs":false}}"#, "$.action.inputs", "inputs must be true"),
        (#"{"type":"button","action":{"type":"f/s","inputs":["a",""]}}"#, "$.action.inputs[1]", "must not be empty"),
    ]

    @Test(arguments: views)
    func typedMembersAreWrittenAsJSONByEveryWriter(_ text: String) throws {
        var tree = try ViewNode(json: json(text))
        #expect(try ViewNode(json: tree.json) == tree)
        let written = JSONWriter.string(tree.json)
        for typed in [#""min":"#, #""max":"#, #""multiple":"#, #""options":"#] where text.contains(typed) {
            #expect(written.contains(typed) && !written.contains(typed + "\""), "\(typed) written as JSON: \(written)")
        }
        try tree.assignIds(componentId: "card")
        #expect(JSONWriter.bytes(tree.json) == tree.jsonBytes())
        let flat = FlatView(tree)
        #expect(flat.node(componentId: "card") == tree)
        var sink = ByteSink(capacity: 64)
        flat.write(into: &sink, componentId: "card")
        #expect(sink.withBytes { [UInt8]($0) } == tree.jsonBytes())
        // A binding's packed view: read in one pass or the long way, the same view.
        let expected = try FlatViewTests.longWay(text)
        if let read = FlatViewTests.read(FlatViewTests.packed(text)) { #expect(read == expected) }
    }

    @Test(arguments: refused)
    func badInputsAreRefusedNamingTheirPath(_ text: String, _ path: String, _ message: String) {
        do throws(ContractError) {
            _ = try FlatView(checking: try ViewNode(json: json(text)), componentId: "c")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.path.description == path, "\(text): \(error)")
            #expect(error.message.contains(message), "\(text): \(error.message)")
        }
        #expect(FlatViewTests.read(FlatViewTests.packed(text)) == nil)
    }

    @Test func theNodeBuilderChecksAsTheDecoderDoes() throws {
        var b = ViewNodeBuilder()
        try b.begin("input")
        try b.set("name", string: "q")
        try b.set("kind", string: "number")
        #expect(throws: ContractError.self) { try b.set("min", string: "1") }
        try b.set("min", json: .int(1))
        #expect(throws: ContractError.self) { try b.set("kind", string: "dial") }
        let node = try #require(try b.end())
        #expect(node.jsonBytes() == Array(#"{"type":"input","name":"q","kind":"number","min":1}"#.utf8))
        var c = ViewNodeBuilder()
        try c.begin("input")
        try c.set("name", string: "q")
        try c.set("kind", string: "choice")
        #expect(throws: ContractError.self) { _ = try c.end() }
    }

    @Test func aChangedValueIsANodeChange() throws {
        let a = try FlatViewTests.longWay(#"{"type":"input","name":"t","kind":"toggle","value":"false"}"#)
        let b = try FlatViewTests.longWay(#"{"type":"input","name":"t","kind":"toggle","value":"true"}"#)
        let c = try FlatViewTests.longWay(#"{"type":"input","name":"t","kind":"number","min":1,"max":2}"#)
        let d = try FlatViewTests.longWay(#"{"type":"input","name":"t","kind":"number","min":1,"max":3}"#)
        #expect(a != b)
        #expect(c != d)
    }

    @Test func theTextRendererDrawsEachKind() throws {
        func lines(_ text: String) throws -> [String] { TextRenderer.lines(try ViewNode(json: json(text))) }
        #expect(try lines(Self.views[0]) == ["email: [(you@example.com)_____]"])
        #expect(try lines(Self.views[1]) == ["pw: [••••••_____]"])
        #expect(try lines(Self.views[2]) == ["notes:", "  | one", "  | two"])
        #expect(try lines(Self.views[3]) == ["qty: [2_____]"])
        #expect(try lines(Self.views[6]) == ["[x] Newsletter"])
        #expect(try lines(Self.views[7]) == ["color: [Blue \"b\" ▾]"])
        #expect(try lines(Self.views[8]) == ["size:", "  ( ) S", "  (•) M"])
        #expect(try lines(Self.views[9]) == ["tags:", "  [x] A", "  [ ] B", "  [x] C"])
        #expect(try lines(#"{"type":"input","name":"t","kind":"toggle"}"#) == ["[ ] t"])
        #expect(try lines(#"{"type":"input","name":"q","value":"v"}"#) == ["q: [v_____]"], "as before")
    }

    @Test func layoutSizesEachKind() throws {
        func size(_ text: String) throws -> String {
            var node = try ViewNode(json: json(text))
            try node.assignIds(componentId: "c")
            let f = LayoutEngine().layout(node, width: 40).frame
            return "\(Int(f.width))x\(Int(f.height))"
        }
        // Chrome 2 and a 10-cell minimum, as for any input (LayoutOptions).
        #expect(try size(Self.views[6]) == "16x1") // "[x] Newsletter"
        let expanded = try size(Self.views[9])
        #expect(expanded == "12x3") // three option lines, the minimum width
        #expect(try size(Self.views[2]) == "12x2")
        #expect(try size(Self.views[1]) == "12x1") // six • cells
        #expect(try size(Self.views[7]) == "12x1") // "Blue "b" ▾"
    }
}
