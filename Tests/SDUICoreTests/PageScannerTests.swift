import Testing

@testable import SDUICore

// MARK: - The two paths

/// What loading a page did before `PageScanner`: the full parse, then
/// `Page(json:)`, with contract errors located in the bytes as the engine
/// words them.
private func fullPath(_ bytes: [UInt8], options: JSONParseOptions = .init()) -> Result<Page, EngineError> {
    bytes.withUnsafeBytes { (raw) -> Result<Page, EngineError> in
        let json: JSON
        do throws(JSONParseError) {
            json = try JSONParser.parse(raw, options: options)
        } catch {
            return .failure(EngineError(error))
        }
        do throws(ContractError) {
            return .success(try Page(json: json))
        } catch {
            return .failure(Engine.located(error, in: raw))
        }
    }
}

private func scanned(_ bytes: [UInt8], options: JSONParseOptions = .init()) -> Page? {
    bytes.withUnsafeBytes { PageScanner.scan($0, options: options) }
}

/// Components alike in every way a factory or the engine could tell:
/// ids, types, data bit for bit (`jsonIdentical`), versions as written,
/// requirements, fallbacks.
private func sameComponent(_ a: Component, _ b: Component) -> Bool {
    guard a.id == b.id, a.type == b.type, jsonIdentical(a.data, b.data), a.version == b.version,
          a.requires == b.requires
    else { return false }
    switch (a.fallback, b.fallback) {
    case (nil, nil), (.drop?, .drop?): return true
    case (.component(let x)?, .component(let y)?): return sameComponent(x, y)
    default: return false
    }
}

private func samePage(_ a: Page, _ b: Page) -> Bool {
    guard a.id == b.id, a.components.count == b.components.count, a.version == b.version, a.requires == b.requires
    else { return false }
    return zip(a.components, b.components).allSatisfy { sameComponent($0, $1) } && a == b
}

/// How a page's bytes fare.
enum ScanOutcome: Sendable {
    /// The scanner builds the page.
    case scanned
    /// The scanner leaves it to the full path, which accepts it.
    case fullPathOnly
    /// Both reject it (the scanner by giving up).
    case rejected
}

/// Checks that the scanner never accepts what the full path rejects and
/// builds the same page when both accept; returns what happened.
@discardableResult
private func differential(_ bytes: [UInt8], options: JSONParseOptions = .init(),
                          sourceLocation: SourceLocation = #_sourceLocation) -> ScanOutcome
{
    let fast = scanned(bytes, options: options)
    switch fullPath(bytes, options: options) {
    case .success(let page):
        guard let fast else { return .fullPathOnly }
        #expect(samePage(fast, page), "scanned page differs from the full path's", sourceLocation: sourceLocation)
        return .scanned
    case .failure(let error):
        #expect(fast == nil, "scanner accepted what the full path rejects: \(error)", sourceLocation: sourceLocation)
        return .rejected
    }
}

/// The engine loads `bytes` as the full path says: the same page, or the same error.
private func checkEngine(_ bytes: [UInt8], limits: EngineLimits = EngineLimits(),
                         sourceLocation: SourceLocation = #_sourceLocation)
{
    let engine = Engine()
    engine.limits = limits
    let loaded = bytes.withUnsafeBytes { raw in
        Result { () throws(EngineError) in try engine.loadPage(raw) }
    }
    switch (loaded, fullPath(bytes, options: limits.parseOptions)) {
    case (.success, .success(let page)):
        #expect(engine.page.map { samePage($0, page) } == true, sourceLocation: sourceLocation)
    case (.failure(let error), .failure(let expected)):
        #expect(error == expected, sourceLocation: sourceLocation)
    case (let got, let expected):
        Issue.record("engine: \(got), full path: \(expected)", sourceLocation: sourceLocation)
    }
}

// MARK: - Hand-written pages

struct ScanCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let outcome: ScanOutcome

    init(_ name: String, _ text: String, _ outcome: ScanOutcome) {
        self.name = name
        self.text = text
        self.outcome = outcome
    }

    var testDescription: String { name }
}

let scanCases: [ScanCase] = [
    // Accepted by the scanner.
    ScanCase("object page", #"{"id":"home","version":1,"components":[{"id":"a","type":"T","data":{"x":1}},{"id":"b","type":"U"}]}"#, .scanned),
    ScanCase("bare array", #"[{"id":"a","type":"T","data":[1,2,3]}]"#, .scanned),
    ScanCase("empty components", #"{"components":[]}"#, .scanned),
    ScanCase("empty bare array", "[]", .scanned),
    ScanCase("members in any order", #"{"components":[{"data":null,"type":"T","id":"a"}],"version":"1.1","id":"p"}"#, .scanned),
    ScanCase("page id null", #"{"id":null,"components":[]}"#, .scanned),
    ScanCase("page id empty", #"{"id":"","components":[]}"#, .scanned),
    ScanCase("version null", #"{"version":null,"components":[]}"#, .scanned),
    ScanCase("version three parts", #"{"version":"1.0.12","components":[]}"#, .scanned),
    ScanCase("version zero", #"{"version":0,"components":[]}"#, .scanned),
    ScanCase("version largest parts", #"{"version":"4294967295.4294967295","components":[]}"#, .scanned),
    ScanCase("page requires", #"{"requires":{"maps":"1.2","sdui":"1.0"},"version":"1.1","components":[]}"#, .scanned),
    ScanCase("requires empty and null", #"{"requires":{},"components":[{"id":"a","type":"T","requires":null}]}"#, .scanned),
    ScanCase("component version and requires", #"[{"requires":{"maps":"2.0.1","x-y":"0.0"},"id":"a","type":"T","version":1,"data":{"version":"not one"}}]"#, .scanned),
    ScanCase("fallback with requirements", #"[{"id":"a","type":"T","requires":{"maps":"2.0"},"fallback":{"type":"U","version":"1.1","requires":{"maps":"1.0"},"fallback":"drop"}}]"#, .scanned),
    ScanCase("requires with an escaped name", #"[{"id":"a","type":"T","requires":{"m\u0061ps":"1.0"}}]"#, .fullPathOnly),
    ScanCase("escapes in ids and types", #"[{"id":"a\"b\\c\/d","type":"T\u0041"}]"#, .scanned),
    ScanCase("control escapes in an id", #"[{"id":"a\b\f\n\r\t","type":"T"}]"#, .rejected),
    ScanCase("an escaped NUL in a type", #"[{"id":"a","type":"T\u0000"}]"#, .rejected),
    ScanCase("a raw DEL in an id is fine", "[{\"id\":\"a\u{7F}\",\"type\":\"T\u{7F}\"}]", .scanned),
    ScanCase("a raw C1 in an id", "[{\"id\":\"a\u{85}\",\"type\":\"T\"}]", .rejected),
    ScanCase("a raw C1 in a type", "[{\"id\":\"a\",\"type\":\"T\u{9B}\"}]", .rejected),
    ScanCase("DEL in data is fine", "[{\"id\":\"a\",\"type\":\"T\",\"data\":\"\u{7F}\"}]", .scanned),
    ScanCase("escaped page id", #"{"id":"h\u006fme","components":[]}"#, .scanned),
    ScanCase("surrogate pairs", #"[{"id":"\ud83d\ude00","type":"\uD834\uDD1E","data":"x\ud83d\ude00y"}]"#, .scanned),
    ScanCase("raw unicode", "[{\"id\":\"caf\u{e9}\",\"type\":\"\u{65e5}\u{672c}\",\"data\":{\"t\":\"\u{1F600} \u{10FFFF}\"}}]", .scanned),
    ScanCase("non-ASCII keys in data", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{\"\u{e9}\":1,\"\u{65e5}\":2,\"e\":3}}]", .scanned),
    ScanCase("DEL and escapes in data", "[{\"id\":\"a\",\"type\":\"T\",\"data\":\"\u{7F}\\u0000\\u001f\\\\\"}]", .scanned),
    ScanCase("data of every kind", #"[{"id":"a","type":"T","data":{"s":"","n":null,"t":true,"f":false,"a":[],"o":{},"x":[[{}],[[]]]}}]"#, .scanned),
    ScanCase("data a string", #"[{"id":"a","type":"T","data":"just text"}]"#, .scanned),
    ScanCase("numbers", #"[{"id":"a","type":"T","data":[0,-0,-0.0,0.5,1e2,1E+2,1e-400,2.5e-3,-7,123456789,9223372036854775807,-9223372036854775808,9223372036854775808,-9223372036854775809,123456789012345678901234567890,0.1,3.141592653589793238462643383279,1e307,9.99e307,-1.5e-300]}]"#, .scanned),
    ScanCase("whitespace everywhere", " \n\t\r{ \"id\" :\n\"p\" ,\t\"components\" : [ { \"id\" : \"a\" , \"type\" : \"T\" , \"data\" : { \"k\" : [ 1 , 2 ] , \"j\" : { } } , \"fallback\" : \"drop\" } ] } \r\n ", .scanned),
    ScanCase("fallback drop", #"[{"id":"a","type":"T","fallback":"drop"}]"#, .scanned),
    ScanCase("fallback null", #"[{"id":"a","type":"T","fallback":null}]"#, .scanned),
    ScanCase("fallback inherits id", #"[{"id":"a","type":"New","fallback":{"type":"Old","data":1}}]"#, .scanned),
    ScanCase("fallback before the id", #"[{"fallback":{"type":"Old","fallback":{"type":"Older","fallback":"drop"}},"type":"New","id":"a"}]"#, .scanned),
    ScanCase("fallback with its own id", #"[{"id":"a","type":"New","fallback":{"id":"b","type":"Old","fallback":{"type":"Oldest"}}}]"#, .scanned),
    ScanCase("escaped id inherited", #"[{"fallback":{"type":"Old"},"id":"\u0061\"","type":"T"}]"#, .scanned),
    ScanCase("many keys in data", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{" + (0..<40).map { "\"key\($0)\":\($0)" }.joined(separator: ",") + "}}]", .scanned),
    ScanCase("long keys in data", #"[{"id":"a","type":"T","data":{"favoriteAction":1,"favoriteActions":2,"favoriteActio":3,"orderAction":4}}]"#, .scanned),
    ScanCase("keys that differ past eight bytes", #"[{"id":"a","type":"T","data":{"abcdefgh1":1,"abcdefgh2":2,"abcdefgh":3}}]"#, .scanned),
    ScanCase("same types share storage", #"[{"id":"a","type":"MovieCardComponent"},{"id":"b","type":"MovieCardComponent"},{"id":"c","type":"MovieCardComponenT"}]"#, .scanned),
    ScanCase("ids that differ only in length", #"[{"id":"a","type":"T"},{"id":"aa","type":"T"},{"id":"aaaaaaaa","type":"T"},{"id":"aaaaaaaaa","type":"T"}]"#, .scanned),
    ScanCase("308 digits", "[{\"id\":\"a\",\"type\":\"T\",\"data\":" + String(repeating: "9", count: 308) + "}]", .scanned),
    ScanCase("exponent up to 10^308", #"[{"id":"a","type":"T","data":[99e306,-0.5e307,1234.5e304,0.0001e303]}]"#, .scanned),

    // Valid, left to the full path.
    ScanCase("escaped key in data", #"[{"id":"a","type":"T","data":{"\u0061":1}}]"#, .fullPathOnly),
    ScanCase("escaped contract key", #"[{"i\u0064":"a","type":"T"}]"#, .fullPathOnly),
    ScanCase("309 digits", "[{\"id\":\"a\",\"type\":\"T\",\"data\":" + "1" + String(repeating: "0", count: 308) + "}]", .fullPathOnly),
    ScanCase("large exponent in range", #"[{"id":"a","type":"T","data":0.0001e308}]"#, .fullPathOnly),
    ScanCase("largest doubles", #"[{"id":"a","type":"T","data":[1e308,1.7976931348623157e308]}]"#, .fullPathOnly),
    // Canonically equal keys are one key (String equality) in objects of
    // every size: the scanner leaves them to the full path, which rejects them.
    ScanCase("canonically equal keys", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{\"\u{e9}\":1,\"e\u{301}\":2}}]", .rejected),
    ScanCase("Kelvin sign and K", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{\"K\":1,\"\u{212A}\":2}}]", .rejected),

    // Rejected by both.
    ScanCase("duplicate key in data", #"[{"id":"a","type":"T","data":{"a":1,"b":2,"a":3}}]"#, .rejected),
    ScanCase("duplicate long key in data", #"[{"id":"a","type":"T","data":{"favoriteAction":1,"x":2,"favoriteAction":3}}]"#, .rejected),
    ScanCase("duplicate key deep in data", #"[{"id":"a","type":"T","data":[{"k":{"q":1,"q":2}}]}]"#, .rejected),
    ScanCase("duplicate key in a large object", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{" + (0..<40).map { "\"key\($0)\":\($0)" }.joined(separator: ",") + ",\"key7\":0}}]", .rejected),
    ScanCase("duplicate non-ASCII key", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{\"\u{e9}\":1,\"\u{e9}\":2}}]", .rejected),
    ScanCase("canonically equal keys in a large object", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{" + (0..<20).map { "\"key\($0)\":\($0)" }.joined(separator: ",") + ",\"\u{e9}\":1,\"e\u{301}\":2}}]", .rejected),
    ScanCase("escaped duplicate key", #"[{"id":"a","type":"T","data":{"a":1,"\u0061":2}}]"#, .rejected),
    ScanCase("duplicate component member", #"[{"id":"a","id":"b","type":"T"}]"#, .rejected),
    ScanCase("duplicate page member", #"{"components":[],"components":[]}"#, .rejected),
    ScanCase("duplicate component ids", #"[{"id":"a","type":"T"},{"id":"b","type":"T"},{"id":"a","type":"U"}]"#, .rejected),
    ScanCase("duplicate escaped ids", #"[{"id":"a","type":"T"},{"id":"\u0061","type":"T"}]"#, .rejected),
    ScanCase("canonically equal ids", "[{\"id\":\"caf\u{e9}\",\"type\":\"T\"},{\"id\":\"cafe\u{301}\",\"type\":\"T\"}]", .rejected),
    ScanCase("id a number", #"[{"id":7,"type":"T"}]"#, .rejected),
    ScanCase("id empty", #"[{"id":"","type":"T"}]"#, .rejected),
    ScanCase("id missing", #"[{"type":"T"}]"#, .rejected),
    ScanCase("type missing", #"[{"id":"a"}]"#, .rejected),
    ScanCase("type empty", #"[{"id":"a","type":""}]"#, .rejected),
    ScanCase("type null", #"[{"id":"a","type":null}]"#, .rejected),
    ScanCase("unknown component member", #"[{"id":"a","type":"T","extra":1}]"#, .rejected),
    ScanCase("unknown page member", #"{"components":[],"extra":1}"#, .rejected),
    ScanCase("page id a number", #"{"id":1,"components":[]}"#, .rejected),
    ScanCase("no components", #"{"id":"x"}"#, .rejected),
    ScanCase("components an object", #"{"components":{}}"#, .rejected),
    ScanCase("component an array", #"[[]]"#, .rejected),
    ScanCase("component a string", #"["a"]"#, .rejected),
    ScanCase("page a string", #""page""#, .rejected),
    ScanCase("page a number", "3", .rejected),
    ScanCase("fallback a number", #"[{"id":"a","type":"T","fallback":3}]"#, .rejected),
    ScanCase("fallback another string", #"[{"id":"a","type":"T","fallback":"dropped"}]"#, .rejected),
    ScanCase("fallback an array", #"[{"id":"a","type":"T","fallback":[]}]"#, .rejected),
    ScanCase("fallback without type", #"[{"id":"a","type":"T","fallback":{"id":"b"}}]"#, .rejected),
    ScanCase("fallback with an empty id", #"[{"id":"a","type":"T","fallback":{"id":"","type":"U"}}]"#, .rejected),
    ScanCase("empty input", "", .rejected),
    ScanCase("only whitespace", " \n ", .rejected),
    ScanCase("byte order mark", "\u{FEFF}[]", .rejected),
    ScanCase("trailing comma in array", #"[{"id":"a","type":"T","data":[1,]}]"#, .rejected),
    ScanCase("trailing comma in object", #"[{"id":"a","type":"T","data":{"a":1,}}]"#, .rejected),
    ScanCase("trailing comma in components", #"[{"id":"a","type":"T"},]"#, .rejected),
    ScanCase("trailing data", #"[] []"#, .rejected),
    ScanCase("unterminated", #"[{"id":"a","type":"T","data":"abc"#, .rejected),
    ScanCase("unterminated escape", #"[{"id":"a","type":"T","data":"abc\"#, .rejected),
    ScanCase("unterminated unicode escape", #"[{"id":"a","type":"T","data":"\u00"#, .rejected),
    ScanCase("control character", "[{\"id\":\"a\",\"type\":\"T\",\"data\":\"a\tb\"}]", .rejected),
    ScanCase("control character in a key", "[{\"id\":\"a\",\"type\":\"T\",\"data\":{\"a\nb\":1}}]", .rejected),
    ScanCase("invalid escape", #"[{"id":"a","type":"T","data":"\x"}]"#, .rejected),
    ScanCase("lone high surrogate", #"[{"id":"a","type":"T","data":"\ud83d"}]"#, .rejected),
    ScanCase("high surrogate then a letter", #"[{"id":"a","type":"T","data":"\ud83dx"}]"#, .rejected),
    ScanCase("two high surrogates", #"[{"id":"a","type":"T","data":"\ud83d\ud83d"}]"#, .rejected),
    ScanCase("lone low surrogate", #"[{"id":"a","type":"T","data":"\ude00"}]"#, .rejected),
    ScanCase("bad hex", #"[{"id":"a","type":"T","data":"\u12g4"}]"#, .rejected),
    ScanCase("leading zero", #"[{"id":"a","type":"T","data":01}]"#, .rejected),
    ScanCase("minus alone", #"[{"id":"a","type":"T","data":-}]"#, .rejected),
    ScanCase("point without digits", #"[{"id":"a","type":"T","data":1.}]"#, .rejected),
    ScanCase("exponent without digits", #"[{"id":"a","type":"T","data":1e+}]"#, .rejected),
    ScanCase("plus sign", #"[{"id":"a","type":"T","data":+1}]"#, .rejected),
    ScanCase("number out of range", #"[{"id":"a","type":"T","data":1e309}]"#, .rejected),
    ScanCase("long number out of range", "[{\"id\":\"a\",\"type\":\"T\",\"data\":" + String(repeating: "9", count: 310) + "}]", .rejected),
    ScanCase("bad literal", #"[{"id":"a","type":"T","data":nul}]"#, .rejected),
    ScanCase("capital literal", #"[{"id":"a","type":"T","data":True}]"#, .rejected),
    ScanCase("single quotes", #"[{'id':"a","type":"T"}]"#, .rejected),
    ScanCase("missing colon", #"[{"id" "a","type":"T"}]"#, .rejected),
    ScanCase("NaN", #"[{"id":"a","type":"T","data":NaN}]"#, .rejected),
    ScanCase("version object", #"{"version":{"major":1},"components":[]}"#, .rejected),
    ScanCase("version a word", #"{"version":"v2","components":[]}"#, .rejected),
    ScanCase("version one part", #"{"version":"1","components":[]}"#, .rejected),
    ScanCase("version four parts", #"{"version":"1.0.0.0","components":[]}"#, .rejected),
    ScanCase("version leading zero", #"{"version":"1.01","components":[]}"#, .rejected),
    ScanCase("version empty part", #"{"version":"1..0","components":[]}"#, .rejected),
    ScanCase("version trailing point", #"{"version":"1.0.","components":[]}"#, .rejected),
    ScanCase("version with a sign", #"{"version":"+1.0","components":[]}"#, .rejected),
    ScanCase("version part too large", #"{"version":"4294967296.0","components":[]}"#, .rejected),
    ScanCase("version a fraction", #"{"version":1.5,"components":[]}"#, .rejected),
    ScanCase("version 1.0 as a number", #"{"version":1.0,"components":[]}"#, .rejected),
    ScanCase("version negative", #"{"version":-1,"components":[]}"#, .rejected),
    ScanCase("version integer too large", #"{"version":4294967296,"components":[]}"#, .rejected),
    ScanCase("component version a word", #"[{"id":"a","type":"T","version":"new"}]"#, .rejected),
    ScanCase("fallback version bad", #"[{"id":"a","type":"T","fallback":{"type":"U","version":true}}]"#, .rejected),
    ScanCase("requires an array", #"{"requires":[],"components":[]}"#, .rejected),
    ScanCase("requires a number value", #"{"requires":{"maps":1},"components":[]}"#, .rejected),
    ScanCase("requires a bad version", #"[{"id":"a","type":"T","requires":{"maps":"1.x"}}]"#, .rejected),
    ScanCase("requires an empty name", #"[{"id":"a","type":"T","requires":{"":"1.0"}}]"#, .rejected),
    ScanCase("requires a control in a name", #"[{"id":"a","type":"T","requires":{"m\u0001":"1.0"}}]"#, .rejected),
    ScanCase("requires a duplicate name", #"[{"id":"a","type":"T","requires":{"m":"1.0","m":"2.0"}}]"#, .rejected),
    ScanCase("duplicate requires member", #"[{"id":"a","type":"T","requires":{},"requires":{}}]"#, .rejected),
    ScanCase("duplicate version member", #"{"version":1,"version":1,"components":[]}"#, .rejected),
]

@Suite("Page scanner")
struct PageScannerTests {
    @Test(arguments: scanCases)
    func agreesWithTheFullPath(_ c: ScanCase) {
        let bytes = Array(c.text.utf8)
        #expect(differential(bytes) == c.outcome)
        checkEngine(bytes)
    }

    @Test func invalidUTF8() {
        let prefix = Array(#"[{"id":"a","type":"T","data":""#.utf8)
        let suffix = Array(#""}]"#.utf8)
        let sequences: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE0, 0xA0],
            [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        ]
        for sequence in sequences {
            #expect(differential(prefix + sequence + suffix) == .rejected)
            // At the very end of the input, where only the padding follows.
            #expect(differential(prefix + sequence) == .rejected)
            checkEngine(prefix + sequence + suffix)
        }
        // Well-formed edges: U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF.
        let valid: [[UInt8]] = [[0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
                                [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]]
        for sequence in valid {
            #expect(differential(prefix + sequence + suffix) == .scanned)
        }
        // Bytes that are not UTF-8 outside strings.
        #expect(differential(Array(#"[{"id":"a","type":"T","data":"#.utf8) + [0xC3, 0xA9] + Array("}]".utf8)) == .rejected)
    }

    /// Data nested to the depth limit and one level past it, under the
    /// default limit and a small one, in a page object, a bare array and a
    /// fallback.
    @Test func depthLimit() {
        func page(dataDepth n: Int, bare: Bool = false, inFallback: Bool = false) -> [UInt8] {
            let data = String(repeating: "[", count: n) + String(repeating: "]", count: n)
            var component = #"{"id":"a","type":"T","data":"# + data + "}"
            if inFallback { component = #"{"id":"a","type":"T","fallback":"# + component + "}" }
            return Array((bare ? "[" + component + "]" : #"{"components":["# + component + "]}").utf8)
        }
        // Page object 1, components 2, component 3: data arrays start at 4.
        #expect(differential(page(dataDepth: 509)) == .scanned)
        #expect(differential(page(dataDepth: 510)) == .rejected)
        #expect(differential(page(dataDepth: 510, bare: true)) == .scanned)
        #expect(differential(page(dataDepth: 511, bare: true)) == .rejected)
        #expect(differential(page(dataDepth: 508, inFallback: true)) == .scanned)
        #expect(differential(page(dataDepth: 509, inFallback: true)) == .rejected)
        let small = JSONParseOptions(maxDepth: 6)
        #expect(differential(page(dataDepth: 3), options: small) == .scanned)
        #expect(differential(page(dataDepth: 4), options: small) == .rejected)
        #expect(differential(Array("[]".utf8), options: JSONParseOptions(maxDepth: 0)) == .rejected)
        #expect(differential(Array(#"{"components":[]}"#.utf8), options: JSONParseOptions(maxDepth: 1)) == .rejected)
        #expect(differential(Array(#"{"components":[]}"#.utf8), options: JSONParseOptions(maxDepth: 2)) == .scanned)
        var limits = EngineLimits()
        limits.maxDepth = 6
        checkEngine(page(dataDepth: 3), limits: limits)
        checkEngine(page(dataDepth: 4), limits: limits)
        checkEngine(page(dataDepth: 510))
        // A scanned page's data parses whatever the limit, as it was checked against the engine's.
        limits.maxDepth = 2_000
        let engine = Engine()
        engine.limits = limits
        let deep = page(dataDepth: 1_500)
        let loaded = deep.withUnsafeBytes { raw in Result { () throws(EngineError) in try engine.loadPage(raw) } }
        #expect((try? loaded.get()) != nil)
        #expect(engine.page?.components[0].data.arrayValue?.count == 1)
    }

    @Test func sizeLimit() {
        let bytes = Array(#"[{"id":"a","type":"T"}]"#.utf8)
        #expect(differential(bytes, options: JSONParseOptions(maxBytes: bytes.count)) == .scanned)
        #expect(differential(bytes, options: JSONParseOptions(maxBytes: bytes.count - 1)) == .rejected)
        var limits = EngineLimits()
        limits.maxPayloadBytes = bytes.count - 1
        checkEngine(bytes, limits: limits)
    }

    @Test func theBenchmarkPageIsScanned() {
        let page = BenchPage.make(60)
        let bytes = Array(JSONWriter.string(page.json).utf8)
        #expect(differential(bytes) == .scanned)
        let pretty = Array(JSONWriter.pretty(page.json).utf8)
        #expect(differential(pretty) == .scanned)
        #expect(scanned(bytes).map { samePage($0, page) } == true)
    }

    @Test func serverPatchesGoTheirOwnWay() throws {
        let engine = Engine()
        try loadPage(engine, #"[{"id":"a","type":"T"},{"id":"b","type":"T"}]"#)
        #expect(scanned(Array(#"{"patch":{"changes":[]}}"#.utf8)) == nil)
        try loadPage(engine, #"{"patch":{"changes":[{"id":"a","components":[{"id":"c","type":"U","data":{"n":1}}]}]}}"#)
        #expect(engine.page?.components.map(\.id) == ["c", "b"])
        #expect(engine.page?.components[0].data == ["n": 1])
    }

    // MARK: Components with data as text

    @Test func textDataComparesByBytesThenByValue() throws {
        let a = try #require(scanned(Array(#"[{"id":"a","type":"T","data":{"x":[1,2.5,"é"]}}]"#.utf8)))
        let same = try #require(scanned(Array(#"[{"id":"a","type":"T","data":{"x":[1,2.5,"é"]}}]"#.utf8)))
        let spaced = try #require(scanned(Array(#"[ {"id":"a", "type":"T", "data": { "x" : [ 1 , 2.5 , "\u00e9" ] } } ]"#.utf8)))
        let other = try #require(scanned(Array(#"[{"id":"a","type":"T","data":{"x":[1,2.5,"e"]}}]"#.utf8)))
        let double = try #require(scanned(Array(#"[{"id":"a","type":"T","data":{"x":[1.0,2.5,"é"]}}]"#.utf8)))
        #expect(a == same)
        #expect(a == spaced)
        #expect(a != other)
        #expect(a != double) // 1 and 1.0 are not identical
        let value = Component(id: "a", type: "T", data: ["x": [1, 2.5, "é"]])
        #expect(a.components[0] == value)
        #expect(value == a.components[0])
    }

    @Test func textDataReadsAndWrites() throws {
        let page = try #require(scanned(Array(#"[{"id":"a","type":"T","data":{"n":1}},{"id":"b","type":"T"}]"#.utf8)))
        var component = page.components[0]
        #expect(component.data == ["n": 1])
        #expect(page.components[1].data == .null)
        component.data = ["n": 2]
        #expect(component.data == ["n": 2])
        #expect(component != page.components[0])
        #expect(component.json == ["id": "a", "type": "T", "data": ["n": 2]])
        #expect(page.components[0].data == ["n": 1])
        #expect(page.json == json(#"{"components":[{"id":"a","type":"T","data":{"n":1}},{"id":"b","type":"T","data":null}]}"#))
    }

    @Test func reloadingTheSameBytesKeepsRenders() throws {
        let engine = Engine()
        let runs = Box(0)
        try engine.register(component: "T") { data, _ in
            runs.value += 1
            return .text("\(data["n"]?.intValue ?? -1)")
        }
        let text = #"{"components":[{"id":"a","type":"T","data":{"n":1}},{"id":"b","type":"T","data":{"n":2}}]}"#
        try loadPage(engine, text)
        _ = engine.render()
        #expect(runs.value == 2)
        try loadPage(engine, text)
        _ = engine.render()
        #expect(runs.value == 2)
        try loadPage(engine, #"{"components":[{"id":"a","type":"T","data":{ "n" : 1 }},{"id":"b","type":"T","data":{"n":3}}]}"#)
        _ = engine.render()
        #expect(runs.value == 3)
    }

    // MARK: Mutation fuzz

    /// Seeded random edits of valid pages: the scanner never accepts what
    /// the full path rejects, and builds the same page when both accept.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func mutations(seed: UInt64) {
        let seeds: [String] = [
            JSONWriter.string(BenchPage.make(4, seed: seed).json),
            #"{"id":"p","version":"1.0","requires":{"maps":"1.2","tiles":"0.10.3"},"components":[{"id":"a\"1","version":1,"requires":{"maps":"2.0"},"type":"T","data":{"k":"\u00e9\ud83d\ude00","n":[true,false,null],"o":{"x":{},"y":[]}},"fallback":{"type":"U","requires":{"maps":"1.0"},"fallback":"drop"}},{"fallback":{"id":"z","type":"V"},"id":"b","type":"T","data":"é日😀"}]}"#,
            "[ {\"id\" : \"a\", \"type\":\"T\", \"data\" : {\"ab\":1, \"abcdefghij\":2, \"x\":-12.5e-3}} ,\n {\"id\":\"b\",\"type\":\"T\",\"fallback\":null} ]",
        ]
        let alphabet = Array("{}[]\":,\\/ \n\t0123456789-+.eEtrufalsnbu\u{7F}".utf8) + [0x00, 0x1F, 0x80, 0xBF, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        var r = SeededRNG(seed: seed)
        var outcomes: [ScanOutcome: Int] = [:]
        for base in seeds {
            let original = Array(base.utf8)
            for _ in 0..<3_000 {
                var bytes = original
                for _ in 0..<r.within(1...3) {
                    guard !bytes.isEmpty else { break }
                    let at = r.below(bytes.count)
                    switch r.below(7) {
                    case 0: bytes[at] = r.pick(alphabet)
                    case 1: bytes.insert(r.pick(alphabet), at: at)
                    case 2: bytes.remove(at: at)
                    case 3: bytes.removeSubrange(at..<min(bytes.count, at + r.within(1...8)))
                    case 4:
                        let slice = bytes[at..<min(bytes.count, at + r.within(1...24))]
                        bytes.insert(contentsOf: slice, at: r.below(bytes.count + 1))
                    case 5: bytes.removeSubrange(at...)
                    default: bytes.swapAt(at, r.below(bytes.count))
                    }
                }
                outcomes[differential(bytes), default: 0] += 1
            }
            outcomes[differential(original), default: 0] += 1
        }
        // The edits must exercise both sides: some pages still scan, many do not.
        #expect(outcomes[.scanned, default: 0] > 100)
        #expect(outcomes[.rejected, default: 0] > 1_000)
    }
}
