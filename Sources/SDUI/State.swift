import CSDUI
import SDUICore

// State: the function of include/sdui.h's "State" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_state_json")
public func sdui_state_json(_ engine: OpaquePointer?, _ service: UnsafePointer<CChar>?,
                            _ path: UnsafePointer<CChar>?,
                            _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngine(engine) { (engine) throws(Failure) in
        let service = try requiredString(service, "service")
        let at = try SDUI.path(path)
        let value = try engineCall { () throws(EngineError) in try engine.store.state(service, at: at) }
        try deliver(JSONWriter.bytes(value), out, outLength)
    }
}
