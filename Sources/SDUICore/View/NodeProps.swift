/// The content members of a view node ("text", "url", "label"…), by name.
///
/// A node kind takes at most three (`ViewNode.Kind.props`) and most nodes
/// carry one, so the members live in one small array searched by name: no
/// hashing, one allocation for a node with content and none for a container.
/// Reads and writes go by name like a dictionary's; equality ignores order.
public struct NodeProps: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private struct Member: Sendable, Equatable {
        var name: String
        var value: String
    }

    private var members: [Member] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    public init(_ members: [String: String]) {
        for (name, value) in members { self[name] = value }
    }

    /// The number of members.
    public var count: Int { members.count }

    public var isEmpty: Bool { members.isEmpty }

    /// The member `name`; assigning nil removes it.
    public subscript(name: String) -> String? {
        get {
            for m in members where m.name == name { return m.value }
            return nil
        }
        set {
            let i = members.firstIndex { $0.name == name }
            switch (i, newValue) {
            case (let i?, let value?): members[i].value = value
            case (let i?, nil): members.remove(at: i)
            case (nil, let value?): members.append(Member(name: name, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The members as a dictionary (for tools and tests; the hot paths read by name).
    public var dictionary: [String: String] {
        Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Same members with the same values, in any order.
    public static func == (lhs: NodeProps, rhs: NodeProps) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.name] == $0.value }
    }
}
