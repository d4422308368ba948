import CSDUI
import SDUICore

// Pages: the function of include/sdui.h's "Pages" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_load_page")
public func sdui_load_page(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let input = try bytes(json, length, "json")
        try engineCall { () throws(EngineError) in try engine.loadPage(input) }
    }
}

@_cdecl("sdui_set_capabilities")
public func sdui_set_capabilities(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let input = try bytes(json, length, "json")
        try engineCall { () throws(EngineError) in try engine.setCapabilities(input) }
    }
}
