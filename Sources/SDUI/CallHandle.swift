#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

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
    let input: JSON
    let engine: Engine
    let role: Role
    /// The factory's view, once sdui_call_return accepted one.
    var view: ViewNode?
    /// The tree sdui_call_begin/sdui_call_end are building.
    var builder = ViewNodeBuilder()
    /// The message given with sdui_call_error.
    var userError: String?
    /// sdui_call_errmsg's text.
    private var lastError: UnsafeMutablePointer<CChar>?
    /// Strings handed to the callback; freed when the call ends.
    private var strings: [UnsafeMutablePointer<CChar>] = []

    init(id: String, input: JSON, engine: Engine, role: Role) {
        self.id = id
        self.input = input
        self.engine = engine
        self.role = role
    }

    deinit {
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
        strings.append(buffer.assumingMemoryBound(to: CChar.self))
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

    /// A C string owned by this call.
    func keep(_ text: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        strings.append(copy)
        return UnsafePointer(copy)
    }

    /// Runs one sdui_call_* function, recording its failure message.
    func run(_ body: () throws(Failure) -> Void) -> Int32 {
        free(lastError)
        lastError = nil
        do {
            try body()
            return SDUI_OK
        } catch {
            lastError = strdup(error.message)
            return error.status
        }
    }

    var errorMessage: UnsafePointer<CChar>? {
        lastError.map { UnsafePointer($0) } ?? keep("")
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

    /// Parses JSON input under the engine's limits.
    func parse(_ pointer: UnsafePointer<CChar>?, _ length: Int) throws(Failure) -> (JSON, UnsafeRawBufferPointer) {
        let input = try bytes(pointer, length, "json")
        return (try engineCall { () throws(EngineError) in try engine.parse(input) }, input)
    }
}

@_cdecl("sdui_call_id")
public func sdui_call_id(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let call = CallHandle.from(call) else { return nil }
    return call.keep(call.id)
}

@_cdecl("sdui_call_errmsg")
public func sdui_call_errmsg(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let call = CallHandle.from(call) else { return sdui_errmsg(nil) }
    return call.errorMessage
}

@_cdecl("sdui_call_string")
public func sdui_call_string(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?)
    -> UnsafePointer<CChar>?
{
    guard let call = CallHandle.from(call) else { return nil }
    var result: UnsafePointer<CChar>?
    _ = call.run { () throws(Failure) in
        let value = try call.value(source, path)
        guard case .string(let s) = value else { throw Failure(SDUI_ECONTRACT, "expected a string, found \(value.typeName)") }
        result = call.keep(s)
    }
    return result
}

@_cdecl("sdui_call_number")
public func sdui_call_number(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?,
                             _ out: UnsafeMutablePointer<Double>?) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard let out else { throw .invalid("out is NULL") }
        let value = try call.value(source, path)
        guard let number = value.doubleValue else {
            throw Failure(SDUI_ECONTRACT, "expected a number, found \(value.typeName)")
        }
        out.pointee = number
    }
}

@_cdecl("sdui_call_count")
public func sdui_call_count(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?) -> Int64 {
    guard let call = CallHandle.from(call) else { return -1 }
    var count: Int64 = -1
    _ = call.run { () throws(Failure) in
        switch try call.value(source, path) {
        case .array(let a): count = Int64(a.count)
        case .object(let o): count = Int64(o.count)
        case let other: throw Failure(SDUI_ECONTRACT, "expected an array or object, found \(other.typeName)")
        }
    }
    return count
}

@_cdecl("sdui_call_json")
public func sdui_call_json(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?,
                           _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                           _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        try deliver(JSONWriter.bytes(try call.value(source, path)), out, outLength)
    }
}

@_cdecl("sdui_call_packed")
public func sdui_call_packed(_ call: OpaquePointer?, _ source: Int32, _ path: UnsafePointer<CChar>?,
                             _ out: UnsafeMutablePointer<UnsafeRawPointer?>?,
                             _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard let out else { throw .invalid("out is NULL") }
        let (bytes, count) = try call.keepPacked(try call.value(source, path))
        out.pointee = bytes
        outLength?.pointee = count
    }
}

@_cdecl("sdui_call_state")
public func sdui_call_state(_ call: OpaquePointer?, _ service: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
                            _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let service = try requiredString(service, "service")
        let at = try SDUI.path(path)
        let found: JSON?
        switch call.role {
        case .factory(let context): found = context.state(service, at: at)
        case .handler(let context): found = context.pointee.state(of: service, at: at)
        default: found = call.engine.store.services[service]?.value(at: at)
        }
        guard let found else { throw Failure(SDUI_ENOTFOUND, "nothing at \(at) in service \"\(service)\"") }
        try deliver(JSONWriter.bytes(found), out, outLength)
    }
}

@_cdecl("sdui_call_return")
public func sdui_call_return(_ call: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let (value, input) = try call.parse(json, length)
        switch call.role {
        case .factory:
            do throws(ContractError) {
                call.view = try ViewNode(json: value)
            } catch {
                throw Failure(Engine.located(error, in: input))
            }
        case .handler(let context):
            context.pointee.state = value
        default:
            throw .invalid("sdui_call_return is for factories and handlers")
        }
    }
}

@_cdecl("sdui_call_set")
public func sdui_call_set(_ call: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ json: UnsafePointer<CChar>?,
                          _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let context = try call.handlerContext("sdui_call_set")
        let at = try SDUI.path(path)
        var value: JSON?
        if json != nil {
            value = try call.parse(json, length).0
        }
        do throws(JSONPathError) {
            try context.pointee.set(value, at: at)
        } catch {
            throw Failure(SDUI_ENOTFOUND, error.description)
        }
    }
}

@_cdecl("sdui_call_set_packed")
public func sdui_call_set_packed(_ call: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                 _ packed: UnsafeRawPointer?, _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let context = try call.handlerContext("sdui_call_set_packed")
        let at = try SDUI.path(path)
        let value = try call.unpack(packed, length)
        do throws(JSONPathError) {
            try context.pointee.set(value, at: at)
        } catch {
            throw Failure(SDUI_ENOTFOUND, error.description)
        }
    }
}

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

@_cdecl("sdui_call_dispatch")
public func sdui_call_dispatch(_ call: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let input = try bytes(json, length, "json")
        let action = try engineCall { () throws(EngineError) in try call.engine.action(from: input) }
        switch call.role {
        case .handler(let context): context.pointee.dispatch(action)
        case .subscriber(let context): context.pointee.dispatch(action)
        case .performer(let context): context.pointee.dispatch(action)
        case .factory, .middleware:
            throw .invalid("sdui_call_dispatch is for handlers, subscribers and performers")
        }
    }
}

@_cdecl("sdui_call_emit")
public func sdui_call_emit(_ call: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let context = try call.handlerContext("sdui_call_emit")
        let (value, input) = try call.parse(json, length)
        do throws(ContractError) {
            context.pointee.emit(try Effect(json: value))
        } catch {
            throw Failure(Engine.located(error, in: input))
        }
    }
}

@_cdecl("sdui_call_finish")
public func sdui_call_finish(_ call: OpaquePointer?, _ ok: Int32, _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        guard case .performer(let context) = call.role else {
            throw .invalid("sdui_call_finish is for effect performers")
        }
        let result = json == nil ? JSON.null : try call.parse(json, length).0
        context.pointee.finish(ok: ok != 0, result: result)
    }
}

@_cdecl("sdui_call_error")
public func sdui_call_error(_ call: OpaquePointer?, _ message: UnsafePointer<CChar>?) {
    guard let call = CallHandle.from(call) else { return }
    call.userError = message.map { String(cString: $0) }
}

// The node builder: a factory's view without JSON text in between.

/// Runs one builder step for a factory; a failure discards the partial tree.
private func build(_ call: CallHandle, _ step: (inout ViewNodeBuilder) throws(ContractError) -> Void) throws(Failure) {
    guard case .factory = call.role else { throw .invalid("the node builder is for factories") }
    do throws(ContractError) {
        try step(&call.builder)
    } catch {
        call.builder = ViewNodeBuilder()
        throw Failure(SDUI_ECONTRACT, error.description)
    }
}

/// A (pointer, length) string argument as a Swift string; invalid UTF-8 is an error.
private func text(_ pointer: UnsafePointer<CChar>?, _ length: Int, _ what: String) throws(Failure) -> String {
    guard let pointer else { throw .invalid("\(what) is NULL") }
    let buffer = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
    guard let s = String(checkedUTF8: buffer) else { throw .invalid("\(what) is not valid UTF-8") }
    return s
}

@_cdecl("sdui_call_begin")
public func sdui_call_begin(_ call: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let type = try requiredString(type, "type")
        guard call.builder.depth < call.engine.limits.maxDepth else {
            call.builder = ViewNodeBuilder()
            throw Failure(SDUI_ELIMIT, "the view is nested deeper than \(call.engine.limits.maxDepth) nodes")
        }
        try build(call) { (b) throws(ContractError) in try b.begin(type) }
    }
}

@_cdecl("sdui_call_member")
public func sdui_call_member(_ call: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?,
                             _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        let name = try requiredString(name, "name")
        let value = try text(value, length, "value")
        try build(call) { (b) throws(ContractError) in try b.set(name, string: value) }
    }
}

@_cdecl("sdui_call_member_json")
public func sdui_call_member_json(_ call: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                  _ json: UnsafePointer<CChar>?, _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return setMember(call, name) { () throws(Failure) in try call.parse(json, length).0 }
}

@_cdecl("sdui_call_member_packed")
public func sdui_call_member_packed(_ call: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                    _ packed: UnsafeRawPointer?, _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return setMember(call, name) { () throws(Failure) in try call.unpack(packed, length) }
}

/// Sets member `name` of the open node to the value `read` gives; a value
/// that cannot be read discards the partly built tree, as a rejected one does.
private func setMember(_ call: CallHandle, _ name: UnsafePointer<CChar>?, _ read: () throws(Failure) -> JSON) -> Int32 {
    call.run { () throws(Failure) in
        let name = try requiredString(name, "name")
        guard case .factory = call.role else { throw .invalid("the node builder is for factories") }
        let value: JSON
        do throws(Failure) {
            value = try read()
        } catch {
            call.builder = ViewNodeBuilder()
            throw error
        }
        try build(call) { (b) throws(ContractError) in try b.set(name, json: value) }
    }
}

@_cdecl("sdui_call_end")
public func sdui_call_end(_ call: OpaquePointer?) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        var root: ViewNode?
        try build(call) { (b) throws(ContractError) in root = try b.end() }
        if let root { call.view = root }
    }
}
