import CSDUI
import SDUICore

// Reactive: the functions of include/sdui.h's "Reactive" section (patches, the patch
// listener, images, subscriptions, middleware).
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_patches_json")
public func sdui_patches_json(_ engine: OpaquePointer?,
                              _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard out != nil else { throw .invalid("out is NULL") }
        try deliver(engine.takePatches().jsonBytes(), out, outLength)
    }
}

@_cdecl("sdui_set_patch_listener")
public func sdui_set_patch_listener(_ engine: OpaquePointer?, _ listener: sdui_patch_fn?,
                                    _ userdata: UnsafeMutableRawPointer?, _ destroy: sdui_destroy_fn?) -> Int32
{
    guard let handle = EngineHandle.from(engine) else { return SDUI_EINVAL }
    return handle.call { () throws(Failure) in
        let old = handle.patchListener
        handle.patchListener = listener.map { ($0, UserData(userdata, destroy: destroy)) }
        handle.changed = false // it hears of calls made from now on
        handle.runningCallbacks { old?.data.release() } // the old destroy runs as a callback
    }
}

@_cdecl("sdui_images_json")
public func sdui_images_json(_ engine: OpaquePointer?,
                             _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                             _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard out != nil else { throw .invalid("out is NULL") }
        try deliver(JSONWriter.bytes(.array(engine.images.map(JSON.string))), out, outLength)
    }
}

@_cdecl("sdui_subscribe")
public func sdui_subscribe(_ engine: OpaquePointer?, _ service: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
                           _ subscriber: sdui_subscriber_fn?, _ userdata: UnsafeMutableRawPointer?,
                           _ destroy: sdui_destroy_fn?, _ id: UnsafeMutablePointer<Int64>?) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        let service = try requiredString(service, "service")
        let at = try SDUI.path(path)
        guard let subscriber else { throw .invalid("subscriber is NULL") }
        let data = UserData(userdata, destroy: destroy)
        let number = engine.subscribe(service, at: at) { [unowned engine] context in
            try withUnsafeMutablePointer(to: &context) { pointer in
                let call = CallHandle(id: service, input: pointer.pointee.value ?? .null, engine: engine,
                                      role: .subscriber(pointer))
                try runQueueing(subscriber, data, call, "subscriber")
            }
        }
        id?.pointee = Int64(number)
    }
}

@_cdecl("sdui_unsubscribe")
public func sdui_unsubscribe(_ engine: OpaquePointer?, _ id: Int64) -> Int32 {
    withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard engine.unsubscribe(Int(id)) else { throw Failure(SDUI_ENOTFOUND, "no subscription \(id)") }
    }
}

@_cdecl("sdui_add_middleware")
public func sdui_add_middleware(_ engine: OpaquePointer?, _ middleware: sdui_middleware_fn?,
                                _ userdata: UnsafeMutableRawPointer?, _ destroy: sdui_destroy_fn?,
                                _ id: UnsafeMutablePointer<Int64>?) -> Int32
{
    withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard let middleware else { throw .invalid("middleware is NULL") }
        let data = UserData(userdata, destroy: destroy)
        let number = engine.store.addMiddleware { [unowned engine] phase, action in
            let input: JSON = .object(JSONObject([("phase", .string(phase.rawValue)), ("action", action.json)]))
            let call = CallHandle(id: action.type, input: input, engine: engine, role: .middleware)
            try runQueueing(middleware, data, call, "middleware")
        }
        id?.pointee = Int64(number)
    }
}

@_cdecl("sdui_remove_middleware")
public func sdui_remove_middleware(_ engine: OpaquePointer?, _ id: Int64) -> Int32 {
    withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard engine.store.removeMiddleware(Int(id)) else { throw Failure(SDUI_ENOTFOUND, "no middleware \(id)") }
    }
}
