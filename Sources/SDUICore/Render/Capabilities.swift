/// What the host supports: capability names and the version of each, which
/// content's requirements (`Requirements`) are checked against.
///
/// The engine supports "sdui", the page contract, at `contractVersion`
/// itself; a host declares every other capability (`Engine.capabilities`,
/// `sdui_set_capabilities`, the Lua engine's `capabilities`).
public struct Capabilities: Sendable, Equatable {
    /// The engine's own capability: the page contract.
    public static let contractName = "sdui"
    /// The version of the page contract this engine renders: 1.1 (1.0 and
    /// 1.1 pages load; 1.1 added `version` and `requires` to components and
    /// `requires` to pages). A page's `version` is checked against it.
    public static let contractVersion = Version(1, 1)

    /// The host's capabilities, "sdui" not among them.
    public private(set) var declared: [String: Version]

    /// No capability besides "sdui".
    public init() {
        declared = [:]
    }

    /// Capabilities declared by name; "sdui" is not one a host may declare.
    public init(_ declared: [String: Version]) throws(ContractError) {
        if declared[Capabilities.contractName] != nil {
            throw ContractError(JSONPath.root.appending(Capabilities.contractName), Capabilities.ownName)
        }
        self.declared = declared
    }

    /// Decodes a host's declaration: an object whose keys are capability
    /// names (non-empty, no control character, not "sdui") and whose values
    /// are version strings, "MAJOR.MINOR" or "MAJOR.MINOR.PATCH".
    public init(json: JSON) throws(ContractError) {
        let o = try Decode.object(json, at: .root, "capabilities")
        var declared: [String: Version] = [:]
        for (name, value) in o {
            let at = JSONPath.root.appending(name)
            guard !name.isEmpty else { throw ContractError(at, "a capability name must not be empty") }
            try Decode.checkIdentifier(name, at: at)
            guard name != Capabilities.contractName else { throw ContractError(at, Capabilities.ownName) }
            declared[name] = try Version(string: value, at: at)
        }
        self.declared = declared
    }

    private static let ownName = "\"sdui\" is the engine's own capability, at its contract version "
        + "\(contractVersion); a host does not declare it"

    /// The version of capability `name` there is: the contract version for
    /// "sdui", the declared one for the others, nil when not declared.
    public func version(of name: String) -> Version? {
        name == Capabilities.contractName ? Capabilities.contractVersion : declared[name]
    }

    /// The first of `requirements` these capabilities do not meet, as a
    /// message (`"maps" 2.0 needed, 1.2 declared`); nil when all are met.
    public func unmet(_ requirements: Requirements) -> String? {
        for entry in requirements.entries {
            guard let have = version(of: entry.name) else {
                return "\(JSONWriter.quoted(entry.name)) \(entry.version) needed, not declared"
            }
            if !have.isAtLeast(entry.version) {
                return "\(JSONWriter.quoted(entry.name)) \(entry.version) needed, \(have) declared"
            }
        }
        return nil
    }

    /// The declared capabilities as a JSON object, by name ("sdui" not among them).
    public var json: JSON {
        .object(JSONObject(declared.keys.sorted().map { ($0, JSON.string(declared[$0]!.description)) }))
    }
}
