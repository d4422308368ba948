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

    deinit {
        destroy?(pointer)
    }
}

@_cdecl("sdui_register_component")
public func sdui_register_component(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?,
                                    _ factory: sdui_factory_fn?, _ userdata: UnsafeMutableRawPointer?,
                                    _ destroy: sdui_destroy_fn?) -> Int32
{
    // Replacing a factory releases the old one, which may run its destroy callback.
    withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        guard let factory else { throw .invalid("factory is NULL") }
        let data = UserData(userdata, destroy: destroy)
        do throws(EngineError) {
            // unowned: the engine owns the closure, so it outlives every call of it.
            try engine.register(component: type) { [unowned engine] input, context in
                try runFactory(factory, data, input: input, context: context, engine: engine)
            }
        } catch {
            data.disarm()
            throw Failure(error)
        }
    }
}

@_cdecl("sdui_register_action")
public func sdui_register_action(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?,
                                 _ handler: sdui_handler_fn?, _ userdata: UnsafeMutableRawPointer?,
                                 _ destroy: sdui_destroy_fn?) -> Int32
{
    withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        guard let handler else { throw .invalid("handler is NULL") }
        let data = UserData(userdata, destroy: destroy)
        do throws(EngineError) {
            try engine.store.register(action: type) { [unowned engine] context in
                try runHandler(handler, data, context: &context, engine: engine)
            }
        } catch {
            data.disarm()
            throw Failure(error)
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
