import Testing
@testable import SDUICore

/// A border is drawn inside the frame and insets the content as padding does.
@Suite("Borders")
struct BorderLayoutTests {
    @Test func aBorderInsetsTheContent() throws {
        let engine = Engine()
        try engine.register(component: "B") { _, _ in
            var box = Style()
            box.borderWidth = 1
            box.padding = Style.Insets(all: 1)
            return ViewNode(.vstack, style: box, children: [.text("in")])
        }
        try loadPage(engine, #"[{"id":"b","type":"B"}]"#)
        let root = try #require(engine.layout(width: 40).components.first?.root)
        #expect((root.frame.width, root.frame.height) == (6, 5)) // 2 + (1 + 1) on each side
        #expect((root.children[0].frame.x, root.children[0].frame.y) == (2, 2))
    }
}
