/// Puts the theme's values in place of the tokens a factory's view uses,
/// so hosts receive literal colours and fonts only.
///
/// A token is the whole value of a colour or font, an at sign and a token
/// name (`Theme`): in a style's `color`, `background`, `borderColor` and
/// `font`, and in a paragraph run's `color`, `highlight` and `font`. Each
/// one resolved is recorded as a read (`ThemeValues`), so the component
/// renders again when its value changes. A token the theme does not define
/// leaves its field unset (the host's default), and the render reports an
/// "unknown-token" warning naming the token and the field's JSON path in
/// the view (`$.children[1].style.color`).
enum ThemeResolver {
    /// What starts a token.
    static let sigil = "@"

    /// `view` with its tokens resolved through `context` (their reads and
    /// the unknown ones recorded); `view` itself when it has none.
    static func resolve(_ view: FlatView, context: RenderContext) -> FlatView {
        // Most views name no token: one pass over the bytes decides. Styles
        // and runs are kept as JSON text, so a token there follows a quote
        // (`"color":"@accent"`); an at sign in a text (an email) does not.
        guard mayHoldToken(view.bytes) else { return view }
        var node = view.node(componentId: context.componentId)
        var changed = false
        resolve(&node, at: .root, context, &changed)
        return changed ? FlatView(node) : view
    }

    /// Whether `bytes` hold a quote followed by an at sign. Every render
    /// asks, so the at signs are looked for sixteen bytes at a time.
    static func mayHoldToken(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { b in
            let n = b.count
            let at = UInt8(ascii: "@"), quote = UInt8(ascii: "\"")
            func quoted(_ i: Int) -> Bool { i > 0 && b[i - 1] == quote }
            let ats = SIMD16<UInt8>(repeating: at)
            var i = 0
            while i + 16 <= n {
                if any(b.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self) .== ats) {
                    for j in i..<(i + 16) where b[j] == at && quoted(j) { return true }
                }
                i += 16
            }
            while i < n {
                if b[i] == at && quoted(i) { return true }
                i += 1
            }
            return false
        }
    }

    private static func resolve(_ node: inout ViewNode, at path: JSONPath, _ context: RenderContext,
                                _ changed: inout Bool)
    {
        if node.style.hasToken {
            var style = node.style
            let at = path.appending("style")
            resolve(&style.font, .font, at.appending("font"), context, &changed)
            resolve(&style.color, .color, at.appending("color"), context, &changed)
            resolve(&style.background, .color, at.appending("background"), context, &changed)
            resolve(&style.borderColor, .color, at.appending("borderColor"), context, &changed)
            node.style = style
        }
        if node.kind == .paragraph, let text = node.props["runs"], text.contains(sigil) {
            var runs = TextRun.list(text: text)
            var runsChanged = false
            for i in runs.indices {
                let at = path.appending("runs").appending(i)
                resolve(&runs[i].font, .font, at.appending("font"), context, &runsChanged)
                resolve(&runs[i].color, .color, at.appending("color"), context, &runsChanged)
                resolve(&runs[i].highlight, .color, at.appending("highlight"), context, &runsChanged)
            }
            if runsChanged {
                node.props["runs"] = JSONWriter.string(.array(runs.map(\.json)))
                changed = true
            }
        }
        for i in node.children.indices {
            resolve(&node.children[i], at: path.appending("children").appending(i), context, &changed)
        }
    }

    /// Resolves one field holding a token; leaves any other value alone.
    private static func resolve(_ value: inout String?, _ kind: ThemeValues.Kind, _ path: JSONPath,
                                _ context: RenderContext, _ changed: inout Bool)
    {
        guard let token = value, token.hasPrefix(sigil) else { return }
        changed = true
        let name = token.dropFirst()
        if Theme.isTokenName(name), let resolved = context.token(kind, String(name)) {
            value = resolved
            return
        }
        value = nil
        let what = kind == .color ? "colour" : "font"
        context.unknownTokens.append(
            "\(path): no \(what) token \"\(token)\" in the theme; the field is left unset")
    }
}

extension Style {
    /// Whether a field that takes a token holds one.
    var hasToken: Bool {
        let sigil = ThemeResolver.sigil
        return font?.hasPrefix(sigil) == true || color?.hasPrefix(sigil) == true
            || background?.hasPrefix(sigil) == true || borderColor?.hasPrefix(sigil) == true
    }
}
