/// Small checked readers shared by the model decoders.
enum Decode {
    static func object(_ value: JSON, at path: JSONPath, _ what: String) throws(ContractError) -> JSONObject {
        guard case .object(let o) = value else {
            throw ContractError(path, "\(what) must be an object, got \(value.typeName)")
        }
        return o
    }

    static func string(_ value: JSON?, at path: JSONPath, required: Bool) throws(ContractError) -> String? {
        guard let value, !value.isNull || required else { return nil }
        guard case .string(let s) = value else {
            throw ContractError(path, "expected a string, got \(value.typeName)")
        }
        return s
    }

    static func nonEmptyString(_ value: JSON?, at path: JSONPath) throws(ContractError) -> String {
        guard let value else { throw ContractError(path, "missing required string") }
        guard case .string(let s) = value else {
            throw ContractError(path, "expected a string, got \(value.typeName)")
        }
        guard !s.isEmpty else { throw ContractError(path, "must not be empty") }
        return s
    }

    /// A component id, type or node key: a non-empty string with no C0 or C1
    /// control character (they would cut or garble the C strings and text
    /// made from it).
    static func identifier(_ value: JSON?, at path: JSONPath) throws(ContractError) -> String {
        let s = try nonEmptyString(value, at: path)
        try checkIdentifier(s, at: path)
        return s
    }

    /// Throws when `s` holds a control character, naming the first.
    static func checkIdentifier(_ s: String, at path: JSONPath) throws(ContractError) {
        guard let c = s.unicodeScalars.first(where: \.isIdentifierControl) else { return }
        throw ContractError(path, "must not contain control characters, found \(String(c).escapingControlCharacters())")
    }

    /// A `version` member: absent or null is none (`Version(json:at:)`).
    static func version(_ value: JSON?, at path: JSONPath) throws(ContractError) -> Version? {
        guard let value, !value.isNull else { return nil }
        return try Version(json: value, at: path)
    }

    /// A `requires` member: absent or null is none (`Requirements(json:at:)`).
    static func requirements(_ value: JSON?, at path: JSONPath) throws(ContractError) -> Requirements {
        guard let value else { return .none }
        return try Requirements(json: value, at: path)
    }

    static func number(_ value: JSON, at path: JSONPath) throws(ContractError) -> Double {
        guard let d = value.doubleValue else {
            throw ContractError(path, "expected a number, got \(value.typeName)")
        }
        return d
    }

    /// Decodes the items of `items`, each an object `what` of no members
    /// but `allowed`, with `each` (given the object and its path).
    static func objects<T>(_ items: [JSON], at path: JSONPath, _ what: String, allowed: [String],
                           _ each: (JSONObject, JSONPath) throws(ContractError) -> T) throws(ContractError) -> [T]
    {
        var decoded: [T] = []
        decoded.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let at = path.appending(i)
            let o = try object(item, at: at, what)
            try onlyKeys(o, allowed, at: at, what)
            decoded.append(try each(o, at))
        }
        return decoded
    }

    /// Rejects members outside `allowed`, naming the first stray one.
    static func onlyKeys(_ object: JSONObject, _ allowed: some Collection<String>, at path: JSONPath, _ what: String)
        throws(ContractError)
    {
        // Callers pass a few names as an array literal (a linear `contains`,
        // no set built per call) or a stored set (`Style.fieldNames`).
        for key in object.keys where !allowed.contains(key) {
            let list = allowed.sorted().joined(separator: ", ")
            throw ContractError(path.appending(key), "unknown member \"\(key)\" in \(what) (allowed: \(list))")
        }
    }
}
