import Testing

@testable import SDUICore

/// Pieces for generated strings: escapes, control characters, multibyte text.
private let stringPieces: [String] = [
    "a", "Z", "0", " ", "title", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{7F}",
    "é", "日本", "😀", "\u{10FFFF}", "\u{FEFF}", "a longer run of plain ascii text",
]

private func randomString(_ rng: inout SeededRNG) -> String {
    var s = ""
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
        s += stringPieces.randomElement(using: &rng)!
    }
    return s
}

private func randomDouble(_ rng: inout SeededRNG) -> Double {
    switch rng.next() % 4 {
    case 0:
        // Any finite bit pattern: subnormals, huge values, negative zero.
        while true {
            let d = Double(bitPattern: rng.next())
            if d.isFinite { return d }
        }
    case 1: return Double(Int.random(in: -1000...1000, using: &rng))  // integral doubles like 3.0
    case 2: return Double(Int.random(in: -100_000...100_000, using: &rng)) / 100
    default: return Double.random(in: -1...1, using: &rng)
    }
}

private func randomJSON(_ rng: inout SeededRNG, depth: Int = 0) -> JSON {
    switch rng.next() % (depth >= 5 ? 5 : 7) {
    case 0: return .null
    case 1: return .bool(rng.next() % 2 == 0)
    case 2:
        let extremes: [Int64] = [0, -1, .max, .min, 126225]
        return .int(rng.next() % 3 == 0 ? extremes.randomElement(using: &rng)! : Int64(bitPattern: rng.next()) >> (rng.next() % 64))
    case 3: return .double(randomDouble(&rng))
    case 4: return .string(randomString(&rng))
    case 5: return .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in randomJSON(&rng, depth: depth + 1) })
    default:
        let pairs = (0..<Int.random(in: 0...6, using: &rng)).map { i in
            ("k\(i)" + randomString(&rng), randomJSON(&rng, depth: depth + 1))
        }
        return .object(JSONObject(pairs))
    }
}

@Suite struct JSONWriterTests {
    @Test func compactOutput() {
        let value: JSON = .object(JSONObject([
            ("a", 1), ("b", [true, false, .null]), ("c", "x"), ("d", .object(JSONObject())), ("e", .array([])),
            ("f", [[1.5], ["g": -2]]),
        ]))
        #expect(JSONWriter.string(value) == #"{"a":1,"b":[true,false,null],"c":"x","d":{},"e":[],"f":[[1.5],{"g":-2}]}"#)
        #expect(JSONWriter.bytes(value) == Array(JSONWriter.string(value).utf8))
    }

    @Test func memberOrderIsKept() {
        let value: JSON = .object(JSONObject([("z", 1), ("a", 2), ("m", 3), ("b", 4)]))
        #expect(JSONWriter.string(value) == #"{"z":1,"a":2,"m":3,"b":4}"#)
    }

    @Test func writeAppends() {
        var out = Array("prefix:".utf8)
        JSONWriter.write(["a": [1, "b"]], into: &out)
        JSONWriter.write(.null, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"prefix:{"a":[1,"b"]}null"#)
    }

    static let escapes: [(String, String)] = [
        ("", #""""#),
        ("plain", #""plain""#),
        ("\"", #""\"""#),
        ("\\", #""\\""#),
        ("/", #""/""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}\u{B}", #""\u0000\u0001\u001f\u000b""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("é日😀\u{10FFFF}", "\"é日😀\u{10FFFF}\""),
        ("0123456789\"0123456789\\x", #""0123456789\"0123456789\\x""#),
        ("a string longer than sixteen bytes with no escapes", #""a string longer than sixteen bytes with no escapes""#),
    ]

    @Test(arguments: escapes)
    func escaping(_ input: String, _ expected: String) {
        #expect(JSONWriter.string(.string(input)) == expected)
        #expect(JSONWriter.quoted(input) == expected)
    }

    /// Special bytes at every position around the 8-byte scanning stride.
    @Test(arguments: 0..<20)
    func escapeScanBoundaries(_ n: Int) {
        let a = String(repeating: "a", count: n)
        #expect(JSONWriter.quoted(a + "\"" + a + "\u{1}") == "\"" + a + "\\\"" + a + "\\u0001\"")
        #expect(JSONWriter.quoted(a + "é" + a) == "\"" + a + "é" + a + "\"")
    }

    @Test func keysAreEscaped() {
        let value: JSON = .object(JSONObject([("a\"b", 1), ("\n", 2)]))
        #expect(JSONWriter.string(value) == #"{"a\"b":1,"\n":2}"#)
    }

    @Test func pathsQuoteKeysWithTheWriter() {
        #expect(JSONPath([.key("a b"), .key("q\""), .index(2), .key("ok")]).description == #"$["a b"]["q\""][2].ok"#)
    }

    static let ints: [(Int64, String)] = [
        (0, "0"), (1, "1"), (-1, "-1"), (126225, "126225"), (10, "10"), (-100, "-100"),
        (.max, "9223372036854775807"), (.min, "-9223372036854775808"),
    ]

    @Test(arguments: ints)
    func integers(_ value: Int64, _ expected: String) throws {
        #expect(JSONWriter.string(.int(value)) == expected)
        #expect(jsonIdentical(try JSONParser.parse(expected), .int(value)))
    }

    static let doubles: [(Double, String)] = [
        (3.0, "3.0"), (-0.0, "-0.0"), (0.0, "0.0"), (0.1, "0.1"), (-2.5, "-2.5"), (7.8, "7.8"), (1e-7, "1e-07"),
        (1e16, "1e+16"), (1e15, "1000000000000000.0"), (1.5e300, "1.5e+300"), (.leastNonzeroMagnitude, "5e-324"),
        (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (.infinity, "null"), (-.infinity, "null"), (.nan, "null"),
    ]

    @Test(arguments: doubles)
    func doublesPrintShortestAndDistinct(_ value: Double, _ expected: String) {
        #expect(JSONWriter.string(.double(value)) == expected)
    }

    @Test func doubleStaysDouble() throws {
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.bytes(.double(3.0))), .double(3.0)))
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.bytes(.double(-0.0))), .double(-0.0)))
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.bytes(.int(3))), .int(3)))
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.bytes(.double(1e16))), .double(1e16)))
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.bytes([.double(.nan)])), [.null]))
    }

    @Test func parsedCompactTextWritesBackUnchanged() throws {
        let text = #"{"id":"home","version":1,"components":[{"id":"c-0","type":"MovieCardComponent","data":{"movieId":126225,"rating":7.8,"tags":["a","b\n"],"ok":true,"none":null,"price":-16.25,"big":1e+100,"e":"é\u0001"}}]}"#
        #expect(JSONWriter.string(try JSONParser.parse(text)) == text)
    }

    @Test(arguments: UInt64(1)...24)
    func generatedDocumentRoundTrips(_ seed: UInt64) throws {
        var rng = SeededRNG(seed: seed)
        let value: JSON = .array((0..<8).map { _ in randomJSON(&rng) })
        let bytes = JSONWriter.bytes(value)
        let back = try JSONParser.parse(bytes)
        #expect(jsonIdentical(back, value))
        #expect(back == value)
        #expect(JSONWriter.bytes(back) == bytes)
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.string(value)), value))
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.pretty(value)), value))
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.pretty(value, indent: 0)), value))
    }

    @Test func prettyOutput() {
        let value: JSON = .object(JSONObject([
            ("a", 1), ("b", .array([true, .null])), ("c", .object(JSONObject())), ("d", .array([])),
            ("e", .object(JSONObject([("f", "x\ty")]))),
        ]))
        let expected = """
            {
              "a": 1,
              "b": [
                true,
                null
              ],
              "c": {},
              "d": [],
              "e": {
                "f": "x\\ty"
              }
            }
            """
        #expect(JSONWriter.pretty(value) == expected)
        #expect(JSONWriter.pretty([1, [2]], indent: 4) == "[\n    1,\n    [\n        2\n    ]\n]")
        #expect(JSONWriter.pretty(.string("x")) == #""x""#)
        #expect(JSONWriter.pretty(.double(2.0)) == "2.0")
    }

    @Test func prettyParsesBackEqual() throws {
        let text = #"{"id":"home","components":[{"id":"a","data":{"x":[1,2.5,{"y":null}],"t":"日本"}},{"id":"b","data":{}}]}"#
        let value = try JSONParser.parse(text)
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.pretty(value)), value))
        #expect(jsonIdentical(try JSONParser.parse(JSONWriter.pretty(value, indent: 3)), value))
    }
}
