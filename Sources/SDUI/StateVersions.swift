import CSDUI
import SDUICore

// State versions: the function of include/sdui_binding.h's "State versions" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_call_versions")
public func sdui_call_versions(_ call: OpaquePointer?, _ received: UnsafeMutablePointer<Int64>?,
                               _ result: UnsafeMutablePointer<Int64>?) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let context = try call.handlerContext("sdui_call_versions")
        received?.pointee = context.pointee.versions.received
        result?.pointee = context.pointee.versions.result
    }
}
