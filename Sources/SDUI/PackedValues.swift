import CSDUI
import SDUICore

// Packed values: the functions of include/sdui_binding.h's "Packed values" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_call_packed")
public func sdui_call_packed(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?,
                             _ out: UnsafeMutablePointer<UnsafeRawPointer?>?,
                             _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard let out else { throw .invalid("out is NULL") }
        let (bytes, count) = try call.keepPacked(try call.value(source, path))
        out.pointee = bytes
        outLength?.pointee = count
    }
}

@_cdecl("sdui_call_set_packed")
public func sdui_call_set_packed(_ call: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                 _ packed: UnsafeRawPointer?, _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let context = try call.handlerContext("sdui_call_set_packed")
        let at = try SDUI.path(path)
        try call.checkWrite(length, in: context) // refused before it is read
        let value = try call.unpack(packed, length)
        try call.checkNesting(value, at: at)
        try call.set(value, at: at, in: context)
    }
}

@_cdecl("sdui_call_return_packed")
public func sdui_call_return_packed(_ call: OpaquePointer?, _ packed: UnsafeRawPointer?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard let packed else { throw .invalid("packed is NULL") }
        switch call.role {
        case .factory(let render):
            let bytes = UnsafeRawBufferPointer(start: packed, count: length)
            if let view = try call.viewWithin(render.viewLimits, { () throws(ViewLimitError) in
                try FlatView(packed: bytes, maxDepth: call.engine.limits.maxDepth, limits: render.viewLimits)
            }) {
                call.view = .flat(view)
                return
            }
            // Not a view as it stands: the long way says what is wrong.
            let value = try call.unpack(packed, length)
            try call.viewWithin(render.viewLimits) { () throws(ViewLimitError) in try render.viewLimits.check(json: value) }
            do throws(ContractError) {
                call.view = .tree(try ViewNode(json: value))
            } catch {
                throw Failure(SDUI_ECONTRACT, error.description)
            }
        case .handler(let context):
            try call.checkWrite(length, in: context) // refused before it is read
            try call.replaceState(with: call.unpack(packed, length), size: length, in: context)
        default:
            throw .invalid("sdui_call_return_packed is for factories and handlers")
        }
    }
}

@_cdecl("sdui_call_return_flat")
public func sdui_call_return_flat(_ call: OpaquePointer?, _ flat: UnsafeRawPointer?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard let flat else { throw .invalid("flat is NULL") }
        guard case .factory(let render) = call.role else { throw .invalid("sdui_call_return_flat is for factories") }
        let bytes = UnsafeRawBufferPointer(start: flat, count: length)
        let view = try call.viewWithin(render.viewLimits) { () throws(ViewLimitError) in
            try FlatView(flat: bytes, maxDepth: call.engine.limits.maxDepth, limits: render.viewLimits)
        }
        guard let view else {
            throw Failure(SDUI_ECONTRACT,
                          "not a view in the flat form as the engine writes it; return it packed to learn why")
        }
        call.view = .flat(view)
        call.engine.noteFlatView()
    }
}
