import Testing
import SDUICore // as a package that depends on the SDUICore product imports it

/// README's "From Swift" example: its lines are the body of the test below
/// (the test fails when they drift), and they run.
@Suite("README's Swift example")
struct ReadmeSwiftExampleTests {
    @Test func runsAndPrintsTheGreeting() throws {
        // --- README: from here
        let engine = Engine()
        try engine.register(component: "Hello") { data, _ in .text("Hello, \(data["name"]?.stringValue ?? "?")") }
        engine.loadPage(Page(components: [Component(id: "h", type: "Hello", data: ["name": "Swift"])]))
        print(TextRenderer.render(engine.render()))
        // --- README: to here
        #expect(TextRenderer.render(engine.render()).contains("Hello, Swift"))
    }

    @Test func readmeShowsTheseLines() throws {
        let readme = try #require(ViewContractTests.read(ViewContractTests.root + "/README.md"))
        let start = try #require(readme.firstRange(of: "```swift\nimport SDUICore\n"), "README has no Swift example")
        let end = try #require(readme[start.upperBound...].firstRange(of: "```"))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.trimmingSpaces() }
        let source = try #require(ViewContractTests.read(ViewContractTests.root + "/Tests/SDUICoreTests/ReadmeSwiftExampleTests.swift"))
        let from = try #require(source.firstRange(of: "// --- README: from here\n"))
        let to = try #require(source[from.upperBound...].firstRange(of: "// --- README: to here"))
        let tested = source[from.upperBound..<to.lowerBound].split(separator: "\n").map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
        #expect(shown == tested)
    }
}
