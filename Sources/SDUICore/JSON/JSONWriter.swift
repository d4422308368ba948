/// Serializes `JSON` values as UTF-8 JSON text.
///
/// Output keeps object member order. Strings escape only `"`, `\` and control
/// characters; `/` and non-ASCII text are written as is. `.int` prints as an
/// integer and `.double` always carries a fraction or an exponent (`3.0`), so
/// `JSONParser` reads back the same case. Non-finite doubles, which JSON
/// cannot express, are written as `null`.
public enum JSONWriter {
    /// Appends the compact (no whitespace) encoding of `value` to `out`.
    public static func write(_ value: JSON, into out: inout [UInt8]) {
        var sink = ByteSink(capacity: 256)
        sink.write(value)
        sink.withBytes { out.append(contentsOf: $0) }
    }

    /// The compact encoding of `value` as bytes.
    public static func bytes(_ value: JSON) -> [UInt8] {
        ByteSink.bytes(capacity: 256) { $0.write(value) }
    }

    /// The compact encoding of `value` as a string.
    public static func string(_ value: JSON) -> String {
        var sink = ByteSink(capacity: 256)
        sink.write(value)
        return sink.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quoted(_ s: String) -> String {
        var sink = ByteSink(capacity: s.utf8.count + 16)
        sink.writeString(s)
        return sink.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// An indented, human-readable encoding of `value` (`"key": value`, one
    /// member or element per line), for demos and diagnostics.
    public static func pretty(_ value: JSON, indent: Int = 2) -> String {
        var sink = ByteSink(capacity: 256)
        sink.writePretty(value, indent: max(0, indent), level: 0)
        return sink.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
