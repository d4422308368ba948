#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Not a header section: the file storage of persistent services
// (sdui_persist_directory), on the C library's file calls.

/// The saved states in a held folder (`StateFolder`): service NAME's is
/// the file NAME.json in it, replaced whole by each save (a temporary file
/// of a name no one else uses, fsync, rename, fsync of the folder).
///
/// Nothing found in the folder is trusted: a saved state is read only
/// from a regular file (never through a symbolic link, never a FIFO or a
/// device: opened without blocking, then checked), and only when its size
/// is within the payload limit, which is checked before a byte is read.
struct StateFiles {
    /// The folder, open and locked.
    let folder: StateFolder
    /// The most bytes a saved state may have (the engine's payload limit, asked at each load).
    let limit: () -> Int

    /// The storage reading and writing these files.
    var storage: StateStorage {
        StateStorage(load: { (service) throws(EngineError) in
            try contents(StateFiles.fileName(of: service))
        }, save: { (service, bytes) throws(EngineError) in
            try replace(StateFiles.fileName(of: service), with: bytes)
        })
    }

    /// The file of `service`'s saved state: NAME.json; an engine's own state
    /// ("sdui/appearance": a name with a "/", which no service has) is
    /// sdui.appearance.state, a name no service's file can take.
    static func fileName(of service: String) -> String {
        guard service.contains("/") else { return service + ".json" }
        return String(service.map { $0 == "/" ? "." : $0 }) + ".state"
    }

    /// The bytes of the file `name` of the folder; nil when there is none.
    func contents(_ name: String) throws(EngineError) -> [UInt8]? {
        let path = folder.path + "/" + name
        let fd = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw EngineError(.callback, "\(path) is a symbolic link: not followed") }
            throw EngineError(.callback, "cannot open \(path): \(StateFolder.reason())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw EngineError(.callback, "cannot read \(path): \(StateFolder.reason())")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw EngineError(.callback, "\(path) is not a regular file (\(Self.kind(info.st_mode))): not read")
        }
        let limit = self.limit()
        func tooLarge(_ size: String) -> EngineError {
            EngineError(.limit, "\(path) is \(size) bytes, more than the limit of \(limit) bytes "
                + "(SDUI_LIMIT_PAYLOAD_BYTES): not read")
        }
        guard Int64(info.st_size) <= Int64(limit) else { throw tooLarge(String(info.st_size)) }
        // At most one byte past the limit is read: a file that grew meanwhile is refused too.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw EngineError(.callback, "cannot read \(path): \(StateFolder.reason())")
            }
            count += n
        }
        guard count <= limit else { throw tooLarge("more than \(limit)") }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// What a file that is not a regular one is, for a message.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    /// Replaces the file `name` of the folder by `bytes`, all or nothing:
    /// they go to a new file of a name no one else uses
    /// (`name`.PID.RANDOM.tmp, made with O_EXCL, never through a link),
    /// flushed to disk, renamed over `name`, and the rename is flushed with
    /// the folder. On any failure `name` is as it was and the temporary
    /// file is removed.
    func replace(_ name: String, with bytes: [UInt8]) throws(EngineError) {
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<8 {
            let random = String(UInt32.random(in: .min ... .max), radix: 16)
            temporary = "\(name).\(getpid()).\(random).tmp"
            fd = openat(folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        let shown = folder.path + "/" + temporary
        guard fd >= 0 else {
            throw EngineError(.callback, "cannot create \(shown): \(StateFolder.reason())")
        }
        var failure: String?
        var written = 0
        while failure == nil && written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno != EINTR { failure = "cannot write \(shown): \(StateFolder.reason())" }
            } else {
                written += n
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = "cannot flush \(shown): \(StateFolder.reason())" }
        if close(fd) != 0 && failure == nil { failure = "cannot close \(shown): \(StateFolder.reason())" }
        if failure == nil && renameat(folder.descriptor, temporary, folder.descriptor, name) != 0 {
            failure = "cannot rename \(shown) to \(folder.path)/\(name): \(StateFolder.reason())"
        }
        if let failure {
            unlinkat(folder.descriptor, temporary, 0)
            throw EngineError(.callback, failure)
        }
        // The rename itself is on disk once the folder is (best effort:
        // some file systems cannot flush a folder).
        fsync(folder.descriptor)
    }
}
