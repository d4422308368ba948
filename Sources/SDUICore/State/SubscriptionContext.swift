/// What a subscriber sees: the value now at the path it watches.
public struct SubscriptionContext {
    public let service: String
    public let path: JSONPath
    /// The new value; nil when it is gone.
    public let value: JSON?
    public private(set) var queued: [Action] = []

    /// Queues an action; it runs after every subscriber of this round, never inside one.
    public mutating func dispatch(_ action: Action) {
        queued.append(action)
    }
}

/// Called once per dispatch round in which the watched value changed.
public typealias Subscriber = (_ context: inout SubscriptionContext) throws -> Void
