#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Engine: the functions of include/sdui.h's "Engine" section (and "Version").
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

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
    guard let handle = EngineHandle.from(engine) else { return }
    if handle.isHeldByThisThread {
        // From a callback or under sdui_lock: the call on the stack still
        // uses the engine. Refused, as any other call from there is.
        _ = handle.report(SDUI_EBUSY, "sdui_engine_free called from inside one of the engine's own callbacks "
            + "(or between sdui_lock and sdui_unlock): refused, the engine stays; free it after the call returns")
        return
    }
    Unmanaged.passUnretained(handle).release()
}

@_cdecl("sdui_free")
public func sdui_free(_ buffer: UnsafeMutableRawPointer?) {
    free(buffer)
}

@_cdecl("sdui_lock")
public func sdui_lock(_ engine: OpaquePointer?) {
    EngineHandle.from(engine)?.lock()
}

@_cdecl("sdui_unlock")
public func sdui_unlock(_ engine: OpaquePointer?) {
    EngineHandle.from(engine)?.unlock()
}
