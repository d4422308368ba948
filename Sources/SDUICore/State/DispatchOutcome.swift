/// What a committed dispatch did: the services its handlers ran on, what
/// changed in each, and the effects they emitted, in order.
public struct DispatchOutcome {
    /// The services its handlers ran on, each with what changed in it.
    public var changes = ServiceChanges()
    public var effects: [Effect] = []
    /// How many actions ran, follow-ups included.
    public var actions = 0
}
