#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SDUICore

/// `ViewContract` against the decoders it describes, the generated Lua table
/// and README's "View nodes".
@Suite("View contract")
struct ViewContractTests {
    /// The repository root, from this file's place: <root>/Tests/SDUICoreTests/ViewContractTests.swift.
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static func read(_ path: String) -> String? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ path: String, _ text: String) -> Bool {
        guard let f = fopen(path, "wb") else { return false }
        defer { fclose(f) }
        let bytes = Array(text.utf8)
        return fwrite(bytes, 1, bytes.count, f) == bytes.count
    }

    /// Checks that the generated file at `relativePath` (from the repository
    /// root) holds `expected`, naming the first line that differs rather than
    /// printing both files; with SDUI_WRITE_CONTRACT set, writes it instead.
    static func checkGenerated(_ relativePath: String, _ expected: String) {
        let path = root + "/" + relativePath
        if getenv("SDUI_WRITE_CONTRACT") != nil {
            #expect(write(path, expected), "could not write \(path)")
            return
        }
        let actual = read(path) ?? ""
        guard actual != expected else { return }
        let have = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(have, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(have.count, want.count)
        let got = line < have.count ? String(have[line]) : "(end of file)"
        let wanted = line < want.count ? String(want[line]) : "(end of file)"
        Issue.record("""
            \(relativePath) is out of date with Sources/SDUICore/View/ViewContract.swift: \
            run `\(ViewContract.regenerateCommand)`. Line \(line + 1) is `\(got)`, should be `\(wanted)`
            """)
    }

    // MARK: the generated Lua table

    @Test func luaModuleIsUpToDate() {
        Self.checkGenerated(ViewContract.luaModulePath, ViewContract.luaModule)
    }

    // MARK: the generated C layout tables

    @Test func flatLayoutHeaderIsUpToDate() {
        Self.checkGenerated(ViewContract.flatLayoutPath, ViewContract.flatLayoutHeader)
    }

    // MARK: the generated JSON Schema

    @Test func jsonSchemaIsUpToDate() {
        Self.checkGenerated(ViewContract.schemaPath, ViewContract.jsonSchema)
    }

    /// The state paths the schema's binding pattern is written for, as
    /// `InputBinding` reads them (Tests/schema/agree.py runs the pattern
    /// itself over the same cases, from schema/view.schema.json).
    static let bindingCases = [
        "s/a", "s/a.b", "s/$.a", "s/$[0]", "s/[0]", "s/a[0].b", "s/[\"a b\"].c", "s/$[\"x\\\"y\"]", "s/a[+1]", "s/a[-0]",
        "s/-x", "s/", "/a", "s", "s/$", "s/a..b", "s/a.", "s/.", "s/a[", "s/a[-1]", "s/a[x]", "s/[\"a", "s/$a",
        "s/a[0]x", "s/[0]\n", "s/a\n", "a/b/c", "s/.a",
    ]

    @Test func bindingPatternIsInputBindings() throws {
        let pattern = try Regex(ViewContract.bindingPattern)
        for text in Self.bindingCases {
            let decoder = (try? InputBinding(parsing: text, at: .root)) != nil
            let schema = (try? pattern.firstMatch(in: text)) != nil
            #expect(decoder == schema, "binding \(text.debugDescription): decoder \(decoder), pattern \(schema)")
        }
    }

    // MARK: the contract against the decoders

    @Test func styleFieldsAreStylesStoredPropertiesInOrder() {
        let stored = Mirror(reflecting: Style()).children.compactMap(\.label)
        #expect(stored == ViewContract.styleFields.map(\.name),
                "Style's fields and ViewContract.styleFields differ: add the field to both")
        #expect(Style.fieldNames == Set(ViewContract.styleFields.map(\.name)))
    }

    /// Values a field of `type` takes (`good`) and refuses (`bad`).
    static func samples(_ type: ViewContract.ValueType) -> (good: [String], bad: [String]) {
        switch type {
        case .string: return (["\"x\""], ["1", "null", "{}"])
        case .boolean: return (["true", "false"], ["1", "\"true\"", "null", "{}"])
        case .nonNegative: return (["0", "2.5"], ["-1", "\"2\"", "\"fill\"", "{}"])
        case .dimension: return (["0", "3", "\"fill\""], ["-1", "\"auto\"", "{}"])
        case .padding: return (["2", "{\"top\":1}", "{\"top\":1,\"leading\":2,\"bottom\":3,\"trailing\":4}"],
                               ["-1", "\"2\"", "{\"left\":1}", "{\"top\":-1}"])
        case .opacity: return (["0", "0.5", "1"], ["-0.1", "1.5", "\"1\""])
        case .lineLimit: return (["0", "3", "2147483647"], ["2.5", "-1", "2147483648", "\"3\""])
        case .positive: return (["0.5", "1.7778", "3"], ["0", "-1", "\"2\"", "{}"])
        case .oneOf(let values): return (values.map { "\"\($0)\"" }, ["\"bogus\"", "1"])
        case .number: return (["1", "-2.5"], ["\"1\"", "null", "true"])
        case .validation: return ([#"{"required":true}"#, #"{"pattern":"[a-z]+@[a-z.]+","minLength":3,"maxLength":40,"message":"An email, please"}"#],
                                  ["true", #"{"regex":"x"}"#, #"{"pattern":"("}"#, #"{"minLength":-1}"#, #"{"minLength":2.5}"#,
                                   #"{"minLength":5,"maxLength":2}"#, #"{"required":1}"#])
        case .binding: return (["\"form/email\"", "\"s/items[0].qty\""], ["\"email\"", "\"/x\"", "\"s/\"", "\"s/a..b\"", "1"])
        case .runs: return ([#"[{"text":"a"}]"#, #"[{"text":"Hi ","weight":"bold"},{"text":"there","italic":true,"action":{"type":"s/go"}}]"#],
                            ["[]", #"[{"font":"x"}]"#, #"[{"text":1}]"#, #"[{"text":"a","italic":1}]"#, #"[{"text":"a","x":1}]"#, "{}"])
        case .options: return ([#"[{"title":"A","value":"a"}]"#, "[]"],
                               [#"["a"]"#, #"[{"title":"A"}]"#, #"[{"title":"A","value":1}]"#,
                                #"[{"title":"A","value":"a","x":1}]"#, "{}"])
        }
    }

    @Test func everyStyleFieldDecodesAsItsTypeSays() throws {
        for field in ViewContract.styleFields {
            let (good, bad) = Self.samples(field.type)
            for value in good {
                let style = try Style(json: json("{\"\(field.name)\": \(value)}"), at: .root)
                // The decoder kept it: the field comes back in the canonical form.
                guard case .object(let o) = style.json else { Issue.record("style.json is not an object"); continue }
                #expect(o[field.name] != nil, "Style(json:) drops \(field.name) = \(value)")
                #expect(try Style(json: style.json, at: .root) == style)
            }
            for value in bad {
                #expect(throws: ContractError.self, "\(field.name) accepts \(value)") {
                    try Style(json: json("{\"\(field.name)\": \(value)}"), at: .root)
                }
            }
        }
        #expect(throws: ContractError.self) { try Style(json: json(#"{"colour": "red"}"#), at: .root) }
    }

    @Test func paddingEdgesAndActionMembersAreTheDecoders() throws {
        for edge in ViewContract.paddingEdges {
            let style = try Style(json: json("{\"padding\": {\"\(edge)\": 1}}"), at: .root)
            #expect(style.padding != nil)
        }
        let action = try Action(json: json(#"{"type": "a/b", "payload": 1}"#))
        #expect(action.payload == .int(1))
        #expect(throws: ContractError.self) { try Action(json: json(#"{"type": "a/b", "route": 1}"#)) }
        #expect(ViewNode.structuralKeys == Set(ViewContract.nodeMembers))
    }

    @Test func everyKindDecodesAsTheContractSays() throws {
        #expect(ViewContract.kinds.map(\.name) == ViewNode.Kind.allCases.map(\.rawValue))
        let action = #"{"type": "a/b"}"#
        let child = #"{"type": "spacer"}"#
        for kind in ViewContract.kinds {
            func good(_ member: ViewContract.Member) -> String {
                "\"\(member.name)\": " + (member.type == .string ? "\"x\"" : Self.samples(member.type).good[0])
            }
            let required = kind.members.filter(\.required).map(good)
            func node(_ members: [String]) -> String {
                "{" + (["\"type\": \"\(kind.name)\"", "\"key\": \"k\"", "\"style\": \"title\""] + members)
                    .joined(separator: ", ") + "}"
            }
            // Every member at once; an input's, one input kind at a time
            // (`InputContent.members(of:)`: the others refuse them).
            var sets = [kind.members]
            if kind.name == "input" {
                sets = InputKind.allCases.map { input in
                    kind.members.filter { !InputContent.kindMembers.contains($0.name) || InputContent.members(of: input).contains($0.name) }
                        .map { $0.name == "kind" ? ViewContract.Member(name: "kind", type: .oneOf([input.rawValue]), required: false) : $0 }
                }
                #expect(Set(sets.flatMap { $0.map(\.name) }) == Set(kind.members.map(\.name)))
            }
            for members in sets {
                let full = try ViewNode(json: json(node(members.map(good))))
                #expect(full.props.count + (full.disabled ? 1 : 0) == members.count)
                #expect(full.json == (try ViewNode(json: full.json)).json)
            }
            _ = try ViewNode(json: json(node(required)))
            for member in kind.members where member.required {
                #expect(throws: ContractError.self, "\(kind.name) without \(member.name)") {
                    try ViewNode(json: json(node(required.filter { !$0.hasPrefix("\"\(member.name)\"") })))
                }
            }
            for member in kind.members {
                for bad in Self.samples(member.type).bad.prefix(member.type == .string ? 1 : 9) {
                    #expect(throws: ContractError.self, "\(kind.name).\(member.name) takes \(bad)") {
                        try ViewNode(json: json(node(required.filter { !$0.hasPrefix("\"\(member.name)\"") }
                            + ["\"\(member.name)\": \(bad)"])))
                    }
                }
            }
            #expect(throws: ContractError.self) { try ViewNode(json: json(node(required + [#""bogus": "x""#]))) }
            let withChildren = Result { () throws(ContractError) in
                try ViewNode(json: json(node(required + ["\"children\": [\(child)]"])))
            }
            #expect(((try? withChildren.get()) != nil) == kind.children, "\(kind.name) children")
            let withAction = Result { () throws(ContractError) in
                try ViewNode(json: json(node(required + ["\"action\": \(action)"])))
            }
            #expect(((try? withAction.get()) != nil) == kind.action, "\(kind.name) action")
        }
    }

    @Test func everyContentMemberDecodesAsItsTypeSays() throws {
        // An input's members depend on its kind (a choice needs options...): InputTests checks those.
        for kind in ViewContract.kinds where kind.name != "input" {
            let required = kind.members.filter(\.required).map { "\"\($0.name)\": \"x\"" }
            for member in kind.members where !member.required {
                let (good, bad) = Self.samples(member.type)
                func node(_ value: String) -> JSON {
                    json("{" + (["\"type\": \"\(kind.name)\""] + required + ["\"\(member.name)\": \(value)"])
                        .joined(separator: ", ") + "}")
                }
                for value in good {
                    let decoded = try ViewNode(json: node(value))
                    #expect(try ViewNode(json: decoded.json) == decoded, "\(kind.name).\(member.name) = \(value)")
                }
                for value in bad {
                    #expect(throws: ContractError.self, "\(kind.name).\(member.name) accepts \(value)") {
                        try ViewNode(json: node(value))
                    }
                }
            }
        }
    }

    // MARK: README

    /// README's "View nodes" paragraph: from its heading to the node ids.
    static func readmeViewNodes() -> String? {
        guard let readme = read(root + "/README.md"),
              let start = readme.firstRange(of: "**View nodes**"),
              let end = readme[start.upperBound...].firstRange(of: "**Node ids**")
        else { return nil }
        return String(readme[start.lowerBound..<end.lowerBound])
    }

    /// The names in backticks in `text`.
    static func quotedNames(_ text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func readmeTableIsTheContract() throws {
        let section = try #require(Self.readmeViewNodes(), "README.md has no **View nodes** … **Node ids** section")
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        var seen: [String] = []
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingSpaces() }
            try #require(cells.count == 4, "README row \(row)")
            for name in Self.quotedNames(cells[0][...]) {
                seen.append(name)
                let kind = try #require(ViewContract.kinds.first { $0.name == name }, "README lists a kind \(name)")
                if kind.engineOnly {
                    #expect(cells[1].hasPrefix("rendered by the engine"), "README: \(name) is the engine's")
                } else {
                    var wanted = kind.members.map {
                        "`\($0.name)`" + ($0.required ? " (required)" : "") + ($0.type == .boolean ? " (boolean)" : "")
                    }
                    if wanted.isEmpty { wanted = ["–"] }
                    #expect(cells[1] == wanted.joined(separator: ", "), "README: the content members of \(name)")
                }
                #expect((cells[2] != "–") == kind.children, "README: the children of \(name)")
                #expect((cells[3] != "–") == kind.action, "README: the action of \(name)")
                let members = Self.quotedNames(cells[1][...]).flatMap { $0.split(separator: "/").map(String.init) }
                for member in kind.members {
                    #expect(members.contains(member.name), "README: \(name) lacks \(member.name)")
                }
            }
        }
        #expect(seen.sorted() == ViewContract.kinds.map(\.name).sorted(), "README's table and the kinds differ")
    }

    @Test func readmeStyleListIsTheContract() throws {
        let section = try #require(Self.readmeViewNodes())
        let start = try #require(section.firstRange(of: "`style` is an object with"))
        let list = section[start.upperBound...]
        let names = Self.quotedNames(list)
        var fields: [String] = []
        for name in names {
            // `width`/`height`, `leading|center|…`, `{top,leading,…}`, `"fill"`, `{"font": string}`
            if name.contains("|") || name.hasPrefix("{") || name.hasPrefix("\"") { continue }
            fields.append(contentsOf: name.split(separator: "/").map(String.init))
        }
        #expect(fields == ViewContract.styleFields.map(\.name), "README's style fields and the contract differ")
        for field in ViewContract.styleFields {
            if case .oneOf(let values) = field.type {
                #expect(names.contains(values.joined(separator: "|")), "README: the values of \(field.name)")
            }
        }
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
