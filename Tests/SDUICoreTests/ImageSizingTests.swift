import Testing
@testable import SDUICore

/// Images sized from their picture: the style's aspect ratio, or the
/// picture's once the host reports its size (`Engine.setImageSize`).
@Suite("Image sizing")
struct ImageSizingTests {
    static func image(_ style: (inout Style) -> Void = { _ in }, url: String = "u", alt: String? = nil) -> ViewNode {
        var s = Style()
        style(&s)
        var props: NodeProps = ["url": url]
        if let alt { props["alt"] = alt }
        return ViewNode(.image, props: props, style: s)
    }

    /// The frame of the root of component "c" showing `view`, laid out at `width` by an engine.
    static func frame(_ view: ViewNode, width: Double = 40, sizes: [(String, Double, Double)] = []) throws -> Frame {
        let engine = Engine()
        try engine.register(component: "C") { _, _ in view }
        try loadPage(engine, #"[{"id":"c","type":"C"}]"#)
        for (url, w, h) in sizes { try engine.setImageSize(url: url, width: w, height: h) }
        return try #require(engine.layout(width: width).components.first?.root.frame)
    }

    @Test func anAspectRatioGivesTheOtherSide() throws {
        // width 20 fixed: 18 inside the chrome, so 9 high at 2:1
        #expect(try Self.frame(Self.image { $0.aspectRatio = 2; $0.width = .points(20) }).height == 9)
        // height 6 fixed: 12 wide inside, plus the chrome on each side
        #expect(try Self.frame(Self.image { $0.aspectRatio = 2; $0.height = .points(6) }).width == 14)
        // "fill": the proposal decides the width, the ratio the height (38 / 2)
        #expect(try Self.frame(Self.image { $0.aspectRatio = 2; $0.width = .fill }).height == 19)
        // neither side known: the label's width ("[image]": 5 inside) over the ratio, rounded up
        let free = try Self.frame(Self.image { $0.aspectRatio = 2 })
        #expect((free.width, free.height) == (7, 3))
    }

    @Test func aReportedPictureGivesItsNaturalSizeAndRatio() throws {
        let natural = try Self.frame(Self.image(), sizes: [("u", 30, 10)])
        #expect((natural.width, natural.height) == (32, 10)) // 30 inside, plus the chrome
        // narrowed to the page: 38 inside at 3:1
        let narrowed = try Self.frame(Self.image(), width: 40, sizes: [("u", 60, 20)])
        #expect((narrowed.width, narrowed.height) == (40, 13))
        // the style's ratio wins over the picture's
        let styled = try Self.frame(Self.image { $0.aspectRatio = 1; $0.width = .points(12) }, sizes: [("u", 30, 10)])
        #expect(styled.height == 10)
        // another picture's size does not count
        #expect(try Self.frame(Self.image(), sizes: [("other", 30, 10)]).height == 1)
    }

    @Test func aReportLaysTheComponentsShowingItOutAgain() throws {
        let engine = Engine()
        try engine.register(component: "C") { _, _ in
            ViewNode(.vstack, children: [Self.image(url: "p"), .text("below")])
        }
        try loadPage(engine, #"[{"id":"a","type":"C"},{"id":"b","type":"C"}]"#)
        let before = engine.layout(width: 40)
        #expect(before.height == 4) // two components, an image line and a text line each
        try engine.setImageSize(url: "p", width: 20, height: 5)
        let after = engine.layout(width: 40)
        #expect(after.height == 12) // 5 + 1 each
        #expect(after.components[1].y == 6)
        try engine.setImageSize(url: "p", width: 20, height: 5) // the same size: nothing to do
        #expect(engine.layout(width: 40).height == 12)
    }

    @Test func badSizesAreRefused() {
        let engine = Engine()
        for (w, h) in [(0.0, 1.0), (1, -1), (.infinity, 1), (.nan, 2)] {
            #expect(throws: EngineError.self) { try engine.setImageSize(url: "u", width: w, height: h) }
        }
    }

    @Test func fitAndAspectRatioAreStyleFields() throws {
        let style = try Style(json: json(#"{"aspectRatio": 1.5, "fit": "cover"}"#), at: .root)
        #expect(style.aspectRatio == 1.5 && style.fit == .cover)
        #expect(JSONWriter.string(style.json) == #"{"aspectRatio":1.5,"fit":"cover"}"#)
        #expect(throws: ContractError.self) { try Style(json: json(#"{"aspectRatio": 0}"#), at: .root) }
        #expect(throws: ContractError.self) { try Style(json: json(#"{"fit": "crop"}"#), at: .root) }
    }
}
