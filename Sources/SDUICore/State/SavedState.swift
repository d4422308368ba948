/// A persistent service's state as it is stored between runs: a small
/// versioned envelope, `{"sdui": 1, "service": name, "state": value}`, so a
/// file that is corrupt, written by a later format or meant for another
/// service is told apart from a state the service can take.
public enum SavedState {
    /// The envelope's format, its `"sdui"` member.
    public static let format: Int64 = 1

    /// The envelope of `state` for `service`, as compact JSON.
    public static func encode(service: String, state: JSON) -> [UInt8] {
        JSONWriter.bytes(.object(JSONObject([
            ("sdui", .int(format)), ("service", .string(service)), ("state", state),
        ])))
    }

    /// The state `bytes` hold for `service`. Throws (a message saying why)
    /// when they are not JSON within `options`' limits (with line:column and
    /// path), not an envelope of exactly `sdui`, `service` and `state`, of
    /// another format, or saved for another service.
    public static func decode(_ bytes: [UInt8], service: String, options: JSONParseOptions = .init())
        throws(EngineError) -> JSON
    {
        let json: JSON
        do {
            json = try JSONParser.parse(bytes, options: options)
        } catch {
            throw EngineError(.parse, "not JSON: \(error)")
        }
        guard case .object(let envelope) = json else {
            throw EngineError(.contract, "not a saved state: expected {\"sdui\", \"service\", \"state\"}, got \(json.typeName)")
        }
        for (key, _) in envelope where key != "sdui" && key != "service" && key != "state" {
            throw EngineError(.contract, "not a saved state: unknown member \(JSONWriter.quoted(key))")
        }
        guard let version = envelope["sdui"]?.intValue else {
            throw EngineError(.contract, "not a saved state: \"sdui\" must be the format number")
        }
        guard version == format else {
            throw EngineError(.contract, "saved in format \(version); this engine reads format \(format)")
        }
        guard let name = envelope["service"]?.stringValue else {
            throw EngineError(.contract, "not a saved state: \"service\" must be a string")
        }
        guard name == service else {
            throw EngineError(.contract, "saved for service \(JSONWriter.quoted(name)), not \(JSONWriter.quoted(service))")
        }
        guard let state = envelope["state"] else {
            throw EngineError(.contract, "not a saved state: \"state\" is missing")
        }
        return state
    }
}
