import Testing

@testable import SDUICore

// MARK: - Helpers

/// Structural equality that, unlike `JSON ==`, tells `.int(1)` from
/// `.double(1)`, compares doubles bit for bit (so `-0.0 != 0.0`) and
/// requires object members in the same order.
func jsonIdentical(_ a: JSON, _ b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.int(let x), .int(let y)): return x == y
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { jsonIdentical($0, $1) }
    case (.object(let x), .object(let y)):
        return x.keys == y.keys && zip(x.values, y.values).allSatisfy { jsonIdentical($0, $1) }
    default: return false
    }
}

/// The error parsing `bytes` throws, or nil when it parses.
func parseFailure(_ bytes: [UInt8], options: JSONParseOptions = .init()) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes, options: options)
        return nil
    } catch {
        return error
    }
}

func parseFailure(_ text: String, options: JSONParseOptions = .init()) -> JSONParseError? {
    parseFailure(Array(text.utf8), options: options)
}

/// One rejected input and everything the error must say about it.
struct ParseErrorCase: Sendable, CustomTestStringConvertible {
    var input: [UInt8]
    var kind: JSONParseError.Kind
    var offset: Int
    var line: Int
    var column: Int
    var path: String
    var message: String

    init(_ text: String, _ kind: JSONParseError.Kind = .syntax, offset: Int, line: Int = 1, column: Int,
         path: String = "$", _ message: String) {
        self.init(bytes: Array(text.utf8), kind, offset: offset, line: line, column: column, path: path, message)
    }

    init(bytes: [UInt8], _ kind: JSONParseError.Kind = .syntax, offset: Int, line: Int = 1, column: Int,
         path: String = "$", _ message: String) {
        self.input = bytes
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    var testDescription: String {
        String(decoding: input.prefix(60), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
    }
}

func checkParseError(_ c: ParseErrorCase, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let e = parseFailure(c.input) else {
        Issue.record("expected an error, parsed fine", sourceLocation: sourceLocation)
        return
    }
    #expect(e.kind == c.kind, sourceLocation: sourceLocation)
    #expect(e.message == c.message, sourceLocation: sourceLocation)
    #expect(e.offset == c.offset, sourceLocation: sourceLocation)
    #expect(e.line == c.line, sourceLocation: sourceLocation)
    #expect(e.column == c.column, sourceLocation: sourceLocation)
    #expect(e.path.description == c.path, sourceLocation: sourceLocation)
    #expect(e.description == "\(c.line):\(c.column): \(c.path): \(c.message)", sourceLocation: sourceLocation)
}

// MARK: - Valid documents

@Suite struct JSONParserValueTests {
    static let scalars: [(String, JSON)] = [
        ("null", .null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        (#""""#, .string("")),
        (#""hello""#, .string("hello")),
        ("0", .int(0)),
        ("-0", .int(0)),
        ("7", .int(7)),
        ("-7", .int(-7)),
        ("126225", .int(126225)),
        ("9223372036854775807", .int(.max)),
        ("-9223372036854775808", .int(.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808.0)),
        ("-9223372036854775809", .double(-9_223_372_036_854_775_808.0)),
        ("18446744073709551616", .double(18_446_744_073_709_551_616.0)),
        ("100000000000000000000000", .double(1e23)),
        ("1.5", .double(1.5)),
        ("-1.5", .double(-1.5)),
        ("1.0", .double(1.0)),
        ("-0.0", .double(-0.0)),
        ("0.1", .double(0.1)),
        ("1e2", .double(100)),
        ("1E2", .double(100)),
        ("1e+2", .double(100)),
        ("1e-2", .double(0.01)),
        ("-2.5E-3", .double(-0.0025)),
        ("123.456e7", .double(1_234_560_000)),
        ("0e0", .double(0)),
        ("1e-400", .double(0)),
        ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        ("4.9406564584124654e-324", .double(.leastNonzeroMagnitude)),
        ("9007199254740993.0", .double(9_007_199_254_740_992.0)),
        ("0.30000000000000004", .double(0.30000000000000004)),
    ]

    @Test(arguments: scalars)
    func scalar(_ text: String, _ expected: JSON) throws {
        let value = try JSONParser.parse(text)
        #expect(jsonIdentical(value, expected), "\(text) parsed as \(value)")
    }

    /// The parser's fast decimal path and its fallback must agree with
    /// Swift's correctly rounded `Double(String)`.
    @Test(arguments: [
        "0.1", "0.2", "0.3", "2.675", "1.005", "7.8", "8.0", "3.14159", "1e22", "1e23", "1e-22", "1e-23",
        "123456789012345.6", "1234567890123456.7", "0.000001", "0.0000000000000000000000001",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "8.98846567431158e307",
        "4.35679e-10", "-1.2345678901234567e-100", "9999999999999999.0", "12345.6789e-3",
        "0.1e1", "10e-1", "1.00000000000000011102230246251565404236316680908203125",
        "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000.0",
    ])
    func doubleMatchesSwift(_ text: String) throws {
        let value = try JSONParser.parse(text)
        let expected = try #require(Double(text))
        #expect(jsonIdentical(value, .double(expected)), "\(text) parsed as \(value), expected \(expected)")
    }

    @Test func containers() throws {
        #expect(jsonIdentical(try JSONParser.parse("[]"), .array([])))
        #expect(jsonIdentical(try JSONParser.parse("{}"), .object(JSONObject())))
        #expect(jsonIdentical(try JSONParser.parse("[[]]"), .array([.array([])])))
        #expect(jsonIdentical(try JSONParser.parse("[{}]"), .array([.object(JSONObject())])))
        let value = try JSONParser.parse(#"{"a":[1,2.5,"x",true,false,null,{"b":{}}],"c":{"d":[[-1]]}}"#)
        let expected: JSON = .object(JSONObject([
            ("a", .array([.int(1), .double(2.5), .string("x"), .bool(true), .bool(false), .null,
                          .object(JSONObject([("b", .object(JSONObject()))]))])),
            ("c", .object(JSONObject([("d", .array([.array([.int(-1)])]))]))),
        ]))
        #expect(jsonIdentical(value, expected))
    }

    @Test func memberOrderIsKept() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3,"b":4}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m", "b"])
        #expect(value.objectValue?.values.map(\.intValue) == [1, 2, 3, 4])
    }

    @Test func largeObjectKeepsOrderAndValues() throws {
        let keys = (0..<40).map { "key\($0)" }
        let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let object = try #require(try JSONParser.parse(text).objectValue)
        #expect(object.keys == keys)
        #expect(object.values.map(\.intValue) == (0..<40).map { Int64($0) })
    }

    @Test func whitespaceAroundEverything() throws {
        let text = " \t\r\n[ 1 ,\n\t{ \"a\" :\r\n null } , [ ] , { } ]\n \t"
        let expected: JSON = .array([.int(1), .object(JSONObject([("a", .null)])), .array([]), .object(JSONObject())])
        #expect(jsonIdentical(try JSONParser.parse(text), expected))
        #expect(jsonIdentical(try JSONParser.parse("  42  "), .int(42)))
    }

    @Test func escapes() throws {
        let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try JSONParser.parse(#""\u0041\u00e9\u4E2D\u0000\u001F""#) == .string("Aé中\u{0}\u{1F}"))
        #expect(try JSONParser.parse(#""a\nb""#) == .string("a\nb"))
        #expect(try JSONParser.parse(#""\\u0041""#) == .string("\\u0041"))
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONParser.parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try JSONParser.parse(#""\ud834\udd1e clef""#) == .string("𝄞 clef"))
        #expect(try JSONParser.parse(#""x\uDBFF\uDFFFy""#) == .string("x\u{10FFFF}y"))
        #expect(try JSONParser.parse(#""\uD800\uDC00""#) == .string("\u{10000}"))
    }

    @Test func rawUTF8() throws {
        let text = "\"日本語 é 😀 \u{7F} \u{10FFFF}\""
        #expect(try JSONParser.parse(text) == .string("日本語 é 😀 \u{7F} \u{10FFFF}"))
        let keyed = try JSONParser.parse(#"{"título":"ñ"}"#)
        #expect(keyed.objectValue?.keys == ["título"])
        #expect(keyed["título"] == .string("ñ"))
    }

    /// Strings of every length around the 8-byte scanning stride, with a
    /// special byte at every position.
    @Test(arguments: 0..<20)
    func stringScanBoundaries(_ n: Int) throws {
        let plain = String(repeating: "a", count: n)
        #expect(try JSONParser.parse("\"\(plain)\"") == .string(plain))
        #expect(try JSONParser.parse("\"\(plain)\\n\(plain)\"") == .string(plain + "\n" + plain))
        #expect(try JSONParser.parse("\"\(plain)é\(plain)\"") == .string(plain + "é" + plain))
        #expect(try JSONParser.parse("[\"\(plain)\",\"\(plain)\"]") == .array([.string(plain), .string(plain)]))
        let e = try #require(parseFailure("\"\(plain)\u{1}\(plain)\""))
        #expect(e.offset == n + 1)
        #expect(e.message == "control character U+0001 must be escaped inside a string")
        var bad = Array("\"\(plain)\(plain)\"".utf8)
        bad.insert(0xFF, at: n + 1)
        let u = try #require(parseFailure(bad))
        #expect(u.kind == .invalidUTF8)
        #expect(u.offset == n + 1)
    }

    @Test func overloadsAgree() throws {
        let text = #"{"id":"home","n":[1,2.5,"é"]}"#
        let fromString = try JSONParser.parse(text)
        let fromArray = try JSONParser.parse(Array(text.utf8))
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { raw throws(JSONParseError) in try JSONParser.parse(raw) }
        #expect(jsonIdentical(fromString, fromArray))
        #expect(jsonIdentical(fromString, fromBuffer))
        let substring = "xx" + text + "yy"
        let middle = String(substring.dropFirst(2).dropLast(2))
        #expect(jsonIdentical(try JSONParser.parse(middle), fromString))
    }

    @Test func deepButWithinLimit() throws {
        let text = String(repeating: "[", count: 512) + "1" + String(repeating: "]", count: 512)
        var value = try JSONParser.parse(text)
        var depth = 0
        while case .array(let a) = value {
            depth += 1
            value = a[0]
        }
        #expect(depth == 512)
        #expect(value == .int(1))
    }
}

// MARK: - Errors

@Suite struct JSONParserErrorTests {
    static let syntaxCases: [ParseErrorCase] = [
        ParseErrorCase(#"{"a":[1,2,x]}"#, offset: 10, column: 11, path: "$.a[2]", "expected a value, found 'x'"),
        ParseErrorCase("{\n  \"a\": 1,\n  \"日本\": \"é\" x\n}", offset: 29, line: 3, column: 13, path: #"$["日本"]"#,
                  "expected ',' or '}' after an object member, found 'x'"),
        ParseErrorCase("{\n  \"components\": [\n    {\"id\": \"ü\", \"data\": {\"title\": \"Ça\", \"n\": 01}}\n  ]\n}",
                  offset: 67, line: 3, column: 46, path: "$.components[0].data.n", "leading zeros are not allowed in numbers"),
        ParseErrorCase("[1,2,]", offset: 5, column: 6, path: "$[2]", "expected a value, found ']'"),
        ParseErrorCase(#"{"a":1,}"#, offset: 7, column: 8, "expected a string key, found '}'"),
        ParseErrorCase("[1 2]", offset: 3, column: 4, path: "$[0]", "expected ',' or ']' after an array element, found '2'"),
        ParseErrorCase("[1,,2]", offset: 3, column: 4, path: "$[1]", "expected a value, found ','"),
        ParseErrorCase(#"{"a" 1}"#, offset: 5, column: 6, path: "$.a", "expected ':' after an object key, found '1'"),
        ParseErrorCase(#"{"a":1 "b":2}"#, offset: 7, column: 8, path: "$.a", #"expected ',' or '}' after an object member, found '"'"#),
        ParseErrorCase(#"{"a":1,,}"#, offset: 7, column: 8, #"expected a string key, found ','"#),
        ParseErrorCase("{1:2}", offset: 1, column: 2, "expected a string key, found '1'"),
        ParseErrorCase("[1,2", offset: 4, column: 5, path: "$[1]", "expected ',' or ']' after an array element, found end of input"),
        ParseErrorCase(#"{"a":1"#, offset: 6, column: 7, path: "$.a", "expected ',' or '}' after an object member, found end of input"),
        ParseErrorCase(#"{"a""#, offset: 4, column: 5, path: "$.a", "expected ':' after an object key, found end of input"),
        ParseErrorCase("{", offset: 1, column: 2, "expected a string key, found end of input"),
        ParseErrorCase("[", offset: 1, column: 2, path: "$[0]", "expected a value, found end of input"),
        ParseErrorCase(#"{"x":[{"y":[true,fals]}]}"#, offset: 21, column: 22, path: "$.x[0].y[1]", "invalid literal, expected 'false', found ']'"),
        // Trailing data.
        ParseErrorCase("{} x", offset: 3, column: 4, "unexpected data after the document"),
        ParseErrorCase("1 2", offset: 2, column: 3, "unexpected data after the document"),
        ParseErrorCase("[]]", offset: 2, column: 3, "unexpected data after the document"),
        ParseErrorCase("truex", offset: 4, column: 5, "unexpected data after the document"),
        ParseErrorCase("[1] // comment", offset: 4, column: 5, "unexpected data after the document"),
        ParseErrorCase("{}\n\n  ,", offset: 6, line: 3, column: 3, "unexpected data after the document"),
        // Empty input.
        ParseErrorCase("", offset: 0, column: 1, "empty input, expected a JSON value"),
        ParseErrorCase(" \n ", offset: 3, line: 2, column: 2, "expected a value, found end of input"),
        // BOM.
        ParseErrorCase(bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], offset: 0, column: 1,
                  "byte order mark (U+FEFF) at the start of the input; JSON text must not begin with a BOM"),
        // Numbers.
        ParseErrorCase("01", offset: 0, column: 1, "leading zeros are not allowed in numbers"),
        ParseErrorCase("[-012]", offset: 2, column: 3, path: "$[0]", "leading zeros are not allowed in numbers"),
        ParseErrorCase("00", offset: 0, column: 1, "leading zeros are not allowed in numbers"),
        ParseErrorCase("+1", offset: 0, column: 1, "expected a value, found '+'"),
        ParseErrorCase(".5", offset: 0, column: 1, "expected a value, found '.'"),
        ParseErrorCase("1.", offset: 2, column: 3, "expected a digit after the decimal point, found end of input"),
        ParseErrorCase("1.e5", offset: 2, column: 3, "expected a digit after the decimal point, found 'e'"),
        ParseErrorCase("1e", offset: 2, column: 3, "expected a digit in the exponent, found end of input"),
        ParseErrorCase("1e+", offset: 3, column: 4, "expected a digit in the exponent, found end of input"),
        ParseErrorCase("-", offset: 1, column: 2, "expected a digit after '-', found end of input"),
        ParseErrorCase("-Infinity", offset: 1, column: 2, "expected a digit after '-', found 'I'"),
        ParseErrorCase("NaN", offset: 0, column: 1, "expected a value, found 'N'"),
        ParseErrorCase("Infinity", offset: 0, column: 1, "expected a value, found 'I'"),
        ParseErrorCase("0x10", offset: 1, column: 2, "unexpected data after the document"),
        ParseErrorCase("1e400", offset: 0, column: 1, "number out of range"),
        ParseErrorCase(#"{"big":[-1e400]}"#, offset: 8, column: 9, path: "$.big[0]", "number out of range"),
        // Literals and other stray input.
        ParseErrorCase("tru", offset: 3, column: 4, "invalid literal, expected 'true', found end of input"),
        ParseErrorCase("nulL", offset: 3, column: 4, "invalid literal, expected 'null', found 'L'"),
        ParseErrorCase("/* c */ 1", offset: 0, column: 1, "expected a value, found '/'"),
        ParseErrorCase("'a'", offset: 0, column: 1, "expected a value, found '''"),
        ParseErrorCase("[\u{1}]", offset: 1, column: 2, path: "$[0]", "expected a value, found control character U+0001"),
        ParseErrorCase("[é]", offset: 1, column: 2, path: "$[0]", "expected a value, found 'é'"),
        // Strings.
        ParseErrorCase(#""abc"#, offset: 4, column: 5, "unterminated string, found end of input"),
        ParseErrorCase(#""a\"#, offset: 3, column: 4, "unterminated string, found end of input"),
        ParseErrorCase(#""a\u00"#, offset: 6, column: 7, "unterminated string, found end of input"),
        ParseErrorCase("{\"k\":\"x\ny\"}", offset: 7, column: 8, path: "$.k", "control character U+000A must be escaped inside a string"),
        ParseErrorCase("\"a\tb\"", offset: 2, column: 3, "control character U+0009 must be escaped inside a string"),
        ParseErrorCase("[\"é\\n\u{0}\"]", offset: 6, column: 6, path: "$[0]", "control character U+0000 must be escaped inside a string"),
        ParseErrorCase(#""\x""#, offset: 2, column: 3, #"invalid escape: 'x' after '\'"#),
        ParseErrorCase(#""\U0041""#, offset: 2, column: 3, #"invalid escape: 'U' after '\'"#),
        ParseErrorCase(#""\u12G4""#, offset: 5, column: 6, #"invalid \u escape: expected 4 hex digits, found 'G'"#),
        ParseErrorCase(#""\u12""#, offset: 5, column: 6, #"invalid \u escape: expected 4 hex digits, found '"'"#),
        // Lone surrogates.
        ParseErrorCase(#"["é", "\uD800"]"#, offset: 8, column: 8, path: "$[1]",
                  #"unpaired surrogate \uD800: a high surrogate must be followed by a \u low surrogate"#),
        ParseErrorCase(#""\uDC00""#, offset: 1, column: 2, #"unpaired surrogate \uDC00: a low surrogate without a high surrogate before it"#),
        ParseErrorCase(#""\uD83D\u0041""#, offset: 1, column: 2, #"unpaired surrogate \uD83D: followed by \u0041, not a low surrogate"#),
        ParseErrorCase(#""\uD83Dx""#, offset: 1, column: 2,
                  #"unpaired surrogate \uD83D: a high surrogate must be followed by a \u low surrogate"#),
        ParseErrorCase(#""\uD83D\uD83D""#, offset: 1, column: 2, #"unpaired surrogate \uD83D: followed by \uD83D, not a low surrogate"#),
        ParseErrorCase(#"{"a":"\uDFFF\uD800"}"#, offset: 6, column: 7, path: "$.a",
                  #"unpaired surrogate \uDFFF: a low surrogate without a high surrogate before it"#),
    ]

    @Test(arguments: syntaxCases)
    func syntaxError(_ c: ParseErrorCase) {
        checkParseError(c)
    }

    static let utf8Cases: [ParseErrorCase] = [
        ParseErrorCase(bytes: [0x22, 0xFF, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: byte 0xFF never appears in UTF-8"),
        ParseErrorCase(bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: overlong encoding (lead byte 0xC0)"),
        ParseErrorCase(bytes: [0x22, 0xC1, 0xBF, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: overlong encoding (lead byte 0xC1)"),
        ParseErrorCase(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: overlong encoding (lead byte 0xE0)"),
        ParseErrorCase(bytes: [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], .invalidUTF8, offset: 1, column: 2,
                  "invalid UTF-8: overlong encoding (lead byte 0xF0)"),
        ParseErrorCase(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: encoded surrogate code point"),
        ParseErrorCase(bytes: [0x22, 0xED, 0xBF, 0xBF, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: encoded surrogate code point"),
        ParseErrorCase(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: code point above U+10FFFF"),
        ParseErrorCase(bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2,
                  "invalid UTF-8: byte 0xF5 never appears in UTF-8"),
        ParseErrorCase(bytes: [0x22, 0xE2, 0x82, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: truncated 3-byte sequence"),
        ParseErrorCase(bytes: [0x22, 0xF0, 0x9F, 0x98], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: truncated 4-byte sequence"),
        ParseErrorCase(bytes: [0x22, 0xC3], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: truncated 2-byte sequence"),
        ParseErrorCase(bytes: [0x22, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2, "invalid UTF-8: unexpected continuation byte 0x80"),
        // After a valid two-byte character: column counts scalars, offset counts bytes.
        ParseErrorCase(bytes: [0x22, 0xC3, 0xA9, 0xFF, 0x22], .invalidUTF8, offset: 3, column: 3,
                  "invalid UTF-8: byte 0xFF never appears in UTF-8"),
        // Outside strings, in a key, after an escape, on a later line, after the document.
        ParseErrorCase(bytes: Array("[1,".utf8) + [0xFF] + Array("]".utf8), .invalidUTF8, offset: 3, column: 4, path: "$[1]",
                  "invalid UTF-8: byte 0xFF never appears in UTF-8"),
        ParseErrorCase(bytes: Array(#"{"a"#.utf8) + [0xFE] + Array(#"":1}"#.utf8), .invalidUTF8, offset: 3, column: 4,
                  "invalid UTF-8: byte 0xFE never appears in UTF-8"),
        ParseErrorCase(bytes: Array(#""\"#.utf8) + [0xC0, 0x80, 0x22], .invalidUTF8, offset: 2, column: 3,
                  "invalid UTF-8: overlong encoding (lead byte 0xC0)"),
        ParseErrorCase(bytes: Array("[\n\"ok\",\n\"".utf8) + [0xC3, 0x28] + Array("\"]".utf8), .invalidUTF8, offset: 9, line: 3, column: 2,
                  path: "$[1]", "invalid UTF-8: truncated 2-byte sequence"),
        ParseErrorCase(bytes: Array("1 ".utf8) + [0xFF], .invalidUTF8, offset: 2, column: 3, "invalid UTF-8: byte 0xFF never appears in UTF-8"),
        ParseErrorCase(bytes: Array(#"{"a":"x"#.utf8) + [0xED, 0xA0, 0xBD] + Array(#""}"#.utf8), .invalidUTF8, offset: 7, column: 8,
                  path: "$.a", "invalid UTF-8: encoded surrogate code point"),
    ]

    @Test(arguments: utf8Cases)
    func invalidUTF8(_ c: ParseErrorCase) {
        checkParseError(c)
    }

    @Test func tooDeepAtLimitPlusOne() throws {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseFailure(atLimit) == nil)
        let e = try #require(parseFailure("[" + atLimit + "]"))
        #expect(e.kind == .tooDeep)
        #expect(e.message == "arrays and objects nest deeper than the limit of 512 levels")
        #expect(e.offset == 512)
        #expect(e.line == 1)
        #expect(e.column == 513)
        #expect(e.path.segments == Array(repeating: .index(0), count: 512))
    }

    @Test func tooDeepWithCustomLimit() throws {
        let text = #"{"a":{"b":{}}}"#
        #expect(parseFailure(text, options: .init(maxDepth: 3)) == nil)
        let e = try #require(parseFailure(text, options: .init(maxDepth: 2)))
        #expect(e.kind == .tooDeep)
        #expect(e.message == "arrays and objects nest deeper than the limit of 2 levels")
        #expect(e.description == "1:11: $.a.b: arrays and objects nest deeper than the limit of 2 levels")
        #expect(e.offset == 10)
        // Depth 0 still allows a scalar document.
        #expect(parseFailure("1", options: .init(maxDepth: 0)) == nil)
        #expect(parseFailure("[]", options: .init(maxDepth: 0))?.kind == .tooDeep)
    }

    @Test func tooLarge() throws {
        let options = JSONParseOptions(maxBytes: 10)
        #expect(parseFailure("[1,2,3,45]", options: options) == nil)
        let e = try #require(parseFailure("[1,2,3,456]", options: options))
        #expect(e == JSONParseError(kind: .tooLarge, message: "input is 11 bytes, more than the limit of 10 bytes",
                                    offset: 0, line: 1, column: 1, path: .root))
        // Checked before any parsing: garbage is still reported as too large.
        #expect(parseFailure("\n\n}}}}}}}}}}", options: options)?.kind == .tooLarge)
    }

    @Test func duplicateKey() throws {
        checkParseError(ParseErrorCase(#"{"a":1,"b":2,"a":3}"#, .duplicateKey, offset: 13, column: 14, path: "$.a", #"duplicate key "a""#))
        checkParseError(ParseErrorCase(#"{"x":[{"id":1,"id":2}]}"#, .duplicateKey, offset: 14, column: 15, path: "$.x[0].id", #"duplicate key "id""#))
        // Keys compare after decoding escapes.
        checkParseError(ParseErrorCase(#"{"a":1,"\u0061":2}"#, .duplicateKey, offset: 7, column: 8, path: "$.a", #"duplicate key "a""#))
        checkParseError(ParseErrorCase(#"{"a b":1,"a b":2}"#, .duplicateKey, offset: 9, column: 10, path: #"$["a b"]"#, #"duplicate key "a b""#))
        // The same key in different objects is fine.
        #expect(parseFailure(#"{"a":{"a":1},"b":{"a":2}}"#) == nil)
    }

    /// Duplicates found on both sides of the switch from a linear scan to a set.
    @Test(arguments: [1, 2, 11, 12, 13, 14, 30])
    func duplicateKeyInObjectOf(_ n: Int) throws {
        let members = (0..<n).map { "\"k\($0)\":\($0)" }
        #expect(parseFailure("{" + members.joined(separator: ",") + "}") == nil)
        for dup in Set([0, n / 2, n - 1]) {
            let prefix = "{" + members.joined(separator: ",") + ","
            let text = prefix + "\"k\(dup)\":0}"
            let e = try #require(parseFailure(text))
            #expect(e.kind == .duplicateKey)
            #expect(e.offset == prefix.utf8.count)
            #expect(e.path.description == "$.k\(dup)")
            #expect(e.message == "duplicate key \"k\(dup)\"")
        }
    }

    /// Canonically equivalent keys are one key (String equality, as lookups
    /// use), in a small object as in a large one, whatever their byte lengths.
    @Test(arguments: [1, 20])
    func canonicallyEquivalentKeysAreDuplicates(_ others: Int) throws {
        let members = (0..<others).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        for (a, b) in [("\u{e9}", "e\u{301}"), ("K", "\u{212A}")] {
            let e = try #require(parseFailure("{\(members),\"\(a)\":1,\"\(b)\":2}"), "\(others) others")
            #expect(e.kind == .duplicateKey)
        }
    }

    @Test func errorsAreEquatableAndDescribed() throws {
        let e = try #require(parseFailure("[1,\n  x]"))
        #expect(e == JSONParseError(kind: .syntax, message: "expected a value, found 'x'", offset: 6, line: 2, column: 3,
                                    path: JSONPath([.index(1)])))
        #expect(e.description == "2:3: $[1]: expected a value, found 'x'")
        #expect(JSONParseError.Kind.invalidUTF8.rawValue == "invalid-utf8")
        #expect(JSONParseError.Kind.tooDeep.rawValue == "too-deep")
        #expect(JSONParseError.Kind.tooLarge.rawValue == "too-large")
        #expect(JSONParseError.Kind.duplicateKey.rawValue == "duplicate-key")
    }

    @Test func stringOverloadReportsTheSameError() throws {
        let text = "{\"a\":\n [1, 2, tru]}"
        let fromString: JSONParseError?
        do {
            _ = try JSONParser.parse(text)
            fromString = nil
        } catch {
            fromString = error
        }
        #expect(fromString == parseFailure(Array(text.utf8)))
        #expect(fromString?.description == "2:12: $.a[2]: invalid literal, expected 'true', found ']'")
    }
}
