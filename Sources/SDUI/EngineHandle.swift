#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Not a header section: what a `sdui_engine *` is, its lock and messages.

/// What a `sdui_engine *` points at: the core engine, the lock that
/// serializes calls on it, and each thread's message of its last call.
final class EngineHandle {
    let engine = Engine()
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// sdui_errmsg's text for each thread whose last call failed: owned
    /// here, replaced or dropped by that thread's next call. A thread that
    /// succeeds keeps no entry, so the table stays as small as the number of
    /// threads currently holding an error.
    private var messages: [pthread_t: UnsafeMutablePointer<CChar>] = [:]
    /// How many callbacks (or callback-triggering steps) are running; a call
    /// arriving while it is non-zero holds the recursive lock, so it comes
    /// from inside a callback on this thread.
    private var callbackDepth = 0
    /// How deep the calling thread is in engine calls and sdui_lock; the
    /// patch listener runs when it returns to zero.
    private var depth = 0
    /// A call since the last delivery may have changed the screen.
    var changed = false
    /// sdui_set_patch_listener's listener.
    var patchListener: (run: sdui_patch_fn, data: UserData)?
    /// sdui_set_clientdata's entries, in order of attachment.
    private var clientData: [(name: String, data: UnsafeMutableRawPointer, destroy: sdui_destroy_fn?)] = []

    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        // The destroy functions run below may call the engine: refused as
        // calls from callbacks are (sdui_engine_free among them).
        depth += 1
        callbackDepth += 1
        // Factories and handlers may use client data (the script host's Lua
        // state), so they go first; then client data, newest first.
        engine.releaseCallbacks()
        for entry in clientData.reversed() {
            entry.destroy?(entry.data)
        }
        messages.values.forEach { free($0) }
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    var opaque: OpaquePointer {
        OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    }

    static func from(_ pointer: OpaquePointer?) -> EngineHandle? {
        guard let pointer else { return nil }
        return Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// Runs one API call under the lock, turning its outcome into a status and
    /// the engine's message. Calls from inside a callback get SDUI_EBUSY.
    func call(_ body: () throws(Failure) -> Void) -> Int32 {
        lock()
        defer { unlock() }
        guard callbackDepth == 0 else {
            setMessage("engine called from inside one of its own callbacks; use the sdui_call_* functions there")
            return SDUI_EBUSY
        }
        do {
            try body()
            setMessage("")
            return SDUI_OK
        } catch {
            setMessage(error.message)
            return error.status
        }
    }

    /// Marks a stretch that may run user callbacks (factories, handlers,
    /// destroy functions), so any re-entrant engine call is refused.
    func runningCallbacks<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        callbackDepth += 1
        defer { callbackDepth -= 1 }
        return try body()
    }

    func lock() {
        pthread_mutex_lock(mutex)
        depth += 1
    }

    /// Releases one level of the lock; leaving the outermost level delivers
    /// pending patches to the listener first.
    func unlock() {
        if depth == 1, changed, callbackDepth == 0, let listener = patchListener {
            changed = false
            // The call's own message outlives the delivery: what the
            // listener's calls leave behind is dropped.
            let thread = pthread_self()
            let kept = messages.removeValue(forKey: thread)
            defer {
                if let left = messages.removeValue(forKey: thread) { free(left) }
                if let kept { messages[thread] = kept }
            }
            runningCallbacks {
                let patches = engine.takePatches()
                if !patches.isEmpty {
                    let json = patches.jsonBytes()
                    json.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { text in
                            listener.run(text.baseAddress, json.count, listener.data.pointer)
                        }
                    }
                }
            }
        }
        depth -= 1
        pthread_mutex_unlock(mutex)
    }

    /// Attaches, replaces or (nil) removes client data; the old entry's destroy runs.
    func setClientData(_ name: String, _ data: UnsafeMutableRawPointer?, _ destroy: sdui_destroy_fn?) {
        let old = clientData.firstIndex { $0.name == name }.map { clientData.remove(at: $0) }
        if let data { clientData.append((name, data, destroy)) }
        if let old { runningCallbacks { old.destroy?(old.data) } }
    }

    func clientData(_ name: String) -> UnsafeMutableRawPointer? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return clientData.first { $0.name == name }?.data
    }

    /// Whether the calling thread is inside one of the engine's calls (a
    /// callback, the patch listener) or between sdui_lock and sdui_unlock:
    /// freeing the engine then would pull it from under the call.
    var isHeldByThisThread: Bool {
        pthread_mutex_lock(mutex) // recursive: another thread's call is waited for, this thread's is not
        defer { pthread_mutex_unlock(mutex) }
        return depth > 0
    }

    /// Sets the calling thread's message outside a regular call.
    func report(_ status: Int32, _ text: String) -> Int32 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        setMessage(status == SDUI_OK ? "" : text)
        return status
    }

    /// The calling thread's message, or nil when its last call succeeded.
    /// The pointer stays valid until this thread's next call on the engine.
    var messagePointer: UnsafePointer<CChar>? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return messages[pthread_self()].map { UnsafePointer($0) }
    }

    private func setMessage(_ text: String) {
        if text.isEmpty && messages.isEmpty { return } // nothing to clear (no lookup)
        let thread = pthread_self()
        if let old = messages.removeValue(forKey: thread) { free(old) }
        // A message quotes input (ids, types, strings): escape its control
        // characters, or a NUL would cut the C string short.
        if !text.isEmpty, let copy = strdup(text.escapingControlCharacters(keepingNewlines: true)) {
            messages[thread] = copy
        }
    }
}

/// Runs `body` on the engine behind `pointer`, or returns SDUI_EINVAL for NULL.
func withEngine(_ pointer: OpaquePointer?, _ body: (Engine) throws(Failure) -> Void) -> Int32 {
    guard let handle = EngineHandle.from(pointer) else { return SDUI_EINVAL }
    return handle.call { () throws(Failure) in try body(handle.engine) }
}

/// Runs `body` on the engine behind `pointer` with callbacks allowed to run.
func withEngineRunningCallbacks(_ pointer: OpaquePointer?, _ body: (Engine) throws(Failure) -> Void) -> Int32 {
    guard let handle = EngineHandle.from(pointer) else { return SDUI_EINVAL }
    return handle.call { () throws(Failure) in
        try handle.runningCallbacks { () throws(Failure) in try body(handle.engine) }
    }
}

/// Like withEngineRunningCallbacks, for calls that may change the screen:
/// the patch listener hears about them.
func withEngineChanging(_ pointer: OpaquePointer?, _ body: (Engine) throws(Failure) -> Void) -> Int32 {
    guard let handle = EngineHandle.from(pointer) else { return SDUI_EINVAL }
    return handle.call { () throws(Failure) in
        handle.changed = true
        try handle.runningCallbacks { () throws(Failure) in try body(handle.engine) }
    }
}

/// The functions that hand a changing engine one JSON text (`sdui_load_page`,
/// `sdui_dispatch`...): the text, NULL refused, then `apply`, whose core
/// error becomes the status.
func withEngineChanging(_ pointer: OpaquePointer?, json: UnsafePointer<CChar>?, _ length: Int,
                        _ apply: (Engine, UnsafeRawBufferPointer) throws(EngineError) -> Void) -> Int32
{
    withEngineChanging(pointer) { (engine) throws(Failure) in
        let input = try bytes(json, length, "json")
        try engineCall { () throws(EngineError) in try apply(engine, input) }
    }
}

/// Converts a core error thrown by `body` into a Failure.
func engineCall<T>(_ body: () throws(EngineError) -> T) throws(Failure) -> T {
    do {
        return try body()
    } catch {
        throw Failure(error)
    }
}
