import CSDUI
import SDUICore

// Dispatch: the functions of include/sdui.h's "Dispatch" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_dispatch")
public func sdui_dispatch(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine, json: json, length) { (engine, input) throws(EngineError) in try engine.dispatch(input) }
}

@_cdecl("sdui_set_input")
public func sdui_set_input(_ engine: OpaquePointer?, _ nodeId: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?,
                           _ length: Int) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let (id, text) = try inputEdit(engine, nodeId, value, length)
        try engineCall { () throws(EngineError) in try engine.setInput(id, text) }
    }
}

/// The node id and the text of an input edit (`sdui_set_input`,
/// `sdui_set_input_seq`): the size checked first, then the UTF-8.
func inputEdit(_ engine: Engine, _ nodeId: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?, _ length: Int)
    throws(Failure) -> (id: String, text: String)
{
    let id = try requiredString(nodeId, "node_id")
    let input = try bytes(value, length, "value")
    try engineCall { () throws(EngineError) in
        try InputDomain.checkSize(length, node: id, limit: engine.limits.maxPayloadBytes)
    }
    guard let text = String(validating: input.bindMemory(to: UInt8.self), as: UTF8.self) else {
        throw .invalid("value is not valid UTF-8")
    }
    return (id, text)
}

@_cdecl("sdui_press")
public func sdui_press(_ engine: OpaquePointer?, _ nodeId: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let id = try requiredString(nodeId, "node_id")
        try engineCall { () throws(EngineError) in try engine.press(id) }
    }
}
