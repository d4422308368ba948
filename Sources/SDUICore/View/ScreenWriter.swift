/// Writes a rendered screen as JSON text straight from its nodes.
///
/// The bytes are exactly `JSONWriter.bytes(screen.json)`, without building
/// the intermediate `JSON` tree: `sdui_render_json` on a large page spends
/// its time here, and the tree would double its peak memory.
extension Screen {
    /// The compact JSON form of the screen (see `json`).
    public func jsonBytes() -> [UInt8] {
        ByteSink.bytes(capacity: 64 + components.count * 1024) { sink in
            write(into: &sink) { i, sink in components[i].write(into: &sink) }
        }
    }

    /// Appends the JSON form, each component's `{"id","type","view"}` written
    /// by `component(index, &sink)`, so the engine can put in bytes it kept.
    func write(into sink: inout ByteSink, component: (Int, inout ByteSink) -> Void) {
        writeHead(into: &sink)
        for i in components.indices {
            if i != 0 { sink.append(UInt8(ascii: ",")) }
            component(i, &sink)
        }
        sink.append("]}")
    }

    /// `{"id":…,"version":…,"components":[`: everything before the first component.
    func writeHead(into sink: inout ByteSink) {
        sink.append(UInt8(ascii: "{"))
        if let pageId {
            sink.append(#""id":"#)
            sink.writeString(pageId)
            sink.append(UInt8(ascii: ","))
        }
        if let version {
            sink.append(#""version":"#)
            sink.write(version)
            sink.append(UInt8(ascii: ","))
        }
        sink.append(#""components":["#)
    }
}

extension RenderedComponent {
    /// The compact JSON form, `{"id","type","view"}`, as bytes.
    public func jsonBytes() -> [UInt8] {
        ByteSink.bytes(capacity: 1024) { write(into: &$0) }
    }

    func write(into sink: inout ByteSink) {
        sink.append(#"{"id":"#)
        sink.writeString(id)
        sink.append(#","type":"#)
        sink.writeString(type)
        sink.append(#","view":"#)
        writeView(into: &sink)
        sink.append(UInt8(ascii: "}"))
    }
}

extension ViewNode {
    /// The compact JSON form of this subtree (see `json`), as bytes.
    public func jsonBytes() -> [UInt8] {
        ByteSink.bytes(capacity: 256) { write(into: &$0) }
    }

    /// Appends the JSON form: members in the order `json` gives them.
    func write(into sink: inout ByteSink) {
        sink.append(#"{"type":""#)
        sink.appendUnescaped(kind.rawValue) // kind names need no escaping
        sink.append(UInt8(ascii: "\""))
        if !id.isEmpty {
            sink.append(#","id":"#)
            sink.writeString(id)
        }
        if let key {
            sink.append(#","key":"#)
            sink.writeString(key)
        }
        func member(_ name: String, _ value: String, json: Bool) {
            sink.append(UInt8(ascii: ","))
            sink.writeString(name)
            sink.append(UInt8(ascii: ":"))
            if json { sink.appendUnescaped(value) } else { sink.writeString(value) } // see `props`
        }
        for prop in kind.props { // a few comparisons of short names each (NodeProps)
            if let value = props[prop.name] { member(prop.name, value, json: prop.type.isJSON) }
        }
        if disabled { sink.append(#","disabled":true"#) }
        if let box = styleBox { // nil when the style is empty
            sink.append(#","style":"#)
            sink.write(box.style.json)
        }
        if let action {
            sink.append(#","action":{"type":"#)
            sink.writeString(action.type)
            sink.append(#","payload":"#)
            sink.write(action.payload)
            if let inputs = action.inputs {
                sink.append(#","inputs":"#)
                sink.write(inputs.json)
            }
            sink.append(UInt8(ascii: "}"))
        }
        if let box = accessibilityBox {
            sink.append(#","accessibility":"#)
            sink.write(box.value.json)
        }
        if !children.isEmpty {
            sink.append(#","children":["#)
            for i in children.indices {
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                children[i].write(into: &sink)
            }
            sink.append(UInt8(ascii: "]"))
        }
        sink.append(UInt8(ascii: "}"))
    }
}
