#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// The engine-level C functions of include/sdui.h. Each documents its contract
// in the header; here they only translate arguments and statuses.

private let versionString: StaticString = "0.1.0"

@_cdecl("sdui_libversion")
public func sdui_libversion() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("sdui_libversion_number")
public func sdui_libversion_number() -> Int32 {
    SDUI_VERSION_NUMBER
}

@_cdecl("sdui_engine_new")
public func sdui_engine_new() -> OpaquePointer? {
    let handle = EngineHandle()
    return OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
}

@_cdecl("sdui_engine_free")
public func sdui_engine_free(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(engine)).release()
}

private let nullEngineMessage: StaticString = "engine is NULL"
private let noMessage: StaticString = ""

@_cdecl("sdui_errmsg")
public func sdui_errmsg(_ engine: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let handle = EngineHandle.from(engine) else {
        return UnsafeRawPointer(nullEngineMessage.utf8Start).assumingMemoryBound(to: CChar.self)
    }
    return handle.messagePointer ?? UnsafeRawPointer(noMessage.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("sdui_limit")
public func sdui_limit(_ engine: OpaquePointer?, _ which: Int32, _ value: Int64) -> Int64 {
    guard let handle = EngineHandle.from(engine) else { return -1 }
    var previous: Int64 = -1
    let keyPath: WritableKeyPath<EngineLimits, Int>
    switch which {
    case SDUI_LIMIT_PAYLOAD_BYTES: keyPath = \.maxPayloadBytes
    case SDUI_LIMIT_DEPTH: keyPath = \.maxDepth
    case SDUI_LIMIT_QUEUE: keyPath = \.queueLimit
    default: return -1
    }
    let status = handle.call { () throws(Failure) in
        previous = Int64(handle.engine.limits[keyPath: keyPath])
        if value >= 0 {
            handle.engine.limits[keyPath: keyPath] = Int(clamping: value)
        }
    }
    return status == SDUI_OK ? previous : -1
}

@_cdecl("sdui_load_page")
public func sdui_load_page(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let input = try bytes(json, length, "json")
        try engineCall { () throws(EngineError) in try engine.loadPage(input) }
    }
}

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

@_cdecl("sdui_dispatch")
public func sdui_dispatch(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let input = try bytes(json, length, "json")
        try engineCall { () throws(EngineError) in try engine.dispatch(input) }
    }
}

@_cdecl("sdui_state_json")
public func sdui_state_json(_ engine: OpaquePointer?, _ service: UnsafePointer<CChar>?,
                            _ path: UnsafePointer<CChar>?,
                            _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngine(engine) { (engine) throws(Failure) in
        let service = try requiredString(service, "service")
        let at = try SDUI.path(path)
        let value = try engineCall { () throws(EngineError) in try engine.store.state(service, at: at) }
        try deliver(JSONWriter.bytes(value), out, outLength)
    }
}

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
