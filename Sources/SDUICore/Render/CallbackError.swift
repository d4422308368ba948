/// What a factory or handler throws to fail with a message of its own.
/// Any other error thrown by a callback is reported by its description.
public struct CallbackError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
