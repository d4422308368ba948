/// Named colour and font tokens, each with a light and a dark value, that
/// views use instead of literals.
///
/// A view names a token with an at sign and the token's name, as the whole
/// value of a colour or font: `"color": "@accent"`, `"font": "@heading"`
/// (`ThemeResolver`). Colour literals start with "#" or a letter and named
/// fonts with a letter, so the spelling cannot clash with one. The JSON form:
///
///     {"colors": {"accent": {"light": "#2563eb", "dark": "#93c5fd"},
///                 "muted": "#6b7280"},
///      "fonts":  {"heading": "title",
///                 "label": {"light": "body", "dark": "headline"}}}
///
/// A token's value is a string (the same in both appearances) or an object
/// with both `light` and `dark`; a value is a literal, never another token.
/// Token names are letters, digits, "_", "-" and ".". Both members are
/// optional; unknown members are rejected.
public struct Theme: Sendable, Equatable {
    /// A token's value in each appearance.
    public struct Value: Sendable, Equatable {
        public var light: String
        public var dark: String

        public init(light: String, dark: String) {
            self.light = light
            self.dark = dark
        }

        /// The same value in both appearances.
        public init(_ both: String) {
            self.init(light: both, dark: both)
        }

        /// The value in force under `appearance`.
        public func value(in appearance: Appearance) -> String {
            appearance == .light ? light : dark
        }
    }

    /// Colour tokens by name ("accent" for "@accent" in a colour field).
    public var colors: [String: Value]
    /// Font tokens by name ("heading" for "@heading" in a font field): each
    /// a named text style, as `Style.font` takes them.
    public var fonts: [String: Value]

    /// A theme with no tokens: every token a view names is unknown.
    public init(colors: [String: Value] = [:], fonts: [String: Value] = [:]) {
        self.colors = colors
        self.fonts = fonts
    }

    /// The members of a theme's JSON form.
    static let members = ["colors", "fonts"]

    /// Decodes a theme; the error names the offending path.
    public init(json: JSON, at path: JSONPath = .root) throws(ContractError) {
        let o = try Decode.object(json, at: path, "a theme")
        try Decode.onlyKeys(o, Theme.members, at: path, "a theme")
        self.init()
        if let c = o["colors"] { colors = try Theme.tokens(c, at: path.appending("colors"), "colour") }
        if let f = o["fonts"] { fonts = try Theme.tokens(f, at: path.appending("fonts"), "font") }
    }

    /// The canonical JSON form: both members, tokens sorted by name, a value
    /// the same in both appearances as one string.
    public var json: JSON {
        func tokens(_ values: [String: Value]) -> JSON {
            .object(JSONObject(values.keys.sorted().map { name in
                let v = values[name]!
                let value: JSON = v.light == v.dark ? .string(v.light)
                    : .object(JSONObject([("light", .string(v.light)), ("dark", .string(v.dark))]))
                return (name, value)
            }))
        }
        return .object(JSONObject([("colors", tokens(colors)), ("fonts", tokens(fonts))]))
    }

    /// Whether `name` may name a token: non-empty, letters, digits, "_", "-", ".".
    public static func isTokenName(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { c in
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
        }
    }

    private static func tokens(_ json: JSON, at path: JSONPath, _ what: String) throws(ContractError)
        -> [String: Value]
    {
        let o = try Decode.object(json, at: path, "an object of \(what) tokens")
        var out: [String: Value] = [:]
        for (name, value) in o {
            let at = path.appending(name)
            guard isTokenName(Substring(name)) else {
                throw ContractError(at, "\"\(name)\" is not a token name (letters, digits, \"_\", \"-\", \".\")")
            }
            if case .string = value {
                out[name] = Value(try literal(value, at: at, what))
                continue
            }
            let v = try Decode.object(value, at: at, "a \(what) (a string, or {\"light\", \"dark\"})")
            try Decode.onlyKeys(v, Appearance.allCases.map(\.rawValue), at: at, "a \(what) token")
            guard let light = v["light"], let dark = v["dark"] else {
                throw ContractError(at, "a \(what) token needs both \"light\" and \"dark\"")
            }
            out[name] = Value(light: try literal(light, at: at.appending("light"), what),
                              dark: try literal(dark, at: at.appending("dark"), what))
        }
        return out
    }

    private static func literal(_ value: JSON, at path: JSONPath, _ what: String) throws(ContractError) -> String {
        let s = try Decode.nonEmptyString(value, at: path)
        guard !s.hasPrefix(ThemeResolver.sigil) else {
            throw ContractError(path, "a \(what) token's value must be a literal, not another token (\(s))")
        }
        if what == "colour" {
            try StyleStrings.checkColor(s, at: path, tokens: false) // a literal colour, no token
        } else {
            try StyleStrings.checkName(s, at: path)
        }
        return s
    }
}
