/// The engine's theme and the appearance in force, and what switching
/// either changes: the values renders read (`ThemeValues`, tracked as the
/// state of a service), so only the components that used a token whose
/// value changed render again.
struct ThemeSetting {
    /// The theme views' tokens resolve from; none at first.
    private(set) var theme = Theme()
    /// The theme's values in force, as renders read them.
    private(set) var values = ThemeValues()

    /// Switches to `theme` (nil: the one in force) under `appearance` (nil:
    /// the one in force). Returns the change of the values' state, for the
    /// engine to mark stale their readers on every page.
    mutating func switchTo(theme: Theme? = nil, appearance: Appearance? = nil) -> StateChange {
        if let theme { self.theme = theme }
        var change = StateChange()
        change.noteReplaced(from: values.state)
        values = ThemeValues(theme: self.theme, appearance: appearance ?? values.appearance)
        return change
    }
}
