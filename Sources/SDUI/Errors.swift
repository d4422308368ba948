import CSDUI
import SDUICore

// Errors: the functions of include/sdui.h's "Errors" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

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

private let nullEngineMessage: StaticString = "engine is NULL"
private let noMessage: StaticString = ""

@_cdecl("sdui_errmsg")
public func sdui_errmsg(_ engine: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let handle = EngineHandle.from(engine) else {
        return UnsafeRawPointer(nullEngineMessage.utf8Start).assumingMemoryBound(to: CChar.self)
    }
    return handle.messagePointer ?? UnsafeRawPointer(noMessage.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("sdui_report")
public func sdui_report(_ engine: OpaquePointer?, _ status: Int32, _ message: UnsafePointer<CChar>?) -> Int32 {
    guard let handle = EngineHandle.from(engine) else { return status }
    return handle.report(status, message.map { String(cString: $0) } ?? statusName(status))
}

/// sdui_errstr's description of a status, for messages.
func statusName(_ status: Int32) -> String {
    String(cString: sdui_errstr(status)!)
}
