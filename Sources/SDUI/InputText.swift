import CSDUI
import SDUICore

// Input text: the function of include/sdui_binding.h's "Input text" section.
// Its contract is written in the header; here it only translates arguments
// and statuses.

@_cdecl("sdui_call_input_text")
public func sdui_call_input_text(_ call: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                                 _ outLength: UnsafeMutablePointer<Int>?,
                                 _ token: UnsafeMutablePointer<CUnsignedLongLong>?) -> Int32
{
    out?.pointee = nil
    token?.pointee = 0
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard let out, let outLength else { throw .invalid("out and out_len must not be NULL") }
        if let text = call.inputText {
            out.pointee = text.baseAddress.map { $0.assumingMemoryBound(to: CChar.self) } ?? call.keep("")
            outLength.pointee = text.count
            token?.pointee = CUnsignedLongLong(call.inputToken)
        } else {
            let json = JSONWriter.bytes(call.input)
            out.pointee = try call.keep(json)
            outLength.pointee = json.count
        }
    }
}
