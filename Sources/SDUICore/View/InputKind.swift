/// What an `input` node asks for: its `kind` member ("text" when absent).
///
/// Every kind keeps its value as a string (`value`): the text typed, a
/// number or a date as text ("42", "2026-11-25", "09:40"), a toggle's
/// `onValue` or `offValue`, a choice's option value (several, comma
/// separated, for a `multiple` choice). The members only some kinds take
/// are checked by `InputContent.check`.
public enum InputKind: String, Sendable, CaseIterable {
    /// One line of text; `format` says which (email, tel, url, password).
    case text
    /// Several lines of text.
    case multiline
    /// A number, between `min` and `max` when given.
    case number
    /// A date, `yyyy-mm-dd`.
    case date
    /// A time of day, `hh:mm`.
    case time
    /// A checkbox with a `title`; its value is `onValue` ("true") or `offValue` ("false").
    case toggle
    /// One of `options` (several when `multiple`), shown as `display` says.
    case choice

    /// The kind's number, its place in `allCases` (text 0, multiline 1,
    /// number 2, date 3, time 4, toggle 5, choice 6): the `inputKind` of an
    /// input in the screen's layout, `sdui_input_kind` in `sdui.h` (a test
    /// reads the header's values against these).
    public var number: Int {
        switch self {
        case .text: return 0
        case .multiline: return 1
        case .number: return 2
        case .date: return 3
        case .time: return 4
        case .toggle: return 5
        case .choice: return 6
        }
    }

    /// The `format` of a text input: what the host's keyboard and field expect.
    public enum Format: String, Sendable, CaseIterable {
        /// An email address.
        case email
        /// A telephone number.
        case tel
        /// A URL.
        case url
        /// A secret, shown masked.
        case password
    }

    /// The `display` of a choice input: a dropdown (compact, the default)
    /// or every option on its own line (expanded: radio buttons, or
    /// checkboxes when `multiple`).
    public enum Display: String, Sendable, CaseIterable {
        /// A dropdown.
        case compact
        /// Every option on its own line.
        case expanded
    }
}
