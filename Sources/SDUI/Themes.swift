import CSDUI
import SDUICore

// Themes: the functions of include/sdui.h's "Themes" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_set_theme")
public func sdui_set_theme(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    withEngineChanging(engine, json: json, length) { (engine, input) throws(EngineError) in try engine.setTheme(input) }
}

@_cdecl("sdui_set_appearance")
public func sdui_set_appearance(_ engine: OpaquePointer?, _ appearance: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let name = try requiredString(appearance, "appearance")
        guard let appearance = Appearance(rawValue: name) else {
            throw Failure(SDUI_EINVAL, "appearance must be \"light\" or \"dark\", got \"\(name)\"")
        }
        engine.setAppearance(appearance)
    }
}

@_cdecl("sdui_appearance")
public func sdui_appearance(_ engine: OpaquePointer?) -> UnsafePointer<CChar>? {
    var result: UnsafePointer<CChar>?
    _ = withEngine(engine) { (engine) throws(Failure) in result = appearanceName(engine.appearance) }
    return result
}

private let appearanceNames: [StaticString] = ["light", "dark"]

/// The static C string naming `appearance`.
func appearanceName(_ appearance: Appearance) -> UnsafePointer<CChar> {
    let name = appearanceNames[appearance == .light ? 0 : 1]
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("sdui_theme_values_json")
public func sdui_theme_values_json(_ engine: OpaquePointer?, _ appearance: UnsafePointer<CChar>?,
                                   _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                   _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngine(engine) { (engine) throws(Failure) in
        let name = try requiredString(appearance, "appearance")
        guard let appearance = Appearance(rawValue: name) else {
            throw Failure(SDUI_EINVAL, "appearance must be \"light\" or \"dark\", got \"\(name)\"")
        }
        try deliver(JSONWriter.bytes(engine.themeValues(in: appearance)), out, outLength)
    }
}
