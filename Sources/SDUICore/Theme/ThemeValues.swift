/// The values in force: a theme's tokens under one appearance, as the
/// engine tracks them.
///
/// They are kept as the state of a service no real service can be (service
/// names have no slash: `service`), an object with the member
/// `"appearance"` and one member a token, `"color:NAME"` or `"font:NAME"`.
/// A view that uses `@accent` records a read of `color:accent` like any state
/// read (`RenderContext`), so a theme or appearance switch is a change of
/// this state: only the components whose reads now see another value
/// render again (`Engine.setTheme`, `Engine.setAppearance`).
public struct ThemeValues: Sendable {
    /// The service name the reads are recorded under.
    public static let service = "sdui/theme"

    /// What a token stands for: a colour or a font.
    public enum Kind: String, Sendable {
        case color, font
    }

    /// The appearance in force.
    public let appearance: Appearance
    /// `{"appearance", "color:NAME"…, "font:NAME"…}`: what the reads see.
    var state: JSON { box.state }
    /// `state`, boxed: every factory run's context holds the theme, and one
    /// reference is cheaper to copy than the object's storage.
    private let box: StateBox

    private final class StateBox: Sendable {
        let state: JSON
        init(_ state: JSON) { self.state = state }
    }

    /// `theme`'s values under `appearance`.
    public init(theme: Theme = Theme(), appearance: Appearance = .light) {
        self.appearance = appearance
        var o = JSONObject()
        o["appearance"] = .string(appearance.rawValue)
        for (name, value) in theme.colors { o[ThemeValues.key(.color, name)] = .string(value.value(in: appearance)) }
        for (name, value) in theme.fonts { o[ThemeValues.key(.font, name)] = .string(value.value(in: appearance)) }
        box = StateBox(.object(o))
    }

    /// The member of `state` a token's value is at.
    static func key(_ kind: Kind, _ name: String) -> String {
        kind.rawValue + ":" + name
    }

    /// The value of token `name` of `kind`, nil when the theme has none,
    /// with the read that records it.
    func token(_ kind: Kind, _ name: String) -> (value: String?, read: Read) {
        let path = JSONPath([.key(ThemeValues.key(kind, name))])
        let value = state.value(at: path)
        return (value?.stringValue, Read(service: ThemeValues.service, path: path, value: value))
    }

    /// The appearance, with the read that records it.
    var appearanceRead: Read {
        let path = JSONPath([.key("appearance")])
        return Read(service: ThemeValues.service, path: path, value: .string(appearance.rawValue))
    }
}
