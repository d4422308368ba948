import CSDUI
import SDUICore

// Effects: the functions of include/sdui.h's "Effects" section (performers, engine time,
// and the sdui_call_* functions of handlers and performers for effects).
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

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
        let text = result == nil ? nil : try bytes(result, length, "result")
        try engineCall { () throws(EngineError) in try engine.finishEffect(Int(id), ok: ok != 0, text: text) }
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

@_cdecl("sdui_call_emit")
public func sdui_call_emit(_ call: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let context = try call.handlerContext("sdui_call_emit")
        let (value, input) = try call.parse(json, length)
        do throws(ContractError) {
            context.pointee.emit(try Effect(json: value))
        } catch {
            throw Failure(Engine.located(error, in: input))
        }
        if let limit = context.pointee.limitError { throw Failure(limit) } // dropped
    }
}

@_cdecl("sdui_call_finish")
public func sdui_call_finish(_ call: OpaquePointer?, _ ok: Int32, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard case .performer(let context) = call.role else {
            throw .invalid("sdui_call_finish is for effect performers")
        }
        if ok != 0, json != nil, context.pointee.effect.type == Effect.fetch, !context.pointee.finished {
            // The page's text: the engine reads it as a page, errors with their line:column.
            context.pointee.finish(page: Array(try bytes(json, length, "json")))
            return
        }
        let result = json == nil ? JSON.null : try call.parse(json, length).0
        context.pointee.finish(ok: ok != 0, result: result)
    }
}
