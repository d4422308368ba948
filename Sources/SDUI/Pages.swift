import CSDUI
import SDUICore

// Pages: the functions of include/sdui.h's "Pages" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_load_page")
public func sdui_load_page(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine, json: json, length) { (engine, input) throws(EngineError) in try engine.loadPage(input) }
}

@_cdecl("sdui_set_capabilities")
public func sdui_set_capabilities(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine, json: json, length) { (engine, input) throws(EngineError) in
        try engine.setCapabilities(input)
    }
}

@_cdecl("sdui_check_json")
public func sdui_check_json(_ engine: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ json: UnsafePointer<CChar>?,
                            _ length: Int) -> Int32
{
    withEngine(engine) { (engine) throws(Failure) in
        let name = try requiredString(kind, "kind")
        guard let payloadKind = PayloadKind(rawValue: name) else {
            let names = PayloadKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw .invalid("unknown kind \"\(name)\" (expected \(names))")
        }
        let input = try bytes(json, length, "json")
        try engineCall { () throws(EngineError) in try engine.check(input, as: payloadKind) }
    }
}
