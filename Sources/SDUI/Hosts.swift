import CSDUI
import SDUICore

// Hosts: the functions of include/sdui.h's "Hosts" section (the host
// contract, "Writing a host"). Each function's contract is written in the
// header; here they only translate arguments and statuses.

@_cdecl("sdui_set_input_seq")
public func sdui_set_input_seq(_ engine: OpaquePointer?, _ nodeId: UnsafePointer<CChar>?,
                               _ value: UnsafePointer<CChar>?, _ length: Int, _ seq: Int64) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        let (id, text) = try inputEdit(engine, nodeId, value, length)
        try engineCall { () throws(EngineError) in try engine.setInput(id, text, seq: seq) }
    }
}

@_cdecl("sdui_set_component_height")
public func sdui_set_component_height(_ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ height: Double) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let id = try requiredString(id, "id")
        try engineCall { () throws(EngineError) in try engine.setMeasuredHeight(height, of: id) }
    }
}
