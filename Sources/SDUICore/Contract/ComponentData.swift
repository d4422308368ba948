import Synchronization

/// A component's data as its factory receives it: parsed only when the
/// factory reads it as a value, and readable as the JSON text it came in.
///
/// A component of a page loaded from bytes keeps its data as a range of the
/// page's copy (`JSONText`). A binding that builds its own values from JSON
/// text (the Lua binding's tables) reads that text with `withText` and
/// never has the engine build a `JSON` tree it would only convert again.
public struct ComponentData: Sendable {
    private enum Storage: Sendable {
        case value(JSON)
        case text(JSONText)
    }

    private let storage: Storage

    public init(_ value: JSON) {
        storage = .value(value)
    }

    init(_ text: JSONText) {
        storage = .text(text)
    }

    /// The data as a value (parsed again at each read of data held as text).
    public var value: JSON {
        switch storage {
        case .value(let value): return value
        case .text(let text): return text.value
        }
    }

    /// Runs `body` with the data as JSON text and its token, or with nil
    /// and 0 when the data is held as a value (set in Swift, or by a patch).
    ///
    /// The text is the bytes the server sent (checked, whitespace and
    /// escapes as they were), valid only inside `body`. Two texts with the
    /// same non-zero token are the same bytes, for as long as the process
    /// runs: a binding may keep what it decoded under the token.
    ///
    /// It returns a factory's view, and is not generic: a binding calls it
    /// from another module for every component it renders, where a generic
    /// function would run unspecialized.
    public func withText(_ body: (UnsafeRawBufferPointer?, UInt64) throws -> FlatView) throws -> FlatView {
        switch storage {
        case .value:
            return try body(nil, 0)
        case .text(let text):
            return try text.buffer.withUnsafeBytes { all in
                try body(UnsafeRawBufferPointer(rebasing: all[text.range]), text.token)
            }
        }
    }
}

extension JSONText {
    /// A number naming these bytes for the life of the process (0 when
    /// there is none: the range starts beyond what a token can hold).
    var token: UInt64 {
        range.lowerBound < 1 << 32 ? serial << 32 | UInt64(range.lowerBound) : 0
    }

    /// The serial number of the next scanned input (`JSONText.serial`).
    static let nextSerial = Atomic<UInt64>(1)
}
