import Testing

@testable import SDUICore

@Suite("Versions, requirements and capabilities")
struct RequirementsTests {
    // MARK: Versions

    @Test func versionsParseInTheirTwoForms() throws {
        let cases: [(String, (UInt32, UInt32, UInt32), String)] = [
            ("1.0", (1, 0, 0), "1.0"), ("0.0", (0, 0, 0), "0.0"), ("1.2.3", (1, 2, 3), "1.2.3"),
            ("10.20.0", (10, 20, 0), "10.20.0"), ("4294967295.0.4294967295", (4_294_967_295, 0, 4_294_967_295), "4294967295.0.4294967295"),
        ]
        for (text, parts, shown) in cases {
            let v = try #require(Version(text: text), "\(text)")
            #expect((v.major, v.minor, v.patch) == parts)
            #expect(v.description == shown)
            #expect(v.json == .string(text))
        }
        for bad in ["", "1", "1.", ".1", "1..2", "1.2.", "1.2.3.4", "01.0", "1.00", "1.2.03", "+1.0", "-1.0", "1.0 ",
                    " 1.0", "1,0", "1.0a", "v1.0", "4294967296.0", "1.99999999999", "１.０"]
        {
            #expect(Version(text: bad) == nil, "\(bad)")
        }
    }

    @Test func versionMembersTakeWholeNumbersAsNPointZero() throws {
        let v = try Version(json: 3, at: .root)
        #expect(v == Version(3, form: .integer))
        #expect(v.description == "3.0")
        #expect(v.json == 3)
        #expect(try Version(json: "3.0", at: .root) != v) // the same version, written otherwise
        #expect(try Version(json: "3.0", at: .root).isAtLeast(v) && v.isAtLeast(try Version(json: "3.0", at: .root)))
        let path = JSONPath.root.appending("version")
        for (bad, got) in [(json("1.5"), "1.5"), (json("1.0"), "1.0"), (json("-1"), "-1"), (json("4294967296"), "4294967296"),
                           (json("true"), "boolean"), (json("null"), "null"), (json(#"{"major":1}"#), "object"),
                           (json(#""v2""#), #""v2""#)]
        {
            #expect(throws: ContractError(path, "a version must be \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros) or a whole number N (\"N.0\"), got \(got)")) {
                try Version(json: bad, at: path)
            }
        }
        // A requirement or a capability is a string only.
        #expect(throws: ContractError(path, "a version must be a string \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros), got 2")) {
            try Version(string: 2, at: path)
        }
    }

    @Test func versionsComparePartByPart() throws {
        func v(_ s: String) -> Version { Version(text: s)! }
        let ordered = ["0.0", "0.1", "0.9", "0.10", "1.0", "1.0.1", "1.0.10", "1.1", "1.2.0", "2.0", "10.0", "4294967295.4294967295.4294967295"]
        for (i, a) in ordered.enumerated() {
            for (j, b) in ordered.enumerated() {
                #expect(v(a).isAtLeast(v(b)) == (i >= j), "\(a) >= \(b)")
            }
        }
        // A missing patch counts as 0.
        #expect(v("1.2").isAtLeast(v("1.2.0")) && v("1.2.0").isAtLeast(v("1.2")))
        #expect(Version(2, form: .integer).isAtLeast(v("2.0")) && !Version(2, form: .integer).isAtLeast(v("2.0.1")))
    }

    // MARK: Requirements and capabilities

    @Test func requirementsDecodeByName() throws {
        let r = try Requirements(json: json(#"{"tiles":"0.3.1","maps":"1.2"}"#), at: .root)
        #expect(r.entries == [.init("maps", Version(1, 2)), .init("tiles", Version(0, 3, 1, form: .threeParts))])
        #expect(r.json == json(#"{"maps":"1.2","tiles":"0.3.1"}"#))
        #expect(try Requirements(json: .null, at: .root).isEmpty)
        #expect(try Requirements(json: json("{}"), at: .root).isEmpty)
        let at = JSONPath.root.appending("requires")
        #expect(throws: ContractError(at, "requires must be an object, got array")) { try Requirements(json: json("[]"), at: at) }
        #expect(throws: ContractError(at.appending(""), "a capability name must not be empty")) {
            try Requirements(json: json(#"{"":"1.0"}"#), at: at)
        }
        #expect(throws: ContractError(at.appending("m\u{1}"), "must not contain control characters, found \\u0001")) {
            try Requirements(json: json(#"{"m\u0001":"1.0"}"#), at: at)
        }
        #expect(throws: ContractError(at.appending("maps"), "a version must be a string \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros), got 1")) {
            try Requirements(json: json(#"{"maps":1}"#), at: at)
        }
    }

    @Test func capabilitiesMeetRequirementsAndNameTheFirstUnmet() throws {
        let caps = try Capabilities(json: json(#"{"maps":"1.2","pay":"2.0.1"}"#))
        #expect(caps.version(of: "sdui") == Capabilities.contractVersion)
        #expect(caps.version(of: "maps") == Version(1, 2))
        #expect(caps.version(of: "none") == nil)
        #expect(caps.json == json(#"{"maps":"1.2","pay":"2.0.1"}"#))
        func needs(_ text: String) throws -> Requirements { try Requirements(json: json(text), at: .root) }
        #expect(caps.unmet(try needs(#"{"maps":"1.2","pay":"2.0","sdui":"1.1"}"#)) == nil)
        #expect(caps.unmet(try needs(#"{"maps":"1.2.1"}"#)) == #""maps" 1.2.1 needed, 1.2 declared"#)
        #expect(caps.unmet(try needs(#"{"maps":"2.0","pay":"9.0"}"#)) == #""maps" 2.0 needed, 1.2 declared"#)
        #expect(caps.unmet(try needs(#"{"video":"0.1"}"#)) == #""video" 0.1 needed, not declared"#)
        #expect(caps.unmet(try needs(#"{"sdui":"1.2"}"#)) == #""sdui" 1.2 needed, 1.1 declared"#)
        #expect(caps.unmet(Requirements.contract(Version(2, form: .integer))) == #""sdui" 2.0 needed, 1.1 declared"#)
        #expect(throws: ContractError(JSONPath.root.appending("sdui"), "\"sdui\" is the engine's own capability, at its contract version 1.1; a host does not declare it")) {
            try Capabilities(json: json(#"{"sdui":"1.0"}"#))
        }
        #expect(throws: ContractError(.root, "capabilities must be an object, got string")) { try Capabilities(json: "maps") }
        #expect(throws: ContractError(JSONPath.root.appending("maps"), "a version must be a string \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros), got 1.2")) {
            try Capabilities(json: json(#"{"maps":1.2}"#))
        }
    }

    // MARK: Decoding

    @Test func pagesAndComponentsDecodeAndWriteTheirRequirements() throws {
        let text = #"{"id":"p","version":1,"requires":{"maps":"1.0"},"components":[{"id":"a","type":"T","data":null,"version":"1.1","requires":{"pay":"2.0"},"fallback":{"id":"a","type":"U","data":null,"requires":{"maps":"0.5"},"fallback":"drop"}}]}"#
        let page = try Page(json: json(text))
        #expect(page.version == Version(1, form: .integer))
        #expect(page.requires == Requirements([.init("maps", Version(1, 0))]))
        #expect(page.requirements.entries == [.init("sdui", Version(1, form: .integer)), .init("maps", Version(1, 0))])
        let a = page.components[0]
        #expect(a.requirements.entries == [.init("sdui", Version(1, 1)), .init("pay", Version(2, 0))])
        guard case .component(let fallback)? = a.fallback else { Issue.record("no fallback"); return }
        #expect(fallback.requirements.entries == [.init("maps", Version(0, 5))])
        #expect(page.json == json(text))
        #expect(try Page(json: page.json) == page)
        // The scanner builds the same page.
        let scanned = Array(text.utf8).withUnsafeBytes { PageScanner.scan($0, options: .init()) }
        #expect(scanned == page)
        // Errors name their path, with line:column through the engine.
        let engine = Engine()
        #expect(throws: EngineError(.contract, "1:57: $.components[0].requires: requires must be an object, got array")) {
            try loadPage(engine, #"{"components":[{"id":"a","type":"T","data":1,"requires":[]}]}"#)
        }
        #expect(throws: EngineError(.contract, "1:12: $.version: a version must be \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros) or a whole number N (\"N.0\"), got \"1\"")) {
            try loadPage(engine, #"{"version":"1","components":[]}"#)
        }
        #expect(engine.page == nil)
    }

    @Test func serverPatchesTakeTheSameMembers() throws {
        let engine = Engine()
        try loadPage(engine, #"{"version":"1.1","requires":{"maps":"1.0"},"components":[{"id":"a","type":"T"}]}"#)
        try loadPage(engine, #"{"patch":{"changes":[{"id":"a","components":[{"id":"b","type":"T","version":1,"requires":{"x":"1.0"},"fallback":{"type":"U","requires":{"y":"2.0"}}}]}]}}"#)
        let page = try #require(engine.page)
        #expect(page.version == Version(1, 1) && page.requires == Requirements([.init("maps", Version(1, 0))]))
        #expect(page.components[0].requirements.entries == [.init("sdui", Version(1, form: .integer)), .init("x", Version(1, 0))])
        #expect(throws: EngineError(.contract, "1:83: $.patch.changes[0].components[0].requires.x: a version must be a string \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros), got \"one\"")) {
            try loadPage(engine, #"{"patch":{"changes":[{"id":"b","components":[{"id":"c","type":"T","requires":{"x":"one"}}]}]}}"#)
        }
        #expect(engine.page?.components.map(\.id) == ["b"])
    }

    // MARK: Rendering

    /// An engine with factories for "Map", "Text" and "Old" that show their type.
    static func engine() throws -> (Engine, Box<Int>) {
        let engine = Engine()
        let runs = Box(0)
        for type in ["Map", "Text", "Old"] {
            try engine.register(component: type) { _, _ in
                runs.value += 1
                return .text(type)
            }
        }
        return (engine, runs)
    }

    static func shown(_ engine: Engine, _ id: String) -> String? {
        guard let view = engine.currentScreen()[id]?.view else { return nil }
        return view.kind == .fallback ? "fallback node" : view.props["text"]
    }

    @Test func unmetRequirementsFollowTheFallbackChain() throws {
        let (engine, _) = try Self.engine()
        try loadPage(engine, #"""
            {"components":[
              {"id":"a","type":"Map","requires":{"maps":"2.0"},
               "fallback":{"type":"Map","requires":{"maps":"1.0"},"fallback":{"type":"Text"}}},
              {"id":"b","type":"Map","requires":{"maps":"2.0"},"fallback":"drop"},
              {"id":"c","type":"Map","version":"1.2"},
              {"id":"d","type":"Nope","requires":{"maps":"1.0"},"fallback":{"type":"Nope2","fallback":{"type":"Text"}}},
              {"id":"e","type":"Map"}]}
            """#)
        #expect(Self.shown(engine, "a") == "Text")
        #expect(Self.shown(engine, "b") == nil)
        #expect(Self.shown(engine, "c") == "fallback node")
        #expect(Self.shown(engine, "d") == "Text")
        #expect(Self.shown(engine, "e") == "Map")
        #expect(engine.currentScreen()["a"]?.type == "Map") // the original type, whatever rendered
        #expect(engine.diagnostics == [
            Diagnostic(.warning, "requires-unmet", component: "a", #"type "Map": "maps" 2.0 needed, not declared; rendered its fallback of type "Map""#),
            Diagnostic(.warning, "requires-unmet", component: "a", #"type "Map": "maps" 1.0 needed, not declared; rendered its fallback of type "Text""#),
            Diagnostic(.warning, "requires-unmet", component: "b", #"type "Map": "maps" 2.0 needed, not declared; dropped as its fallback asks"#),
            Diagnostic(.error, "requires-unmet", component: "c", #"type "Map": "sdui" 1.2 needed, 1.1 declared; no fallback"#),
            Diagnostic(.warning, "requires-unmet", component: "d", #"type "Nope": "maps" 1.0 needed, not declared; rendered its fallback of type "Nope2""#),
            Diagnostic(.warning, "fallback-used", component: "d", #"no factory for type "Nope2"; rendered its fallback of type "Text""#),
        ])
        engine.capabilities = try Capabilities(["maps": Version(1, 5)])
        #expect(Self.shown(engine, "a") == "Map")
        #expect(Self.shown(engine, "b") == nil)
        engine.capabilities = try Capabilities(["maps": Version(2, 0)])
        #expect(Self.shown(engine, "b") == "Map")
        #expect(!engine.diagnostics.contains { $0.component == "a" || $0.component == "b" })
    }

    @Test func thePageRequiresForEachComponentButNotForFallbacks() throws {
        let (engine, _) = try Self.engine()
        try loadPage(engine, #"{"version":"1.1","requires":{"maps":"1.0"},"components":[{"id":"a","type":"Map","fallback":{"type":"Old"}},{"id":"b","type":"Map"},{"id":"c","type":"Map","fallback":{"type":"Old","requires":{"old":"1.0"}}}]}"#)
        #expect(Self.shown(engine, "a") == "Old")
        #expect(Self.shown(engine, "b") == "fallback node")
        #expect(Self.shown(engine, "c") == "fallback node")
        #expect(engine.diagnostics.map(\.message) == [
            #"type "Map": "maps" 1.0 needed, not declared; rendered its fallback of type "Old""#,
            #"type "Map": "maps" 1.0 needed, not declared; no fallback"#,
            #"type "Map": "maps" 1.0 needed, not declared; rendered its fallback of type "Old""#,
            #"type "Old": "old" 1.0 needed, not declared; no fallback"#,
        ])
        // A page for a later contract: every component goes to its fallback.
        try loadPage(engine, #"{"version":2,"components":[{"id":"a","type":"Map","fallback":{"type":"Old"}},{"id":"b","type":"Map"}]}"#)
        #expect(Self.shown(engine, "a") == "Old")
        #expect(Self.shown(engine, "b") == "fallback node")
        #expect(engine.diagnostics.last?.message == #"type "Map": "sdui" 2.0 needed, 1.1 declared; no fallback"#)
        // A whole-page render applies the page's requirements too.
        var diagnostics: [Diagnostic] = []
        let screen = Renderer(registry: engine.registry, store: engine.store).render(engine.page!, diagnostics: &diagnostics)
        #expect(screen == engine.currentScreen())
        #expect(diagnostics == engine.diagnostics)
    }

    @Test func changingCapabilitiesRendersExactlyTheComponentsWhoseChoiceChanges() throws {
        let (engine, runs) = try Self.engine()
        try loadPage(engine, #"""
            {"id":"p","components":[
              {"id":"a","type":"Map","requires":{"maps":"2.0"},"fallback":{"type":"Text"}},
              {"id":"b","type":"Map","requires":{"maps":"1.0"},"fallback":{"type":"Text"}},
              {"id":"c","type":"Map","requires":{"pay":"1.0"},"fallback":"drop"},
              {"id":"d","type":"Map"}]}
            """#)
        var host = engine.render()
        #expect(runs.value == 3) // c is dropped
        func renders(_ change: () throws -> Void) throws -> (Int, [Patch]) {
            let before = engine.counters.componentRenders
            try change()
            let set = engine.takePatches()
            host = try host.applying(set.patches)
            #expect(host == engine.currentScreen())
            return (engine.counters.componentRenders - before, set.patches)
        }
        // maps 1.0: b now renders Map; a's choice is the same link, but its
        // diagnostic names the declared version now, so it renders too.
        var (count, patches) = try renders { engine.capabilities = try Capabilities(["maps": Version(1, 0)]) }
        #expect(count == 2)
        #expect(patches.count == 1) // a shows the same Text
        #expect(engine.diagnostics.map(\.message) == [
            #"type "Map": "maps" 2.0 needed, 1.0 declared; rendered its fallback of type "Text""#,
            #"type "Map": "pay" 1.0 needed, not declared; dropped as its fallback asks"#,
        ])
        // Another capability that nobody requires: nothing renders.
        (count, patches) = try renders { engine.capabilities = try Capabilities(["maps": Version(1, 0), "video": Version(3, 0)]) }
        #expect(count == 0 && patches.isEmpty)
        // pay declared: c comes back (an insert), nothing else renders.
        (count, patches) = try renders {
            engine.capabilities = try Capabilities(["maps": Version(1, 0), "pay": Version(1, 0, 3, form: .threeParts)])
        }
        #expect(count == 1)
        #expect(patches.count == 1)
        if case .insert(_, let component)? = patches.first { #expect(component.id == "c") } else { Issue.record("\(patches)") }
        #expect(Self.shown(engine, "c") == "Map")
        // Back to nothing declared: the first screen again.
        (count, _) = try renders { engine.capabilities = Capabilities() }
        #expect(count == 3)
        #expect(Self.shown(engine, "a") == "Text" && Self.shown(engine, "b") == "Text" && Self.shown(engine, "c") == nil)
    }

    @Test func reloadingWithOtherPageRequirementsRendersWhatTheyChange() throws {
        let (engine, _) = try Self.engine()
        let components = #"[{"id":"a","type":"Map","fallback":{"type":"Text"}},{"id":"b","type":"Map","version":"1.0"}]"#
        try loadPage(engine, #"{"version":1,"components":"# + components + "}")
        var host = engine.render()
        // The same components, a page version that is still met: a page patch only.
        let before = engine.counters.componentRenders
        try loadPage(engine, #"{"version":"1.1","components":"# + components + "}")
        var set = engine.takePatches()
        #expect(set.patches == [.page(id: nil, version: "1.1")])
        #expect(engine.counters.componentRenders == before)
        host = try host.applying(set.patches)
        // A page requirement that is not met: both render again.
        try loadPage(engine, #"{"version":"1.1","requires":{"maps":"1.0"},"components":"# + components + "}")
        set = engine.takePatches()
        host = try host.applying(set.patches)
        #expect(host == engine.currentScreen())
        #expect(engine.counters.componentRenders == before + 2)
        #expect(Self.shown(engine, "a") == "Text" && Self.shown(engine, "b") == "fallback node")
        // Declared: back to Map for both.
        engine.capabilities = try Capabilities(["maps": Version(1, 0)])
        #expect(Self.shown(engine, "a") == "Map" && Self.shown(engine, "b") == "Map")
    }

    @Test func badCapabilitiesChangeNothing() throws {
        let (engine, runs) = try Self.engine()
        try loadPage(engine, #"[{"id":"a","type":"Map","requires":{"maps":"1.0"},"fallback":{"type":"Text"}}]"#)
        try declare(engine, #"{"maps":"1.0"}"#)
        _ = engine.render()
        let renders = runs.value
        for (text, message) in [
            (#"{"maps":"1.0","sdui":"1.1"}"#, "1:22: $.sdui: \"sdui\" is the engine's own capability, at its contract version 1.1; a host does not declare it"),
            (#"{"maps":"1.x"}"#, "1:9: $.maps: a version must be a string \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros), got \"1.x\""),
            (#"{"":"1.0"}"#, "1:5: $[\"\"]: a capability name must not be empty"),
            ("[]", "1:1: $: capabilities must be an object, got array"),
        ] {
            #expect(throws: EngineError(.contract, message)) { try declare(engine, text) }
        }
        #expect(throws: EngineError.self) { try declare(engine, #"{"maps":"#) }
        #expect(engine.capabilities == (try Capabilities(["maps": Version(1, 0)])))
        #expect(engine.takePatches().patches.isEmpty)
        #expect(runs.value == renders)
    }

    func declare(_ engine: Engine, _ text: String) throws(EngineError) {
        try Array(text.utf8).withUnsafeBytes { bytes in
            Result { () throws(EngineError) in try engine.setCapabilities(bytes) }
        }.get()
    }
}
