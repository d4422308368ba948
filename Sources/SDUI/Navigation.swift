import CSDUI
import SDUICore

// Navigation: the functions of include/sdui.h's "Navigation" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_navigate")
public func sdui_navigate(_ engine: OpaquePointer?, _ route: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let route = try requiredString(route, "route")
        try engineCall { () throws(EngineError) in try engine.navigate(to: route) }
    }
}

@_cdecl("sdui_back")
public func sdui_back(_ engine: OpaquePointer?, _ offset: UnsafeMutablePointer<Double>?) -> Int32 {
    offset?.pointee = 0
    return withEngineChanging(engine) { (engine) throws(Failure) in
        let kept = try engineCall { () throws(EngineError) in try engine.back() }
        offset?.pointee = kept ?? 0
    }
}

@_cdecl("sdui_navigation_route")
public func sdui_navigation_route(_ engine: OpaquePointer?,
                                  _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                  _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngine(engine) { (engine) throws(Failure) in
        guard let out else { throw .invalid("out is NULL") }
        guard let route = engine.route else {
            throw Failure(SDUI_ENOTFOUND, "the current page has no route (loaded with sdui_load_page, or no page)")
        }
        try deliver(Array(route.utf8), out, outLength)
    }
}

@_cdecl("sdui_navigation_depth")
public func sdui_navigation_depth(_ engine: OpaquePointer?) -> Int64 {
    guard let handle = EngineHandle.from(engine) else { return -1 }
    var depth: Int64 = -1
    _ = handle.call { () throws(Failure) in depth = Int64(handle.engine.navigationDepth) }
    return depth
}
