import CSDUI
import SDUICore

// Services: the functions of include/sdui.h's "Services" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_register_service")
public func sdui_register_service(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                  _ initialState: UnsafePointer<CChar>?, _ length: Int) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        let name = try requiredString(name, "name")
        let input = try bytes(initialState, length, "initial_state")
        try engineCall { () throws(EngineError) in
            try engine.register(service: name, state: try engine.parse(input))
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

@_cdecl("sdui_unregister_action")
public func sdui_unregister_action(_ engine: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let type = try requiredString(type, "type")
        try engineCall { () throws(EngineError) in try engine.store.unregister(action: type) }
    }
}
