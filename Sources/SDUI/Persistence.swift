#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Persistence: the functions of include/sdui.h's "Persistence" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses (the files are StateFiles.swift's, the folder's
// lock StateFolder.swift's).

@_cdecl("sdui_persist_service")
public func sdui_persist_service(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        let name = try requiredString(name, "name")
        try engineCall { () throws(EngineError) in try engine.persist(service: name) }
    }
}

@_cdecl("sdui_persist_directory")
public func sdui_persist_directory(_ engine: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        // Held before the storage changes: refused, the old one stays.
        let folder = try StateFolder.hold(try requiredString(path, "path"), for: ObjectIdentifier(engine))
        let files = StateFiles(folder: folder, limit: { [unowned engine] in engine.limits.maxPayloadBytes })
        engine.storage = files.storage
    }
}

@_cdecl("sdui_persist_callbacks")
public func sdui_persist_callbacks(_ engine: OpaquePointer?, _ load: sdui_load_fn?, _ save: sdui_save_fn?,
                                   _ userdata: UnsafeMutableRawPointer?, _ destroy: sdui_destroy_fn?) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        guard let load else { throw .invalid("load is NULL") }
        guard let save else { throw .invalid("save is NULL") }
        let data = UserData(userdata, destroy: destroy)
        engine.storage = StateStorage(load: { (service) throws(EngineError) in
            var buffer: UnsafeMutablePointer<CChar>?
            var length = 0
            let status = load(service, &buffer, &length, data.pointer)
            defer { free(buffer) }
            guard status == SDUI_OK else {
                throw EngineError(.callback, "the load callback failed (\(status): \(statusName(status)))")
            }
            guard let buffer else { return nil }
            return Array(UnsafeRawBufferPointer(start: buffer, count: length))
        }, save: { (service, bytes) throws(EngineError) in
            var text = bytes
            text.append(0)
            let status = text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { save(service, $0.baseAddress, bytes.count, data.pointer) }
            }
            guard status == SDUI_OK else {
                throw EngineError(.callback, "the save callback failed (\(status): \(statusName(status)))")
            }
        })
    }
}
