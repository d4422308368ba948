import CSDUI
import SDUICore

// Client data: the functions of include/sdui_binding.h's "Client data" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_set_clientdata")
public func sdui_set_clientdata(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                _ data: UnsafeMutableRawPointer?, _ destroy: sdui_destroy_fn?) -> Int32
{
    guard let handle = EngineHandle.from(engine) else { return SDUI_EINVAL }
    return handle.call { () throws(Failure) in
        let name = try requiredString(name, "name")
        handle.setClientData(name, data, destroy)
    }
}

@_cdecl("sdui_get_clientdata")
public func sdui_get_clientdata(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer? {
    guard let handle = EngineHandle.from(engine), let name = string(name) else { return nil }
    return handle.clientData(name)
}
