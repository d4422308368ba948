import CSDUI
import SDUICore

// Options: the function of include/sdui.h's "Options" section.
// Its contract is written in the header; here it only translates arguments
// and statuses.

@_cdecl("sdui_option")
public func sdui_option(_ engine: OpaquePointer?, _ which: Int32, _ value: Int64) -> Int64 {
    guard let handle = EngineHandle.from(engine) else { return -1 }
    guard which == SDUI_OPTION_DUPLICATE_KEYS, value <= 1 else { return -1 }
    var previous: Int64 = -1
    let status = handle.call { () throws(Failure) in
        previous = handle.engine.duplicateKeys == .lastWins ? 1 : 0
        if value >= 0 {
            handle.engine.duplicateKeys = value == 1 ? .lastWins : .reject
        }
    }
    return status == SDUI_OK ? previous : -1
}
