import Testing
@testable import SDUICore

/// The style strings hosts draw with or put in CSS (`StyleStrings`):
/// colours by their grammar, names without control characters, checked
/// where views and themes are decoded; and service names without control
/// characters (`Store.register(service:)`).
@Suite("Style strings and names")
struct StyleStringsTests {
    @Test func colours() {
        for good in ["#abc", "#ABCD", "#a1b2c3", "#a1b2c3d4", "red", "accent", "on-accent_2", "@accent", "@", "@a b"] {
            #expect(StyleStrings.isColor(good), "\(good)")
        }
        for bad in ["", "#", "#ab", "#abcde", "#ggg", "\u{1b}[31m", "red;x", "1red", "rgb(1,2,3)", "a b", "@a\u{1b}",
                    "#abc\u{0}", String(repeating: "a", count: 65)] {
            #expect(!StyleStrings.isColor(bad), "\(bad)")
        }
        #expect(!StyleStrings.isColor("@accent", tokens: false), "a theme's own values are literals")
    }

    @Test func stylesAndRunsRefuseBadColoursAndNames() throws {
        func message(_ style: String) -> String? {
            do throws(ContractError) {
                _ = try Style(json: json(style), at: JSONPath.root.appending("style"))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(##"{"color": "#fff", "background": "@ink", "borderColor": "red", "font": "title"}"##) == nil)
        #expect(message(#"{"color": "\u001b[31m"}"#)
            == ##"$.style.color: not a colour: "\u001b[31m"; a colour is "## + StyleStrings.colorGrammar)
        #expect(message(##"{"background": "#12345"}"##)?.hasPrefix(##"$.style.background: not a colour: "#12345""##) == true)
        #expect(message(#"{"font": "a\u0085"}"#) == #"$.style.font: must not contain control characters, found \u0085"#)
        #expect(message(#""a\u001b""#) == #"$.style: must not contain control characters, found \u001b"#)
        #expect(message(#"{"backgroundImage": "x\n"}"#) == #"$.style.backgroundImage: must not contain control characters, found \u000a"#)
        do throws(ContractError) {
            _ = try ViewNode(json: json(#"{"type": "paragraph", "runs": [{"text": "a", "color": "\u001b[1m"}]}"#))
            Issue.record("a run's bad colour was taken")
        } catch {
            #expect(error.path.description == "$.runs[0].color")
        }
    }

    @Test func themesRefuseBadColoursAndFonts() {
        for (theme, path) in [(#"{"colors": {"a": "\u001b[31m"}}"#, "$.colors.a"),
                              (##"{"colors": {"a": {"light": "#fff", "dark": "nope;"}}}"##, "$.colors.a.dark"),
                              (#"{"fonts": {"h": "title\u001b"}}"#, "$.fonts.h")] {
            do throws(ContractError) {
                _ = try Theme(json: json(theme))
                Issue.record("taken: \(theme)")
            } catch {
                #expect(error.path.description == path)
            }
        }
    }

    /// The packed reader's font shortcut leaves a font with a control character to the decoder.
    @Test func theFastReadersLeaveControlCharactersToTheDecoder() {
        let clean = Array("title".utf8), dirty = Array("ti\u{1b}tle".utf8), c1 = Array("ti\u{9b}".utf8)
        clean.withUnsafeBytes { #expect(!StyleStrings.mayHoldControl($0, escaped: false)) }
        dirty.withUnsafeBytes { #expect(StyleStrings.mayHoldControl($0, escaped: false)) }
        c1.withUnsafeBytes { #expect(StyleStrings.mayHoldControl($0, escaped: false)) }
        Array(#"ti\u001b"#.utf8).withUnsafeBytes { #expect(StyleStrings.mayHoldControl($0, escaped: true)) }
        Array("é—".utf8).withUnsafeBytes { #expect(!StyleStrings.mayHoldControl($0, escaped: true)) }
        Array(#"ti\"t\\le"#.utf8).withUnsafeBytes { #expect(!StyleStrings.mayHoldControl($0, escaped: true), "a quote, a backslash") }
        Array(#"a\\\n"#.utf8).withUnsafeBytes { #expect(StyleStrings.mayHoldControl($0, escaped: true), "a backslash, then \\n") }
        Array(#"a\"#.utf8).withUnsafeBytes { #expect(StyleStrings.mayHoldControl($0, escaped: true), "cut short") }
    }

    @Test func serviceNamesRefuseControlCharacters() {
        let store = Store()
        for name in ["a\u{1b}[2J", "a\u{0}b", "tab\t", "c1\u{85}"] {
            let e = engineError { () throws(EngineError) in try store.register(service: name, state: .object(JSONObject())) }
            #expect(e?.code == .contract, "\(name)")
            #expect(store.state(of: name) == nil)
        }
        #expect(engineError { () throws(EngineError) in try store.register(service: "a\u{1b}", state: .null) }?.message
            == #"bad service name "a\u001b": it must not contain control characters, found \u001b"#)
        #expect(engineError { () throws(EngineError) in try store.register(service: "ok", state: .null) } == nil)
    }
}
