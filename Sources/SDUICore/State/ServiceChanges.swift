/// The services a dispatch's handlers ran on, each with what changed in it,
/// in the order they first ran. Read like a dictionary; the first service
/// is kept on its own, so the usual dispatch (one service) allocates nothing.
public struct ServiceChanges: Sequence, ExpressibleByDictionaryLiteral {
    private var first: (service: String, change: StateChange)?
    private var more: [(service: String, change: StateChange)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, StateChange)...) {
        for (service, change) in elements { merge(change, into: service) }
    }

    /// What changed in `service`, or nil when no handler ran on it.
    public subscript(service: String) -> StateChange? {
        guard let first else { return nil }
        if first.service == service { return first.change }
        return more.first { $0.service == service }?.change
    }

    public var count: Int { first == nil ? 0 : 1 + more.count }
    public var isEmpty: Bool { first == nil }

    /// Adds `change`, made after what `service` has so far.
    mutating func merge(_ change: StateChange, into service: String) {
        if first == nil {
            first = (service, change)
        } else if first!.service == service {
            first!.change.merge(change)
        } else if let i = more.firstIndex(where: { $0.service == service }) {
            more[i].change.merge(change)
        } else {
            more.append((service, change))
        }
    }

    /// Runs `body` on each service, in the order they first ran, with its
    /// change (without the copies an iterator makes).
    public func forEach(_ body: (_ service: String, _ change: StateChange) throws -> Void) rethrows {
        guard let first else { return }
        try body(first.service, first.change)
        for entry in more { try body(entry.service, entry.change) }
    }

    /// The services in the order they first ran, each with its change.
    public struct Iterator: IteratorProtocol {
        let changes: ServiceChanges
        var position = 0

        public mutating func next() -> (service: String, change: StateChange)? {
            defer { position += 1 }
            if position == 0 { return changes.first }
            return position - 1 < changes.more.count ? changes.more[position - 1] : nil
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(changes: self)
    }
}
