/// Writes a rendered screen as JSON text straight from its nodes.
///
/// The bytes are exactly `JSONWriter.bytes(screen.json)`, without building
/// the intermediate `JSON` tree: `sdui_render_json` on a large page spends
/// its time here, and the tree would double its peak memory.
extension Screen {
    /// The compact JSON form of the screen (see `json`).
    public func jsonBytes() -> [UInt8] {
        withJSONBytes { [UInt8]($0) }
    }

    /// Calls `body` with the compact JSON form of the screen, valid only during the call.
    public func withJSONBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        // Room for a typical component up front: growing copies everything written so far.
        var sink = ByteSink(capacity: 64 + components.count * 1024)
        writeHead(into: &sink)
        // Indexes, not `for in`: iterating would copy every component and retain its strings.
        for i in components.indices {
            if i != 0 { sink.append(UInt8(ascii: ",")) }
            components[i].write(into: &sink)
        }
        sink.append("]}")
        return try sink.withBytes(body)
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
        var sink = ByteSink(capacity: 1024)
        write(into: &sink)
        return sink.withBytes { [UInt8]($0) }
    }

    func write(into sink: inout ByteSink) {
        sink.append(#"{"id":"#)
        sink.writeString(id)
        sink.append(#","type":"#)
        sink.writeString(type)
        sink.append(#","view":"#)
        view.write(into: &sink)
        sink.append(UInt8(ascii: "}"))
    }
}

extension ViewNode {
    /// The compact JSON form of this subtree (see `json`), as bytes.
    public func jsonBytes() -> [UInt8] {
        var sink = ByteSink(capacity: 256)
        write(into: &sink)
        return sink.withBytes { [UInt8]($0) }
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
        if props.count == 1, let (name, value) = props.first {
            // The common case (a text, a label): no lookups by name.
            sink.append(UInt8(ascii: ","))
            sink.writeString(name)
            sink.append(UInt8(ascii: ":"))
            sink.writeString(value)
        } else if !props.isEmpty {
            for prop in kind.props {
                guard let value = props[prop.name] else { continue }
                sink.append(UInt8(ascii: ","))
                sink.writeString(prop.name)
                sink.append(UInt8(ascii: ":"))
                sink.writeString(value)
            }
        }
        if !style.isEmpty {
            sink.append(#","style":"#)
            sink.write(style.json)
        }
        if let action {
            sink.append(#","action":{"type":"#)
            sink.writeString(action.type)
            sink.append(#","payload":"#)
            sink.write(action.payload)
            sink.append(UInt8(ascii: "}"))
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
