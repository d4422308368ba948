import CSDUI
import SDUICore

// Callbacks: the functions of include/sdui.h's "Callbacks" section (registering a
// factory, the sdui_call_* readers and writers), and how C callbacks are run.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

/// The shared part of registering a C callback: checks the type, and hands
/// the userdata to the engine only when `register` succeeds (on failure the
/// caller keeps it and its destroy does not run). Replacing a callback
/// releases the old one, which may run its destroy, so callbacks are marked
/// as running.
func registerCallback(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ kind: String, present: Bool,
                              _ userdata: UnsafeMutableRawPointer?, _ destroy: sdui_destroy_fn?,
                              _ register: (Engine, String, UserData) throws(EngineError) -> Void) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        guard present else { throw .invalid("\(kind) is NULL") }
        let data = UserData(userdata, destroy: destroy)
        do throws(EngineError) {
            try register(engine, type, data)
        } catch {
            data.disarm()
            throw Failure(error)
        }
    }
}

@_cdecl("sdui_register_component")
public func sdui_register_component(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?,
                                    _ factory: sdui_factory_fn?, _ userdata: UnsafeMutableRawPointer?,
                                    _ destroy: sdui_destroy_fn?) -> Int32
{
    registerCallback(engine, type, "factory", present: factory != nil, userdata, destroy) { (engine, type, data) throws(EngineError) in
        // unowned: the engine owns the closure, so it outlives every call of it.
        try engine.register(flatComponent: type) { [unowned engine] input, context in
            try runFactory(factory!, data, input: input, context: context, engine: engine)
        }
    }
}

@_cdecl("sdui_unregister_component")
public func sdui_unregister_component(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        try engineCall { () throws(EngineError) in try engine.unregister(component: type) }
    }
}

/// Calls a C factory and turns its outcome into a view or an error.
func runFactory(_ factory: sdui_factory_fn, _ data: UserData, input: ComponentData, context: RenderContext,
                engine: Engine) throws -> FlatView
{
    try input.withText { (text, token) throws -> FlatView in
        let call = CallHandle(id: context.componentId, data: input, text: text, token: token, engine: engine,
                              role: .factory(context))
        let status = factory(call.opaque, data.pointer)
        if let limit = call.viewLimitError, status != SDUI_OK || call.view == nil { throw limit } // the cause, whatever it says
        guard status == SDUI_OK else {
            throw CallbackError(call.userError ?? "factory returned status \(status) (\(statusName(status)))")
        }
        switch call.view {
        case .flat(let view)?: return view
        case .tree(let node)?:
            let view = try FlatView(checking: node, componentId: context.componentId)
            try context.viewLimits.check(view)
            return view
        case nil:
            throw CallbackError(call.userError ?? "factory returned SDUI_OK without a view (call sdui_call_return)")
        }
    }
}

/// Calls a C handler with the context it may change in place.
func runHandler(_ handler: sdui_handler_fn, _ data: UserData, context: inout HandlerContext,
                        engine: Engine) throws
{
    try withUnsafeMutablePointer(to: &context) { pointer in
        let call = CallHandle(id: pointer.pointee.action.type, input: pointer.pointee.action.payload,
                              engine: engine, role: .handler(pointer))
        let status = handler(call.opaque, data.pointer)
        guard status == SDUI_OK else {
            throw CallbackError(call.userError ?? "handler returned status \(status) (\(statusName(status)))")
        }
    }
}

/// Calls a C callback that may only read and queue actions (subscriber,
/// performer, middleware) and turns its status into an error.
func runQueueing(_ fn: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32, _ data: UserData,
                         _ call: CallHandle, _ what: String) throws
{
    let status = fn(call.opaque, data.pointer)
    guard status == SDUI_OK else {
        throw CallbackError(call.userError ?? "\(what) returned status \(status) (\(statusName(status)))")
    }
}

@_cdecl("sdui_call_id")
public func sdui_call_id(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let call = CallHandle.from(call) else { return nil }
    return call.keep(call.id)
}

@_cdecl("sdui_call_string")
public func sdui_call_string(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?)
    -> UnsafePointer<CChar>?
{
    guard let call = CallHandle.from(call) else { return nil }
    var result: UnsafePointer<CChar>?
    _ = call.run { () throws(Failure) in
        let value = try call.value(source, path)
        guard case .string(let s) = value else { throw Failure(SDUI_ECONTRACT, "expected a string, found \(value.typeName)") }
        result = call.keep(s)
    }
    return result
}

@_cdecl("sdui_call_number")
public func sdui_call_number(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?,
                             _ out: UnsafeMutablePointer<Double>?) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard let out else { throw .invalid("out is NULL") }
        let value = try call.value(source, path)
        guard let number = value.doubleValue else {
            throw Failure(SDUI_ECONTRACT, "expected a number, found \(value.typeName)")
        }
        out.pointee = number
    }
}

@_cdecl("sdui_call_count")
public func sdui_call_count(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?) -> Int64 {
    guard let call = CallHandle.from(call) else { return -1 }
    var count: Int64 = -1
    _ = call.run { () throws(Failure) in
        switch try call.value(source, path) {
        case .array(let a): count = Int64(a.count)
        case .object(let o): count = Int64(o.count)
        case let other: throw Failure(SDUI_ECONTRACT, "expected an array or object, found \(other.typeName)")
        }
    }
    return count
}

@_cdecl("sdui_call_json")
public func sdui_call_json(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?,
                           _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                           _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        try deliver(JSONWriter.bytes(try call.value(source, path)), out, outLength)
    }
}

@_cdecl("sdui_call_state")
public func sdui_call_state(_ call: OpaquePointer?, _ service: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
                            _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let service = try requiredString(service, "service")
        let at = try SDUI.path(path)
        let found: JSON?
        switch call.role {
        case .factory(let context): found = context.state(service, at: at)
        case .handler(let context): found = context.pointee.state(of: service, at: at)
        default: found = call.engine.store.value(of: service, at: at)
        }
        guard let found else { // the common case of a factory's lookup: its message made only when read
            throw Failure(SDUI_ENOTFOUND, later: { "nothing at \(at) in service \"\(service)\"" })
        }
        try deliver(JSONWriter.bytes(found), out, outLength)
    }
}

@_cdecl("sdui_call_appearance")
public func sdui_call_appearance(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let call = CallHandle.from(call) else { return nil }
    if case .factory(let context) = call.role { return appearanceName(context.appearance) } // a recorded read
    return appearanceName(call.engine.appearance)
}

@_cdecl("sdui_call_limit")
public func sdui_call_limit(_ call: OpaquePointer?, _ which: Int32) -> Int64 {
    guard let call = CallHandle.from(call), let value = limitValue(call.engine.limits, which) else { return -1 }
    return Int64(value)
}

@_cdecl("sdui_call_return")
public func sdui_call_return(_ call: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let (value, input) = try call.parse(json, length)
        switch call.role {
        case .factory(let render):
            try call.viewWithin(render.viewLimits) { () throws(ViewLimitError) in try render.viewLimits.check(json: value) }
            do throws(ContractError) {
                call.view = .tree(try ViewNode(json: value))
            } catch {
                throw Failure(Engine.located(error, in: input))
            }
        case .handler(let context):
            try call.replaceState(with: value, size: nil, in: context)
        default:
            throw .invalid("sdui_call_return is for factories and handlers")
        }
    }
}

@_cdecl("sdui_call_set")
public func sdui_call_set(_ call: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ json: UnsafePointer<CChar>?,
                          _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let context = try call.handlerContext("sdui_call_set")
        let at = try SDUI.path(path)
        var value: JSON?
        if json != nil {
            value = try call.parse(json, length).0
        }
        try call.checkNesting(value, at: at)
        try call.set(value, at: at, in: context)
    }
}

@_cdecl("sdui_call_dispatch")
public func sdui_call_dispatch(_ call: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let input = try bytes(json, length, "json")
        let action = try engineCall { () throws(EngineError) in try call.engine.action(from: input) }
        switch call.role {
        case .handler(let context):
            context.pointee.dispatch(action)
            if let limit = context.pointee.limitError { throw Failure(limit) } // not queued
        case .subscriber(let context): context.pointee.dispatch(action)
        case .performer(let context): context.pointee.dispatch(action)
        case .factory, .middleware:
            throw .invalid("sdui_call_dispatch is for handlers, subscribers and performers")
        }
    }
}

@_cdecl("sdui_call_errmsg")
public func sdui_call_errmsg(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let call = CallHandle.from(call) else { return sdui_errmsg(nil) }
    return call.errorMessage
}

@_cdecl("sdui_call_error")
public func sdui_call_error(_ call: OpaquePointer?, _ message: UnsafePointer<CChar>?) {
    guard let call = CallHandle.from(call) else { return }
    call.userError = message.map { String(cString: $0) }
}

@_cdecl("sdui_call_warn")
public func sdui_call_warn(_ call: OpaquePointer?, _ message: UnsafePointer<CChar>?) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        var message = try requiredString(message, "message")
        call.warnings += 1
        if call.warnings > CallHandle.maxWarnings + 1 { return }
        if call.warnings == CallHandle.maxWarnings + 1 {
            message = "more than \(CallHandle.maxWarnings) warnings in one call; the rest are dropped"
        } else if message.utf8.count > CallHandle.maxWarningBytes {
            var cut = message.utf8.index(message.utf8.startIndex, offsetBy: CallHandle.maxWarningBytes)
            while cut > message.utf8.startIndex && !message.unicodeScalars.indices.contains(cut) {
                cut = message.utf8.index(before: cut)
            }
            message = String(message[..<cut]) + "…"
        }
        switch call.role {
        case .factory(let context): context.warn(message)
        case .handler(let context): context.pointee.warn(message)
        case .subscriber: call.engine.warn(message, from: "subscriber of \"\(call.id)\"")
        case .performer: call.engine.warn(message, from: "performer of \"\(call.id)\"")
        case .middleware: call.engine.warn(message, from: "middleware on action \"\(call.id)\"")
        }
    }
}

@_cdecl("sdui_call_rollback")
public func sdui_call_rollback(_ call: OpaquePointer?) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        switch call.role {
        case .factory(let context):
            call.view = nil
            call.builder = ViewNodeBuilder()
            context.rollback()
        case .handler(let context):
            context.pointee.rollback()
        case .subscriber, .performer, .middleware:
            throw .invalid("sdui_call_rollback is for factories and handlers")
        }
    }
}
