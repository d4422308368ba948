import CSDUI
import SDUICore

// Dispatch: the function of include/sdui.h's "Dispatch" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_dispatch")
public func sdui_dispatch(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let input = try bytes(json, length, "json")
        try engineCall { () throws(EngineError) in try engine.dispatch(input) }
    }
}
