import Testing
@testable import SDUICore

@Suite("View bricks")
struct ViewNodeTests {
    static let full = #"""
    {"type":"vstack","id":"c","style":{"padding":{"top":1,"leading":2,"bottom":3,"trailing":4},"spacing":8,"alignment":"leading","distribution":"spaceBetween","width":"fill","height":120,"minWidth":10,"maxWidth":300,"minHeight":5,"maxHeight":500,"weight":1,"cornerRadius":6,"opacity":0.5,"background":"#ffffff"},"children":[
      {"type":"text","id":"c/0","text":"Title","style":{"font":"title","fontWeight":"bold","color":"accent","lineLimit":2}},
      {"type":"image","id":"c/1","url":"https://x/p.jpg","placeholder":"poster","alt":"Poster","action":{"type":"movies/open","payload":7}},
      {"type":"button","id":"c#fav","key":"fav","label":"★","tooltip":"Favourite","disabled":true,"action":{"type":"favorites/toggle","payload":{"movieId":7}},"children":[{"type":"text","id":"c#fav/0","text":"★"}]},
      {"type":"hstack","id":"c/3","action":{"type":"movies/open","payload":null},"children":[{"type":"spacer","id":"c/3/0"}]},
      {"type":"zstack","id":"c/4"},
      {"type":"list","id":"c/5","children":[{"type":"text","id":"c/5/0","text":"a"}]},
      {"type":"input","id":"c/6","name":"q","value":"x","placeholder":"Search","action":{"type":"search/run","payload":null}},
      {"type":"fallback","id":"c/7","componentType":"X","text":"Unsupported"},
      {"type":"error","id":"c/8","message":"boom"}
    ]}
    """#

    @Test func everyKindRoundTripsThroughJSON() throws {
        let source = json(Self.full)
        let node = try ViewNode(json: source)
        #expect(node.children.map(\.kind) == [.text, .image, .button, .hstack, .zstack, .list, .input, .fallback, .error])
        #expect(node.json == source)
        #expect(try ViewNode(json: node.json) == node)
        let text = JSONWriter.string(node.json)
        #expect(try ViewNode(json: JSONParser.parse(text)) == node)
    }

    @Test func styleShorthandAndUniformPadding() throws {
        let node = try ViewNode(json: json(#"{"type":"text","text":"Hi","style":"title"}"#))
        #expect(node.style.font == "title")
        var style = Style()
        style.padding = .init(all: 4)
        #expect(style.json == json(#"{"padding":4}"#))
        #expect(try Style(json: style.json, at: .root) == style)
    }

    @Test(arguments: [
        (#"{"text":"x"}"#, "$.type: missing required string"),
        (#"{"type":"video"}"#, "$.type: unknown node type \"video\" (known: text, image, button, vstack, hstack, zstack, spacer, list, input, fallback, error, grid, paragraph, wrap, rail, pager"
            + ViewNode.Kind.allCases.dropFirst(16).map { ", " + $0.rawValue }.joined() + ")"), // the kinds added since, in their order
        (#"{"type":"text"}"#, "$: a text node needs \"text\" (a string)"),
        (#"{"type":"text","text":5}"#, "$.text: expected a string, got number"),
        (#"{"type":"text","text":"a","children":[]}"#, "$.children: a text node has no children"),
        (#"{"type":"text","text":"a","action":{"type":"a/b"}}"#, "$.action: a text node cannot carry an action"),
        (#"{"type":"vstack","children":[{"type":"text","text":"a","colour":"red"}]}"#, "$.children[0].colour: unknown member \"colour\" for a text node (allowed: text, id, key, style, accessibility)"),
        (#"{"type":"vstack","style":{"padd":1}}"#, "$.style.padd: unknown member \"padd\" in a style (allowed: alignment, aspectRatio, background, backgroundFit, backgroundImage, bleed, borderColor, borderWidth, color, cornerRadius, direction, distribution, fit, font, fontWeight, height, lineLimit, maxHeight, maxWidth, minHeight, minWidth, opacity, padding, spacing, textAlignment, weight, width)"),
        (#"{"type":"vstack","style":{"alignment":"middle"}}"#, "$.style.alignment: expected one of \"leading\", \"center\", \"trailing\", \"top\", \"bottom\""),
        (#"{"type":"vstack","style":{"opacity":2}}"#, "$.style.opacity: opacity must be between 0 and 1"),
        (#"{"type":"vstack","style":{"width":-1}}"#, "$.style.width: must be a non-negative number"),
        (#"{"type":"button","action":{"type":""}}"#, "$.action.type: must not be empty"),
        (#"{"type":"button","action":{"type":"a/b","extra":1}}"#, "$.action.extra: unknown member \"extra\" in an action (allowed: inputs, payload, type)"),
        (#"[1]"#, "$: a view node must be an object, got array"),
        (#"{"type":"button","disabled":"yes"}"#, "$.disabled: expected a boolean, got string"),
        (#"{"type":"vstack","children":[{"type":"button","label":"a","disabled":null}]}"#, "$.children[0].disabled: expected a boolean, got null"),
        (#"{"type":"button","tooltip":1}"#, "$.tooltip: expected a string, got number"),
        (#"{"type":"hstack","children":[{"type":"text","text":"a","disabled":true}]}"#, "$.children[0].disabled: unknown member \"disabled\" for a text node (allowed: text, id, key, style, accessibility)"),
        (#"{"type":"vstack","disabled":false}"#, "$.disabled: unknown member \"disabled\" for a vstack node (allowed: id, key, style, accessibility, children, action)"),
        (#"{"type":"button","colour":"red"}"#, "$.colour: unknown member \"colour\" for a button node (allowed: label, tooltip, disabled, id, key, style, accessibility, children, action)"),
        (#"{"type":"spacer","action":{"type":"a/b"}}"#, "$.action: a spacer node cannot carry an action"),
    ])
    func invalidNodesAreRejectedWithTheirPath(text: String, message: String) {
        #expect(throws: ContractError.self) { try ViewNode(json: json(text)) }
        do {
            _ = try ViewNode(json: json(text))
        } catch {
            #expect(error.description == message)
        }
    }
}
