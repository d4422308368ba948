#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Not a header section: the state folder one engine holds
// (sdui_persist_directory), open and locked.

/// A folder of saved states held by one engine: the folder open (its files
/// are opened relative to it, so a folder renamed or replaced later does
/// not move them) and an exclusive lock that keeps every other engine out,
/// of this process or another: `flock` on the file `.sdui.lock` in the
/// folder. `flock` locks belong to an open file description, so a second
/// engine of the same process is refused as one of another process is (a
/// plain `fcntl` lock would let it in). The lock lasts as long as this
/// object, which the engine's storage keeps: it goes when the storage is
/// replaced or the engine freed. The lock file stays (removing it would let
/// two engines lock two different files of the same name).
final class StateFolder {
    /// The lock file's name in the folder.
    static let lockName = ".sdui.lock"

    /// The folder, absolute (for messages).
    let path: String
    /// The folder, open.
    let descriptor: Int32
    /// The lock file, open and locked.
    private let lock: Int32
    /// The folder's identity, its key in `held`.
    private let key: Key
    /// The engine holding it.
    private let owner: ObjectIdentifier

    /// A folder's identity: its device and inode.
    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private init(path: String, descriptor: Int32, lock: Int32, key: Key, owner: ObjectIdentifier) {
        self.path = path
        self.descriptor = descriptor
        self.lock = lock
        self.key = key
        self.owner = owner
    }

    deinit {
        // Unlocked and forgotten in one step, so no engine of this process
        // finds the folder free while the lock is still held.
        held.withLock { table in
            close(lock)
            close(descriptor)
            table[key] = nil
        }
    }

    /// The folder at `path` (created with its parents when missing), held
    /// for `owner`: the one it already holds when it is the same folder,
    /// else a new hold. Throws SDUI_EBUSY when another engine holds it,
    /// SDUI_ERROR when it cannot be made, opened or locked.
    static func hold(_ path: String, for owner: ObjectIdentifier) throws(Failure) -> StateFolder {
        guard !path.isEmpty else { throw .invalid("path is empty") }
        try create(path)
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOTDIR { throw Failure(SDUI_ERROR, "\(path) is not a folder") }
            throw Failure(SDUI_ERROR, "cannot open the folder \(path): \(reason())")
        }
        var keep = false
        defer { if !keep { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw Failure(SDUI_ERROR, "cannot open the folder \(path): \(reason())")
        }
        let key = Key(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        guard let resolved = realpath(path, nil) else {
            throw Failure(SDUI_ERROR, "cannot resolve the folder \(path): \(reason())")
        }
        let absolute = String(cString: resolved)
        free(resolved)
        return try held.withLock { (table) throws(Failure) -> StateFolder in
            if let entry = table[key] {
                if entry.owner == owner, let folder = entry.folder { return folder }
                throw Failure(SDUI_EBUSY, "the state folder \(absolute) is in use by another engine of this process; "
                    + "one folder keeps the states of one engine at a time")
            }
            let lockPath = absolute + "/" + lockName
            let lock = openat(descriptor, lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard lock >= 0 else {
                if errno == ELOOP { throw Failure(SDUI_ERROR, "\(lockPath) is a symbolic link: not followed") }
                throw Failure(SDUI_ERROR, "cannot open the lock file \(lockPath): \(reason())")
            }
            var info = stat()
            guard fstat(lock, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(lock)
                throw Failure(SDUI_ERROR, "\(lockPath) is not a regular file")
            }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let why = reason()
                close(lock)
                if busy {
                    throw Failure(SDUI_EBUSY, "the state folder \(absolute) is in use by another engine "
                        + "(another process holds its lock file \(lockName)); "
                        + "one folder keeps the states of one engine at a time")
                }
                throw Failure(SDUI_ERROR, "cannot lock \(lockPath): \(why)")
            }
            let folder = StateFolder(path: absolute, descriptor: descriptor, lock: lock, key: key, owner: owner)
            table[key] = Held(owner: owner, folder: folder)
            keep = true
            return folder
        }
    }

    /// Makes the folder at `path` and its parents where missing.
    private static func create(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw Failure(SDUI_ERROR, "cannot create the folder \(prefix): \(reason())")
            }
            prefix += "/"
        }
    }

    /// The text of the last error of a C call.
    static func reason() -> String {
        String(cString: strerror(errno))
    }
}

/// A folder of `held`: the engine holding it, and its hold while it lasts.
private struct Held {
    let owner: ObjectIdentifier
    weak var folder: StateFolder?
}

/// The state folders the engines of this process hold, by identity.
private let held = HeldFolders()

/// A table behind a mutex (engines run on any thread).
private final class HeldFolders: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var table: [StateFolder.Key: Held] = [:]

    init() {
        pthread_mutex_init(mutex, nil)
    }

    func withLock<T, E: Error>(_ body: (inout [StateFolder.Key: Held]) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&table)
    }
}
