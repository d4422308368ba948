import CSDUI
import SDUICore

// Limits: the function of include/sdui.h's "Limits" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_limit")
public func sdui_limit(_ engine: OpaquePointer?, _ which: Int32, _ value: Int64) -> Int64 {
    guard let handle = EngineHandle.from(engine) else { return -1 }
    var previous: Int64 = -1
    let keyPath: WritableKeyPath<EngineLimits, Int>
    switch which {
    case SDUI_LIMIT_PAYLOAD_BYTES: keyPath = \.maxPayloadBytes
    case SDUI_LIMIT_DEPTH: keyPath = \.maxDepth
    case SDUI_LIMIT_QUEUE: keyPath = \.queueLimit
    case SDUI_LIMIT_PAGES: keyPath = \.maxPages
    default: return -1
    }
    let status = handle.call { () throws(Failure) in
        previous = Int64(handle.engine.limits[keyPath: keyPath])
        if value >= 0 {
            handle.engine.limits[keyPath: keyPath] = Int(clamping: value)
        }
    }
    return status == SDUI_OK ? previous : -1
}
