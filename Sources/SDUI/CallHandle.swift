#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Not a header section: what a `sdui_call *` is.

/// What a `sdui_call *` points at: one factory or handler invocation.
/// It lives on the Swift stack frame that runs the callback and dies with it.
final class CallHandle {
    enum Role {
        case factory(RenderContext)
        /// The contexts below are valid only while their callback runs.
        case handler(UnsafeMutablePointer<HandlerContext>)
        case subscriber(UnsafeMutablePointer<SubscriptionContext>)
        case performer(UnsafeMutablePointer<EffectContext>)
        case middleware
    }

    let id: String
    /// The input (a factory's data, a handler's payload) as a value; a
    /// factory's data is parsed only if something reads it this way.
    private(set) lazy var input: JSON = data?.value ?? .null
    /// A factory's data as it came, and its text while the factory runs
    /// (nil for data held as a value, and for other callbacks).
    let data: ComponentData?
    let inputText: UnsafeRawBufferPointer?
    let inputToken: UInt64
    let engine: Engine
    let role: Role
    /// What a factory returned, once a call accepted it.
    enum View {
        /// A tree (sdui_call_return, the node builder): its keys are checked
        /// when the factory returns, as the engine keeps it flat. Boxed: the
        /// enum is then two pointers' worth, every byte written, which
        /// valgrind can follow (with the node inline it reports the
        /// payload's unwritten bytes read for the tag).
        indirect case tree(ViewNode)
        /// Read flat from packed bytes, checked (sdui_call_return_packed).
        case flat(FlatView)
    }

    /// The factory's view, once sdui_call_return or its kin accepted one.
    var view: View?
    /// The tree sdui_call_begin/sdui_call_end are building.
    var builder = ViewNodeBuilder()
    /// The message given with sdui_call_error.
    var userError: String?
    /// The view limit a view handed over ran into: the factory fails with
    /// it, whatever status it returns (`runFactory`).
    var viewLimitError: ViewLimitError?
    /// The nodes sdui_call_begin began, counted against the view's node limit.
    var builtNodes = 0
    /// The warnings sdui_call_warn took in this call (at most `maxWarnings` are kept).
    var warnings = 0
    /// Warnings one call may leave in the diagnostics; past it one notice says
    /// the rest were dropped. A callback that warns in a loop cannot make
    /// the engine hold more than this many, each at most `maxWarningBytes`.
    static let maxWarnings = 64
    /// Bytes of one warning kept; a longer one is cut at a character boundary, with "…".
    static let maxWarningBytes = 4096
    /// sdui_call_errmsg's text.
    private var lastError: UnsafeMutablePointer<CChar>?
    /// The last failure's message still to be made (`Failure.later`).
    private var pendingError: (@Sendable () -> String)?
    /// Strings handed to the callback; freed when the call ends. The first
    /// one has its own place (most calls hand over one: no array for it).
    private var firstString: UnsafeMutablePointer<CChar>?
    private var strings: [UnsafeMutablePointer<CChar>] = []

    init(id: String, input: JSON, engine: Engine, role: Role) {
        self.id = id
        self.data = nil
        self.inputText = nil
        self.inputToken = 0
        self.engine = engine
        self.role = role
        self.input = input
    }

    /// A factory's call: `text` and `token` are `data.withText`'s, valid while the factory runs.
    init(id: String, data: ComponentData, text: UnsafeRawBufferPointer?, token: UInt64, engine: Engine,
         role: Role)
    {
        self.id = id
        self.data = data
        self.inputText = text
        self.inputToken = token
        self.engine = engine
        self.role = role
    }

    deinit {
        free(firstString)
        strings.forEach { free($0) }
        free(lastError)
    }

    var opaque: OpaquePointer {
        OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    }

    static func from(_ pointer: OpaquePointer?) -> CallHandle? {
        guard let pointer else { return nil }
        return Unmanaged<CallHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// The packed form of `value` in memory owned by this call.
    func keepPacked(_ value: JSON) throws(Failure) -> (UnsafeRawPointer, Int) {
        let size = PackedValue.size(of: value)
        guard let buffer = malloc(size) else { throw Failure(SDUI_ENOMEM, "out of memory allocating \(size) bytes") }
        PackedValue.write(value, to: buffer)
        remember(buffer.assumingMemoryBound(to: CChar.self))
        return (UnsafeRawPointer(buffer), size)
    }

    /// Reads packed input under the engine's depth limit.
    func unpack(_ pointer: UnsafeRawPointer?, _ length: Int) throws(Failure) -> JSON {
        guard let pointer else { throw .invalid("packed is NULL") }
        do {
            return try PackedValue.read(UnsafeRawBufferPointer(start: pointer, count: length),
                                        maxDepth: engine.limits.maxDepth)
        } catch {
            throw Failure(error.tooDeep ? SDUI_ELIMIT : SDUI_EPARSE, error.description)
        }
    }

    /// A NUL-terminated copy of `bytes` owned by this call.
    func keep(_ bytes: [UInt8]) throws(Failure) -> UnsafePointer<CChar> {
        let copy = try mallocCopy(bytes)
        remember(copy)
        return UnsafePointer(copy)
    }

    /// A C string owned by this call.
    func keep(_ text: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        remember(copy)
        return UnsafePointer(copy)
    }

    /// Frees `string` when the call ends.
    private func remember(_ string: UnsafeMutablePointer<CChar>) {
        if firstString == nil {
            firstString = string
        } else {
            strings.append(string)
        }
    }

    /// Runs one sdui_call_* function, recording its failure message.
    func run(_ body: () throws(Failure) -> Void) -> Int32 {
        free(lastError)
        lastError = nil
        pendingError = nil
        do {
            try body()
            return SDUI_OK
        } catch {
            if let later = error.later { pendingError = later } else { lastError = strdup(error.message) }
            return error.status
        }
    }

    var errorMessage: UnsafePointer<CChar>? {
        if let pendingError {
            lastError = strdup(pendingError())
            self.pendingError = nil
        }
        return lastError.map { UnsafePointer($0) } ?? keep("")
    }

    /// The JSON a reader's source names.
    func source(_ which: Int32) throws(Failure) -> JSON {
        switch (which, role) {
        case (SDUI_INPUT, _): return input
        case (SDUI_STATE, .handler(let context)): return context.pointee.state
        case (SDUI_STATE, _): throw .invalid("SDUI_STATE is only available in a handler; use sdui_call_state elsewhere")
        default: throw .invalid("unknown source \(which)")
        }
    }

    /// The value at `path` in a source.
    func value(_ which: Int32, _ path: UnsafePointer<CChar>?) throws(Failure) -> JSON {
        let at = try SDUI.path(path)
        guard let value = try source(which).value(at: at) else {
            throw Failure(SDUI_ENOTFOUND, "nothing at \(at)")
        }
        return value
    }

    /// The handler context, or an error for a factory.
    func handlerContext(_ function: String) throws(Failure) -> UnsafeMutablePointer<HandlerContext> {
        guard case .handler(let context) = role else { throw .invalid("\(function) is only for action handlers") }
        return context
    }

    /// Refuses a write that would make the state nest deeper than the
    /// depth limit: the value was held to it, but its place in the state
    /// adds the path's depth (a state deepened one write at a time would
    /// otherwise outgrow every recursive walk's stack).
    func checkNesting(_ value: JSON?, at path: JSONPath) throws(Failure) {
        // At the root the parser's or reader's own limit held the value already.
        guard let value, !path.segments.isEmpty else { return }
        let depth = path.segments.count + value.nestingDepth
        let limit = engine.limits.maxDepth
        if depth > limit {
            throw Failure(SDUI_ELIMIT, "\(path): the state would nest \(depth) levels deep, "
                + "deeper than the limit of \(limit)")
        }
    }

    /// Reads a factory's view with `read`; a view over the view limits is
    /// SDUI_ELIMIT, and the factory fails with that error.
    func viewWithin<T>(_ limits: ViewLimits, _ read: () throws(ViewLimitError) -> T) throws(Failure) -> T {
        do {
            return try read()
        } catch {
            viewLimitError = error
            throw Failure(SDUI_ELIMIT, error.description)
        }
    }

    /// Refuses, as SDUI_ELIMIT and before it is read, a value of `size`
    /// packed bytes the handler's write limit has no room for.
    func checkWrite(_ size: Int, in context: UnsafeMutablePointer<HandlerContext>) throws(Failure) {
        if let error = context.pointee.refuses(write: size) { throw Failure(error) }
    }

    /// Sets `value` at `path` in the handler's state: a bad path is
    /// SDUI_ENOTFOUND, a change over the write or state limit SDUI_ELIMIT.
    func set(_ value: JSON?, at path: JSONPath, in context: UnsafeMutablePointer<HandlerContext>) throws(Failure) {
        do throws(JSONPathError) {
            try context.pointee.set(value, at: path)
        } catch {
            if let limit = context.pointee.limitError { throw Failure(limit) }
            throw Failure(SDUI_ENOTFOUND, error.description)
        }
    }

    /// Replaces the handler's whole state with `value` (`size`: its packed
    /// size, when known); one over the write or state limit is SDUI_ELIMIT.
    func replaceState(with value: JSON, size: Int?, in context: UnsafeMutablePointer<HandlerContext>) throws(Failure) {
        do {
            try context.pointee.replaceState(with: value, size: size)
        } catch {
            throw Failure(error)
        }
    }

    /// Parses JSON input under the engine's limits.
    func parse(_ pointer: UnsafePointer<CChar>?, _ length: Int) throws(Failure) -> (JSON, UnsafeRawBufferPointer) {
        let input = try bytes(pointer, length, "json")
        return (try engineCall { () throws(EngineError) in try engine.parse(input) }, input)
    }
}
