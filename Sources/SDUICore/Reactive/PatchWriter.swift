/// Patches written as JSON bytes straight from the values, the view nodes
/// by `ViewNode.write(into:)`: the bytes of `JSONWriter.bytes(json)`
/// without building the `JSON` tree first.
extension PatchSet {
    /// `JSONWriter.bytes(json)`, written directly.
    public func jsonBytes() -> [UInt8] {
        ByteSink.bytes(capacity: 256 + patches.count * 512) { sink in
            sink.append(#"{"patches":["#)
            for i in patches.indices {
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                patches[i].write(into: &sink)
            }
            sink.append(#"],"images":{"added":"#)
            PatchSet.writeStrings(imagesAdded, into: &sink)
            sink.append(#","removed":"#)
            PatchSet.writeStrings(imagesRemoved, into: &sink)
            sink.append(#","hints":["#)
            for i in imageHints.indices {
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                sink.write(imageHints[i].json)
            }
            sink.append("]}")
            if !inputAcks.isEmpty {
                sink.append(#","acks":{"#)
                for (i, (id, seq)) in inputAcks.sorted(by: { $0.key < $1.key }).enumerated() {
                    if i != 0 { sink.append(UInt8(ascii: ",")) }
                    sink.writeString(id)
                    sink.append(UInt8(ascii: ":"))
                    sink.write(.int(seq))
                }
                sink.append(UInt8(ascii: "}"))
            }
            sink.append(UInt8(ascii: "}"))
        }
    }

    private static func writeStrings(_ strings: [String], into sink: inout ByteSink) {
        sink.append(UInt8(ascii: "["))
        for i in strings.indices {
            if i != 0 { sink.append(UInt8(ascii: ",")) }
            sink.writeString(strings[i])
        }
        sink.append(UInt8(ascii: "]"))
    }
}

extension Patch {
    /// Appends the JSON form: members in the order `json` gives them.
    func write(into sink: inout ByteSink) {
        switch self {
        case .page(let id, let version):
            sink.append(#"{"op":"page","id":"#)
            if let id { sink.writeString(id) } else { sink.append("null") }
            sink.append(#","version":"#)
            sink.write(version ?? .null)
        case .remove(let id):
            sink.append(#"{"op":"remove","id":"#)
            sink.writeString(id)
        case .insert(let index, let component):
            sink.append(#"{"op":"insert","index":"#)
            sink.writeInt(Int64(index))
            sink.append(#","component":"#)
            component.write(into: &sink)
        case .move(let id, let index):
            sink.append(#"{"op":"move","id":"#)
            sink.writeString(id)
            sink.append(#","index":"#)
            sink.writeInt(Int64(index))
        case .update(let id, let type, let changes):
            sink.append(#"{"op":"update","id":"#)
            sink.writeString(id)
            sink.append(#","type":"#)
            sink.writeString(type)
            sink.append(#","changes":["#)
            for i in changes.indices {
                if i != 0 { sink.append(UInt8(ascii: ",")) }
                changes[i].write(into: &sink)
            }
            sink.append(UInt8(ascii: "]"))
        }
        sink.append(UInt8(ascii: "}"))
    }
}

extension NodeChange {
    /// Appends the JSON form: members in the order `json` gives them.
    func write(into sink: inout ByteSink) {
        switch self {
        case .setFlat(let id, let node):
            sink.append(#"{"op":"set","id":"#)
            sink.writeString(id)
            sink.append(#","node":"#)
            node.writeOwn(into: &sink, id: id)
        case .set(let id, let node), .replace(let id, let node):
            if case .set = self { sink.append(#"{"op":"set","id":"#) } else { sink.append(#"{"op":"replace","id":"#) }
            sink.writeString(id)
            sink.append(#","node":"#)
            node.write(into: &sink)
        case .remove(let parent, let id):
            sink.append(#"{"op":"remove","parent":"#)
            sink.writeString(parent)
            sink.append(#","id":"#)
            sink.writeString(id)
        case .insert(let parent, let index, let node):
            sink.append(#"{"op":"insert","parent":"#)
            sink.writeString(parent)
            sink.append(#","index":"#)
            sink.writeInt(Int64(index))
            sink.append(#","node":"#)
            node.write(into: &sink)
        case .move(let parent, let id, let index):
            sink.append(#"{"op":"move","parent":"#)
            sink.writeString(parent)
            sink.append(#","id":"#)
            sink.writeString(id)
            sink.append(#","index":"#)
            sink.writeInt(Int64(index))
        }
        sink.append(UInt8(ascii: "}"))
    }
}
