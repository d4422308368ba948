import CSDUI
import SDUICore

// Patches, counters, subscriptions, middleware, effects and time: the
// reactive part of include/sdui.h.

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

@_cdecl("sdui_counter")
public func sdui_counter(_ engine: OpaquePointer?, _ which: Int32) -> Int64 {
    guard let handle = EngineHandle.from(engine) else { return -1 }
    var value: Int64 = -1
    _ = handle.call { () throws(Failure) in
        let counters = handle.engine.counters
        switch which {
        case SDUI_COUNTER_FACTORY_RUNS: value = Int64(counters.factoryRuns)
        case SDUI_COUNTER_RENDERS: value = Int64(counters.componentRenders)
        case SDUI_COUNTER_ACTIONS: value = Int64(counters.actions)
        case SDUI_COUNTER_LAYOUTS: value = Int64(counters.layouts)
        default: throw .invalid("unknown counter \(which)")
        }
    }
    return value
}

/// Calls a C callback that may only read and queue actions (subscriber,
/// performer, middleware) and turns its status into an error.
private func runQueueing(_ fn: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32, _ data: UserData,
                         _ call: CallHandle, _ what: String) throws
{
    let status = fn(call.opaque, data.pointer)
    guard status == SDUI_OK else {
        throw CallbackError(call.userError ?? "\(what) returned status \(status) (\(statusName(status)))")
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

@_cdecl("sdui_register_effect")
public func sdui_register_effect(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?,
                                 _ performer: sdui_performer_fn?, _ userdata: UnsafeMutableRawPointer?,
                                 _ destroy: sdui_destroy_fn?) -> Int32
{
    withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        guard let performer else { throw .invalid("performer is NULL") }
        let data = UserData(userdata, destroy: destroy)
        do throws(EngineError) {
            try engine.register(effect: type) { [unowned engine] context in
                try withUnsafeMutablePointer(to: &context) { pointer in
                    let call = CallHandle(id: type, input: pointer.pointee.effect.json, engine: engine,
                                          role: .performer(pointer))
                    try runQueueing(performer, data, call, "performer")
                }
            }
        } catch {
            data.disarm()
            throw Failure(error)
        }
    }
}

@_cdecl("sdui_unregister_effect")
public func sdui_unregister_effect(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> Int32 {
    withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        guard engine.unregister(effect: type) else {
            throw Failure(SDUI_ENOTFOUND, "no performer for effect \"\(type)\"")
        }
    }
}

@_cdecl("sdui_finish_effect")
public func sdui_finish_effect(_ engine: OpaquePointer?, _ id: Int64, _ ok: Int32, _ result: UnsafePointer<CChar>?,
                               _ length: Int) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        let value = result == nil ? JSON.null : try engine.parseInput(bytes(result, length, "result"))
        try engineCall { () throws(EngineError) in try engine.finishEffect(Int(id), ok: ok != 0, result: value) }
    }
}

@_cdecl("sdui_tick")
public func sdui_tick(_ engine: OpaquePointer?, _ now: Int64, _ fired: UnsafeMutablePointer<Int32>?) -> Int32 {
    fired?.pointee = 0
    return withEngineChanging(engine) { (engine) throws(Failure) in
        let count = engine.tick(now)
        fired?.pointee = Int32(clamping: count)
    }
}

@_cdecl("sdui_next_timer")
public func sdui_next_timer(_ engine: OpaquePointer?) -> Int64 {
    guard let handle = EngineHandle.from(engine) else { return -1 }
    var next: Int64 = -1
    _ = handle.call { () throws(Failure) in next = handle.engine.nextTimer ?? -1 }
    return next
}

extension Engine {
    /// Parses JSON input, as a facade failure.
    func parseInput(_ input: UnsafeRawBufferPointer) throws(Failure) -> JSON {
        try engineCall { () throws(EngineError) in try parse(input) }
    }
}
