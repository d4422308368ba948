import Testing
@testable import SDUICore

/// The controls of issue 15: disabled buttons, tooltips, tap targets.
@Suite("Controls")
struct ControlsTests {
    @Test func disabledAndTooltipAreAButtonsMembers() throws {
        let node = try ViewNode(json: json(#"{"type":"button","label":"Go","tooltip":"Sold out","disabled":true}"#))
        #expect(node.disabled && node.props["tooltip"] == "Sold out")
        #expect(JSONWriter.string(node.json) == #"{"type":"button","label":"Go","tooltip":"Sold out","disabled":true}"#)
        let enabled = try ViewNode(json: json(#"{"type":"button","label":"Go","disabled":false}"#))
        #expect(!enabled.disabled)
        #expect(JSONWriter.string(enabled.json) == #"{"type":"button","label":"Go"}"#, "false is written as absent")
        #expect(enabled == ViewNode(.button, props: ["label": "Go"]))
        #expect(node != ViewNode(.button, props: ["label": "Go", "tooltip": "Sold out"]))
    }

    @Test func everyContainerAndImageTakesAnAction() throws {
        let takers: [ViewNode.Kind] = [.button, .input, .vstack, .hstack, .zstack, .list, .grid, .wrap, .rail, .pager, .image]
        for kind in ViewNode.Kind.allCases {
            #expect(kind.takesAction == takers.contains(kind), "\(kind)")
            #expect(kind.takesDisabled == (kind == .button), "\(kind)")
        }
        let tap = try ViewNode(json: json(#"{"type":"zstack","action":{"type":"a/b","payload":1},"children":[{"type":"text","text":"x"}]}"#))
        #expect(tap.action == Action(type: "a/b", payload: .int(1)))
    }

    /// The builder (the C binding's node-by-node route) sets the boolean
    /// from JSON and refuses it as a string, naming the path.
    @Test func builderSetsDisabledFromJSONOnly() throws {
        var b = ViewNodeBuilder()
        try b.begin("vstack")
        try b.set("action", json: json(#"{"type":"a/b"}"#))
        try b.begin("button")
        try b.set("disabled", json: .bool(true))
        try b.set("tooltip", string: "why")
        _ = try b.end()
        try b.begin("button")
        #expect(throws: ContractError(JSONPath.root.appending("children").appending(1).appending("disabled"),
                                      "expected a boolean, got string")) {
            try b.set("disabled", string: "true")
        }
        var c = ViewNodeBuilder()
        try c.begin("vstack")
        try c.set("action", json: json(#"{"type":"a/b"}"#))
        try c.begin("button")
        try c.set("disabled", json: .bool(true))
        try c.set("tooltip", string: "why")
        _ = try c.end()
        let root = try #require(try c.end())
        #expect(root == (try ViewNode(json: json(#"{"type":"vstack","action":{"type":"a/b"},"children":[{"type":"button","tooltip":"why","disabled":true}]}"#))))
    }

    /// A button disabled by state: the screen writes `"disabled":true`, and
    /// the dispatch that enables it patches the button's own members.
    @Test func aButtonEnabledByStateIsPatchedInPlace() throws {
        let engine = Engine()
        try engine.register(service: "order", state: ["count": 0])
        try engine.store.register(action: "order/add") { ctx in
            ctx.state = ["count": .int(ctx.state["count"]!.intValue! + 1)]
        }
        func checkout(empty: Bool) -> ViewNode {
            ViewNode(.button, id: "cart/1", props: ["label": "Checkout", "tooltip": empty ? "Add a film first" : "Pay now"],
                     disabled: empty, action: Action(type: "order/checkout"))
        }
        try engine.register(component: "Cart") { _, ctx in
            let empty = ctx.state("order", at: JSONPath([.key("count")])) == .int(0)
            return ViewNode(.vstack, action: Action(type: "nav/open", payload: "/cart"),
                            children: [.text("Your order"), checkout(empty: empty)])
        }
        try loadPage(engine, #"[{"id":"cart","type":"Cart"}]"#)
        var host = engine.render()
        let screen = String(decoding: host.jsonBytes(), as: UTF8.self)
        #expect(screen.contains(#"{"type":"vstack","id":"cart","action":{"type":"nav/open","payload":"/cart"},"children":["#))
        #expect(screen.contains(#"{"type":"button","id":"cart/1","label":"Checkout","tooltip":"Add a film first","disabled":true,"action":{"type":"order/checkout","payload":null}}"#))
        _ = engine.takePatches()
        try engine.dispatch(Action(type: "order/add"))
        let patches = engine.takePatches()
        #expect(patches == PatchSet(patches: [.update(id: "cart", type: "Cart",
                                                      changes: [.set(id: "cart/1", node: checkout(empty: false))])]))
        #expect(!String(decoding: patches.jsonBytes(), as: UTF8.self).contains("disabled"))
        host = try host.applying(patches.patches)
        #expect(host == engine.currentScreen())
    }

    @Test func textRendererMarksDisabledButtonsAndTapTargets() throws {
        let view = try ViewNode(json: json(#"""
            {"type":"vstack","children":[
              {"type":"hstack","children":[{"type":"button","label":"Buy","tooltip":"Sold out","disabled":true},{"type":"button","label":"Back"}]},
              {"type":"vstack","action":{"type":"nav/open"},"children":[{"type":"text","text":"Festival"},{"type":"text","text":"Twelve premieres"}]},
              {"type":"image","url":"u","alt":"poster","action":{"type":"nav/open"}},
              {"type":"hstack","action":{"type":"nav/open"}},
              {"type":"list","children":[{"type":"hstack","action":{"type":"nav/open"},"children":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}]},
              {"type":"input","name":"q","action":{"type":"s/q"}}
            ]}
            """#))
        #expect(TextRenderer.lines(view) == [
            "[Buy] (disabled)  [Back]",
            "▸ Festival",
            "  Twelve premieres",
            "▸ [image: poster]",
            "▸",
            "• ▸ a  b",
            "q: [_____]",
        ])
    }
}
