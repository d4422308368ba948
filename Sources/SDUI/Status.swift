import CSDUI
import SDUICore

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

    init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ error: EngineError) {
        self.init(statusCode(for: error.code), error.message)
    }

    static func invalid(_ message: String) -> Failure {
        Failure(SDUI_EINVAL, message)
    }
}

/// Constant descriptions of each status, as C strings in static storage.
private let statusNames: [StaticString] = [
    "ok", "error", "invalid argument", "malformed JSON", "contract violation", "not found",
    "limit exceeded", "callback failed", "engine busy: called from inside its own callback", "out of memory",
]

@_cdecl("sdui_errstr")
public func sdui_errstr(_ status: Int32) -> UnsafePointer<CChar>? {
    let name: StaticString = statusNames.indices.contains(Int(status)) ? statusNames[Int(status)] : "unknown status"
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}
