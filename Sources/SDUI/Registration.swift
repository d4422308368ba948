import CSDUI
import SDUICore

/// Keeps a C callback's userdata alive as long as the engine holds the
/// callback, and calls its destroy function when the engine lets go of it
/// (replaced, or engine freed).
final class UserData {
    let pointer: UnsafeMutableRawPointer?
    private var destroy: sdui_destroy_fn?

    init(_ pointer: UnsafeMutableRawPointer?, destroy: sdui_destroy_fn?) {
        self.pointer = pointer
        self.destroy = destroy
    }

    /// The registration failed: the caller keeps ownership, destroy must not run.
    func disarm() {
        destroy = nil
    }

    /// Runs destroy now (once), rather than whenever the last reference goes:
    /// for callers that must run it inside a guarded stretch.
    func release() {
        let run = destroy
        destroy = nil
        run?(pointer)
    }

    deinit {
        destroy?(pointer)
    }
}

/// The shared part of registering a C callback: checks the type, and hands
/// the userdata to the engine only when `register` succeeds (on failure the
/// caller keeps it and its destroy does not run). Replacing a callback
/// releases the old one, which may run its destroy, so callbacks are marked
/// as running.
private func registerCallback(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ kind: String, present: Bool,
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
        try engine.register(component: type) { [unowned engine] input, context in
            try runFactory(factory!, data, input: input, context: context, engine: engine)
        }
    }
}

@_cdecl("sdui_register_action")
public func sdui_register_action(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?,
                                 _ handler: sdui_handler_fn?, _ userdata: UnsafeMutableRawPointer?,
                                 _ destroy: sdui_destroy_fn?) -> Int32
{
    registerCallback(engine, type, "handler", present: handler != nil, userdata, destroy) { (engine, type, data) throws(EngineError) in
        try engine.store.register(action: type) { [unowned engine] context in
            try runHandler(handler!, data, context: &context, engine: engine)
        }
    }
}

/// Calls a C factory and turns its outcome into a view or an error.
private func runFactory(_ factory: sdui_factory_fn, _ data: UserData, input: JSON, context: RenderContext,
                        engine: Engine) throws -> ViewNode
{
    let call = CallHandle(id: context.componentId, input: input, engine: engine, role: .factory(context))
    let status = factory(call.opaque, data.pointer)
    guard status == SDUI_OK else {
        throw CallbackError(call.userError ?? "factory returned status \(status) (\(statusName(status)))")
    }
    guard let view = call.view else {
        throw CallbackError(call.userError ?? "factory returned SDUI_OK without a view (call sdui_call_return)")
    }
    return view
}

/// Calls a C handler with the context it may change in place.
private func runHandler(_ handler: sdui_handler_fn, _ data: UserData, context: inout HandlerContext,
                        engine: Engine) throws
{
    let action = context.action
    try withUnsafeMutablePointer(to: &context) { pointer in
        let call = CallHandle(id: action.type, input: action.payload, engine: engine, role: .handler(pointer))
        let status = handler(call.opaque, data.pointer)
        guard status == SDUI_OK else {
            throw CallbackError(call.userError ?? "handler returned status \(status) (\(statusName(status)))")
        }
    }
}

func statusName(_ status: Int32) -> String {
    String(cString: sdui_errstr(status)!)
}
