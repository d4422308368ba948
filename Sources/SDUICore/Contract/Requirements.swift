/// What a page or a component needs of the host to render as written:
/// `"requires": {"maps": "1.2", "sdui": "1.1"}`, each a capability name and
/// the least version of it that will do (`Version`), as Adaptive Cards'
/// `requires`.
///
/// A `version` member means `{"sdui": version}`: the engine's own
/// capability, at its contract version (`Capabilities.contractVersion`).
/// The page's requirements apply to each of its components; a component's
/// add to them; a fallback component has only its own (`Renderer`).
public struct Requirements: Sendable, Equatable {
    /// One capability needed, at `version` or later.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var version: Version

        public init(_ name: String, _ version: Version) {
            self.name = name
            self.version = version
        }
    }

    /// In the order they are checked: a page or component's `version` first,
    /// then `requires` by name. A name may come twice (a `version` and
    /// `"sdui"` in `requires`): both must be met.
    public var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// Nothing required.
    public static let none = Requirements()

    public var isEmpty: Bool { entries.isEmpty }

    /// Decodes a `requires` member: an object whose keys are capability
    /// names (non-empty, no control character) and whose values are
    /// version strings; null is no requirement.
    public init(json: JSON, at path: JSONPath) throws(ContractError) {
        guard !json.isNull else {
            self.init()
            return
        }
        let o = try Decode.object(json, at: path, "requires")
        var entries: [Entry] = []
        entries.reserveCapacity(o.count)
        for (name, value) in o {
            let at = path.appending(name)
            guard !name.isEmpty else { throw ContractError(at, "a capability name must not be empty") }
            try Decode.checkIdentifier(name, at: at)
            entries.append(Entry(name, try Version(string: value, at: at)))
        }
        entries.sort { $0.name < $1.name }
        self.init(entries)
    }

    /// A `version` member as a requirement: `{"sdui": version}`.
    public static func contract(_ version: Version?) -> Requirements {
        version.map { Requirements([Entry(Capabilities.contractName, $0)]) } ?? .none
    }

    /// These requirements, then `other`'s.
    public static func + (lhs: Requirements, rhs: Requirements) -> Requirements {
        if lhs.isEmpty { return rhs }
        if rhs.isEmpty { return lhs }
        return Requirements(lhs.entries + rhs.entries)
    }

    /// The `requires` object, by name; a name given twice keeps its last version.
    public var json: JSON {
        .object(JSONObject(entries.map { ($0.name, JSON.string($0.version.description)) }))
    }
}
