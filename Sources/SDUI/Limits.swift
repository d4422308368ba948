import CSDUI
import SDUICore

// Limits: the functions of include/sdui.h's "Limits" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

/// The value of limit `which` in `limits`, or nil for an unknown one: a
/// switch, not a key path (the Lua binding reads two limits a view).
func limitValue(_ limits: EngineLimits, _ which: Int32) -> Int? {
    switch which {
    case SDUI_LIMIT_PAYLOAD_BYTES: return limits.maxPayloadBytes
    case SDUI_LIMIT_DEPTH: return limits.maxDepth
    case SDUI_LIMIT_QUEUE: return limits.queueLimit
    case SDUI_LIMIT_PAGES: return limits.maxPages
    case SDUI_LIMIT_VIEW_NODES: return limits.maxViewNodes
    case SDUI_LIMIT_VIEW_BYTES: return limits.maxViewBytes
    case SDUI_LIMIT_ACTIONS: return limits.maxActions
    case SDUI_LIMIT_WRITE_BYTES: return limits.maxWriteBytes
    case SDUI_LIMIT_STATE_BYTES: return limits.maxStateBytes
    default: return nil
    }
}

/// The limit `which` names in `EngineLimits`, or nil for an unknown one.
private func limitKeyPath(_ which: Int32) -> WritableKeyPath<EngineLimits, Int>? {
    switch which {
    case SDUI_LIMIT_PAYLOAD_BYTES: return \.maxPayloadBytes
    case SDUI_LIMIT_DEPTH: return \.maxDepth
    case SDUI_LIMIT_QUEUE: return \.queueLimit
    case SDUI_LIMIT_PAGES: return \.maxPages
    case SDUI_LIMIT_VIEW_NODES: return \.maxViewNodes
    case SDUI_LIMIT_VIEW_BYTES: return \.maxViewBytes
    case SDUI_LIMIT_ACTIONS: return \.maxActions
    case SDUI_LIMIT_WRITE_BYTES: return \.maxWriteBytes
    case SDUI_LIMIT_STATE_BYTES: return \.maxStateBytes
    default: return nil
    }
}

@_cdecl("sdui_limit")
public func sdui_limit(_ engine: OpaquePointer?, _ which: Int32, _ value: Int64) -> Int64 {
    guard let handle = EngineHandle.from(engine), let keyPath = limitKeyPath(which) else { return -1 }
    var previous: Int64 = -1
    let status = handle.call { () throws(Failure) in
        previous = Int64(handle.engine.limits[keyPath: keyPath])
        if value >= 0 {
            handle.engine.limits[keyPath: keyPath] = Int(clamping: value)
        }
    }
    return status == SDUI_OK ? previous : -1
}
