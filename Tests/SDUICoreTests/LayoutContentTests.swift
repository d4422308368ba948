import Testing
@testable import SDUICore

/// What the screen's layout says of each node besides its frame
/// (`LayoutContent`: role, name, text, input kind), and the layout in
/// points (`LayoutOptions(cellWidth:cellHeight:)`, `sdui_set_cell_size`).
@Suite("Layout content")
struct LayoutContentTests {
    /// A view with a node of each kind a host draws text or says a name for.
    static let view = #"""
        {"type":"vstack","children":[
          {"type":"text","text":"Title"},
          {"type":"paragraph","runs":[{"text":"Hello, "},{"text":"world","weight":"bold"}]},
          {"type":"button","label":"★","accessibility":{"label":"Favourite","role":"switch"}},
          {"type":"button","label":"Buy"},
          {"type":"button","children":[{"type":"text","text":"Go"},{"type":"text","text":"now"}]},
          {"type":"image","url":"https://x/y.png","alt":"Poster"},
          {"type":"image","url":"https://x/z.png"},
          {"type":"input","name":"pw","format":"password","value":"sécret"},
          {"type":"input","name":"q","placeholder":"Search"},
          {"type":"input","name":"n","kind":"number","value":"42","placeholder":"Count"},
          {"type":"input","name":"t","kind":"toggle","title":"Wi-Fi","value":"true"},
          {"type":"input","name":"c","kind":"choice","display":"expanded","value":"b",
           "options":[{"title":"A","value":"a"},{"title":"B","value":"b"}]},
          {"type":"input","name":"d","kind":"choice","placeholder":"Pick",
           "options":[{"title":"A","value":"a"}]},
          {"type":"hstack","action":{"type":"a/b"},
           "children":[{"type":"text","text":"in"},{"type":"spacer"},{"type":"text","text":"side"}]},
          {"type":"list","children":[{"type":"text","text":"one"}]},
          {"type":"hstack","accessibility":{"role":"none"},"children":[]}
        ]}
        """#

    static func engine(cell: (Double, Double)? = nil) throws -> Engine {
        let view = try ViewNode(json: json(Self.view))
        let engine = Engine()
        if let cell { engine.layoutOptions = LayoutOptions(cellWidth: cell.0, cellHeight: cell.1) }
        try engine.register(component: "C") { _, _ in view }
        try loadPage(engine, #"[{"id":"c","type":"C"}]"#)
        return engine
    }

    /// Each node of `node`'s tree, depth first.
    static func flatten(_ node: LayoutNode) -> [LayoutNode] {
        [node] + node.children.flatMap(flatten)
    }

    static func flatten(_ node: ViewNode) -> [ViewNode] {
        [node] + node.children.flatMap(flatten)
    }

    @Test func eachNodeSaysItsRoleNameAndText() throws {
        let engine = try Self.engine()
        let layout = engine.layout(width: 60)
        let nodes = Self.flatten(layout.components[0].root)
        func content(_ id: String) -> LayoutContent { nodes.first { $0.id == id }!.content }
        #expect(content("c") == LayoutContent()) // a plain stack: nothing of its own
        #expect(content("c/0") == LayoutContent(role: .text, name: "Title", text: "Title"))
        #expect(content("c/1") == LayoutContent(role: .text, name: "Hello, world", text: "Hello, world"))
        #expect(content("c/2") == LayoutContent(role: .switch, name: "Favourite", text: "★"))
        #expect(content("c/3") == LayoutContent(role: .button, name: "Buy", text: "Buy"))
        #expect(content("c/4") == LayoutContent(role: .button, name: "Go now")) // named by what it holds, no text
        #expect(content("c/5") == LayoutContent(role: .image, name: "Poster", text: "Poster"))
        #expect(content("c/6") == LayoutContent(role: .image, text: "image")) // no alt: no name
        #expect(content("c/7") == LayoutContent(role: .textbox, text: "••••••", inputKind: .text))
        #expect(content("c/8") == LayoutContent(role: .textbox, name: "Search", text: "Search", inputKind: .text))
        #expect(content("c/9") == LayoutContent(role: .textbox, name: "Count", text: "42", inputKind: .number))
        #expect(content("c/10")
            == LayoutContent(role: .checkbox, name: "Wi-Fi", text: "[x] Wi-Fi", inputKind: .toggle))
        #expect(content("c/11") == LayoutContent(role: .radiogroup, text: "( ) A\n(•) B", inputKind: .choice))
        #expect(content("c/12")
            == LayoutContent(role: .radiogroup, name: "Pick", text: "(Pick) ▾", inputKind: .choice))
        #expect(content("c/13") == LayoutContent(role: .button, name: "in side")) // a tap target
        #expect(content("c/13/1") == LayoutContent()) // a spacer
        #expect(content("c/14") == LayoutContent(role: .list)) // a container: its name is what it holds
        #expect(content("c/15") == LayoutContent(role: .presentation))
        // the JSON the host gets says the same, member by member
        #expect(engine.layoutJSON(width: 60) == JSONWriter.bytes(layout.json))
        let text = String(decoding: engine.layoutJSON(width: 60), as: UTF8.self)
        #expect(text.contains(#"{"id":"c/9","type":"input","frame":{"x":0,"y":"#))
        #expect(text.contains(#","role":"textbox","name":"Count","text":"42","inputKind":2}"#))
        #expect(text.contains(#","role":"button","name":"in side","children":["#))
    }

    @Test func theRulesAreTheEngines() throws {
        let engine = try Self.engine()
        let view = try #require(engine.render().components.first?.view)
        let views = Self.flatten(view)
        let nodes = Self.flatten(engine.layout(width: 60).components[0].root)
        #expect(views.count == nodes.count)
        for (view, node) in zip(views, nodes) {
            #expect(node.content.role == Accessibility.role(of: view), "\(view.id)")
            if let name = node.content.name { #expect(name == Accessibility.name(of: view), "\(view.id)") }
            if view.kind == .input {
                #expect(node.content.text == InputContent(view.props).measuredText, "\(view.id)")
                #expect(node.content.inputKind == InputContent(view.props).kind, "\(view.id)")
            }
        }
    }

    @Test func aNewRenderBringsNewText() throws {
        let engine = Engine()
        try engine.register(service: "s", state: json(#"{"v":"a"}"#))
        try engine.register(component: "C") { _, ctx in
            let v = ctx.state("s", at: JSONPath([.key("v")]))?.stringValue ?? "?"
            return ViewNode(.vstack, children: [.text(v), ViewNode(.input, props: ["name": "v", "value": v])])
        }
        try loadPage(engine, #"[{"id":"c","type":"C"}]"#)
        #expect(engine.layout(width: 20).components[0].root.children[0].content.text == "a")
        _ = engine.layoutJSON(width: 20)
        _ = engine.layoutJSON(width: 20) // kept as the reference text
        try engine.register(service: "s", state: json(#"{"v":"b"}"#))
        let text = String(decoding: engine.layoutJSON(width: 20), as: UTF8.self)
        #expect(text.contains(#""text":"b"}"#) && !text.contains(#""text":"a""#))
        #expect(engine.layoutJSON(width: 20) == JSONWriter.bytes(engine.layout(width: 20).json))
    }

    @Test func inputKindNumbersAreTheHeaders() throws {
        let header = try #require(ViewContractTests.read(ViewContractTests.root + "/include/sdui.h"))
        var values: [String: Int] = [:]
        for line in header.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "=" })
            guard words.count >= 2, words[0].hasPrefix("SDUI_INPUT_"), let n = Int(words[1]) else { continue }
            values[String(words[0].dropFirst("SDUI_INPUT_".count))] = n
        }
        var expected = ["UNKNOWN": -1]
        for kind in InputKind.allCases { expected[kind.rawValue.uppercased()] = kind.number }
        #expect(values == expected)
        #expect(InputKind.allCases.map(\.number) == Array(0..<InputKind.allCases.count))
    }

    // MARK: Points

    @Test func cellsOfEightBySixteenScaleTheMonospaceLayout() throws {
        let cells = try Self.engine()
        let points = try Self.engine(cell: (8, 16))
        for width in [20.0, 33, 60] {
            let a = Self.flatten(cells.layout(width: width).components[0].root)
            let b = Self.flatten(points.layout(width: width * 8).components[0].root)
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect(y.frame == Frame(x: x.frame.x * 8, y: x.frame.y * 16, width: x.frame.width * 8,
                                         height: x.frame.height * 16), "\(x.id) at \(width)")
                #expect(y.content == x.content)
            }
            #expect(points.layoutJSON(width: width * 8) == JSONWriter.bytes(points.layout(width: width * 8).json))
        }
        #expect(points.layoutOptions.chrome == 8)
        #expect(points.layoutOptions.minInputWidth == 80)
        #expect(cells.layoutOptions == LayoutOptions())
    }
}
