/// Which of a theme's values are in force: its light ones or its dark ones.
/// The engine starts light; the host switches with `Engine.setAppearance`.
public enum Appearance: String, Sendable, CaseIterable {
    case light, dark
}
