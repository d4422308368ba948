import Testing
@testable import SDUICore

/// `Engine.action(from:)` reads a plain action's members without building
/// the object around them (`JSONParser.parseAction`); whatever the input,
/// it must give the action, or the error, of the full parse and decode.
@Suite("Reading actions")
struct ActionParsingTests {
    /// The full path: parse, then decode.
    static func reference(_ engine: Engine, _ bytes: UnsafeRawBufferPointer) -> Result<Action, EngineError> {
        do {
            let json = try engine.parse(bytes)
            do {
                return .success(try Action(json: json))
            } catch {
                return .failure(Engine.located(error, in: bytes))
            }
        } catch {
            return .failure(error)
        }
    }

    static let inputs: [String] = [
        #"{"type":"favorites/toggle","payload":{"movieId":126225}}"#,
        #"{"payload":{"movieId":1},"type":"favorites/toggle"}"#,
        #" { "type" : "a/b" } "#,
        #"{"type":"a/b","payload":null}"#,
        #"{"type":"a/b","payload":[1,2.5,"x",{"k":[true,false,null]}]}"#,
        #"{"t\u0079pe":"a/b","payload":"\u00e9"}"#,
        #"{"type":"a\/b"}"#,
        // names that start or end like the two members' (matched in place)
        #"{"types":"a/b"}"#,
        #"{"typ":"a/b"}"#,
        #"{"payloads":1,"type":"a/b"}"#,
        #"{"type"#,
        #"{"type""#,
        #"{"payload"#,
        #"{"payload":"#,
        #"{"pay\u006coad":[1],"type":"a/b"}"#,
        // errors: each must be the full path's
        #"{"type":"a/b","type":"a/c"}"#,
        #"{"type":"a/b","payload":1,"payload":2}"#,
        #"{"type":"","payload":1}"#,
        #"{"type":1}"#,
        #"{"payload":1}"#,
        #"{"type":"a/b","extra":1}"#,
        #"{"type":"a/b"} x"#,
        #"{"type":"a/b","payload":{"k":1,"k":2}}"#,
        #"{"type":"a/b","payload":[1,}"#,
        #"{"type":"a/b""#,
        #"{}"#,
        #"[]"#,
        #""a/b""#,
        "",
        "\u{FEFF}{\"type\":\"a/b\"}",
        #"{"type":"a/b","payload":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
    ]

    @Test(arguments: inputs)
    func theFastReadingAgreesWithTheFullOne(_ text: String) {
        let engine = Engine()
        var bytesOf = text
        bytesOf.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let expected = Self.reference(engine, bytes)
            let got: Result<Action, EngineError>
            do throws(EngineError) {
                got = .success(try engine.action(from: bytes))
            } catch {
                got = .failure(error)
            }
            switch (got, expected) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(text)")
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "\(text)")
            default:
                Issue.record("\(text): \(got) vs \(expected)")
            }
        }
    }

    @Test func limitsApplyAsInTheFullParse() {
        let engine = Engine()
        engine.limits.maxDepth = 2
        var deep = #"{"type":"a/b","payload":{"a":{"b":1}}}"#
        var shallow = #"{"type":"a/b","payload":{"a":1}}"#
        _ = deep.withUTF8 { utf8 in
            #expect(throws: EngineError.self) { try engine.action(from: UnsafeRawBufferPointer(utf8)) }
        }
        shallow.withUTF8 { utf8 in
            #expect((try? engine.action(from: UnsafeRawBufferPointer(utf8)))?.payload == ["a": 1])
        }
        engine.limits.maxPayloadBytes = 10
        _ = shallow.withUTF8 { utf8 in
            #expect(throws: EngineError.self) { try engine.action(from: UnsafeRawBufferPointer(utf8)) }
        }
    }
}
