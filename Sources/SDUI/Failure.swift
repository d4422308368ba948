import CSDUI
import SDUICore

// Not a header section: a failure inside the facade and its status.

/// The C status for an engine error code.
func statusCode(for code: EngineError.Code) -> Int32 {
    switch code {
    case .parse: return SDUI_EPARSE
    case .contract: return SDUI_ECONTRACT
    case .notFound: return SDUI_ENOTFOUND
    case .limit: return SDUI_ELIMIT
    case .callback: return SDUI_ECALLBACK
    case .invalid: return SDUI_EINVAL
    }
}

/// A failure inside the facade: a status and its message.
struct Failure: Error {
    var status: Int32
    var message: String
    /// Makes the message when it is asked for, for a failure a caller
    /// expects often and seldom reads (a state read that finds nothing);
    /// only `CallHandle.run` honours it (`message` is then empty).
    var later: (@Sendable () -> String)?

    init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A failure whose message is made only if someone reads it.
    init(_ status: Int32, later: @escaping @Sendable () -> String) {
        self.status = status
        self.message = ""
        self.later = later
    }

    init(_ error: EngineError) {
        self.init(statusCode(for: error.code), error.message)
    }

    static func invalid(_ message: String) -> Failure {
        Failure(SDUI_EINVAL, message)
    }
}
