import CSDUI
import SDUICore

// Render: the functions of include/sdui.h's "Render" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_render_json")
public func sdui_render_json(_ engine: OpaquePointer?,
                             _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                             _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard out != nil else { throw .invalid("out is NULL") }
        let json = engine.renderJSON(allocator: mallocAllocator)
        guard let json else { throw Failure(SDUI_ENOMEM, "out of memory writing the screen") }
        out?.pointee = UnsafeMutableRawPointer(mutating: json.baseAddress!).assumingMemoryBound(to: CChar.self)
        outLength?.pointee = json.count
    }
}

@_cdecl("sdui_component_json")
public func sdui_component_json(_ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?,
                                _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        let id = try requiredString(id, "id")
        guard out != nil else { throw .invalid("out is NULL") }
        guard let json = engine.componentJSON(id: id) else {
            throw Failure(SDUI_ENOTFOUND, "no component \(JSONWriter.quoted(id)) on the screen")
        }
        try deliver(json, out, outLength)
    }
}

@_cdecl("sdui_render_text")
public func sdui_render_text(_ engine: OpaquePointer?,
                             _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                             _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard out != nil else { throw .invalid("out is NULL") }
        try deliver(Array(TextRenderer.render(engine.render()).utf8), out, outLength)
    }
}

@_cdecl("sdui_diagnostics_json")
public func sdui_diagnostics_json(_ engine: OpaquePointer?,
                                  _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                  _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngine(engine) { (engine) throws(Failure) in
        try deliver(JSONWriter.bytes(.array(engine.diagnostics.map(\.json))), out, outLength)
    }
}
