#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Not a header section: the file storage of persistent services
// (sdui_persist_directory), on the C library's file calls.

/// A folder of saved states: service NAME's is the file NAME.json in it,
/// replaced whole by each save (a temporary file, fsync, rename).
struct StateFiles {
    /// The folder, absolute.
    let directory: String

    /// The folder at `path`, created with its parents when missing.
    init(creating path: String) throws(Failure) {
        guard !path.isEmpty else { throw .invalid("path is empty") }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw Failure(SDUI_ERROR, "cannot create the folder \(prefix): \(Self.reason())")
            }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Failure(SDUI_ERROR, "cannot open the folder \(path): \(Self.reason())")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(SDUI_ERROR, "\(path) is not a folder")
        }
        guard let resolved = realpath(path, nil) else {
            throw Failure(SDUI_ERROR, "cannot resolve the folder \(path): \(Self.reason())")
        }
        directory = String(cString: resolved)
        free(resolved)
    }

    /// The file of `service`'s state.
    func file(of service: String) -> String {
        directory + "/" + service + ".json"
    }

    /// The storage reading and writing these files.
    var storage: StateStorage {
        StateStorage(load: { (service) throws(EngineError) in
            try Self.contents(file(of: service))
        }, save: { (service, bytes) throws(EngineError) in
            try Self.replace(file(of: service), with: bytes, folder: directory)
        })
    }

    /// The text of the last error of a C call.
    static func reason() -> String {
        String(cString: strerror(errno))
    }

    /// The bytes of the file at `path`; nil when there is none.
    static func contents(_ path: String) throws(EngineError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw EngineError(.callback, "cannot open \(path): \(reason())")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw EngineError(.callback, "cannot read \(path): \(reason())")
            }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    /// Replaces the file at `path` by `bytes`, all or nothing: they go to
    /// `path`.tmp, flushed to disk, renamed over `path`, and the rename is
    /// flushed with `folder`. On any failure `path` is as it was and the
    /// temporary file is removed.
    static func replace(_ path: String, with bytes: [UInt8], folder: String) throws(EngineError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw EngineError(.callback, "cannot create \(temporary): \(reason())")
        }
        var failure: String?
        var written = 0
        while failure == nil && written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno != EINTR { failure = "cannot write \(temporary): \(reason())" }
            } else {
                written += n
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = "cannot flush \(temporary): \(reason())" }
        if close(fd) != 0 && failure == nil { failure = "cannot close \(temporary): \(reason())" }
        if failure == nil && rename(temporary, path) != 0 { failure = "cannot rename \(temporary) to \(path): \(reason())" }
        if let failure {
            unlink(temporary)
            throw EngineError(.callback, failure)
        }
        // The rename itself is on disk once the folder is (best effort:
        // some file systems cannot flush a folder).
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }
}
