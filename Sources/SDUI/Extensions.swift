import CSDUI
import SDUICore

// Unregistration and the hooks for libraries built on the C API (client
// data, the engine lock, error reporting); see include/sdui.h.

@_cdecl("sdui_unregister_component")
public func sdui_unregister_component(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        try engineCall { () throws(EngineError) in try engine.unregister(component: type) }
    }
}

@_cdecl("sdui_unregister_action")
public func sdui_unregister_action(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        try engineCall { () throws(EngineError) in try engine.store.unregister(action: type) }
    }
}

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

@_cdecl("sdui_lock")
public func sdui_lock(_ engine: OpaquePointer?) {
    EngineHandle.from(engine)?.lock()
}

@_cdecl("sdui_unlock")
public func sdui_unlock(_ engine: OpaquePointer?) {
    EngineHandle.from(engine)?.unlock()
}

@_cdecl("sdui_report")
public func sdui_report(_ engine: OpaquePointer?, _ status: Int32, _ message: UnsafePointer<CChar>?) -> Int32 {
    guard let handle = EngineHandle.from(engine) else { return status }
    return handle.report(status, message.map { String(cString: $0) } ?? statusName(status))
}
