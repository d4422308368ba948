import CSDUI
import SDUICore

// Node builder: the functions of include/sdui_binding.h's "Node builder" section, a
// factory's view without JSON text in between.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

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
        if case .factory(let render) = call.role { // counted as they begin: the tree stops growing at the limit
            call.builtNodes += 1
            try call.viewWithin(render.viewLimits) { () throws(ViewLimitError) in
                if call.builtNodes > render.viewLimits.nodes {
                    call.builder = ViewNodeBuilder()
                    throw ViewLimitError(.nodes, limit: render.viewLimits.nodes)
                }
            }
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

@_cdecl("sdui_call_member_packed")
public func sdui_call_member_packed(_ call: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                    _ packed: UnsafeRawPointer?, _ length: Int) -> Int32
{
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return setMember(call, name) { () throws(Failure) in try call.unpack(packed, length) }
}

@_cdecl("sdui_call_end")
public func sdui_call_end(_ call: OpaquePointer?) -> Int32 {
    guard let call = CallHandle.from(call) else { return SDUI_EINVAL }
    return call.run { () throws(Failure) in
        var root: ViewNode?
        try build(call) { (b) throws(ContractError) in root = try b.end() }
        if let root { call.view = .tree(root) }
    }
}
