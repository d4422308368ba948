/// The diagnostics not tied to a render (failed timers, effects without a
/// performer, handler and callback warnings, navigation and persistence
/// failures): the most recent `capacity`, oldest first.
final class RuntimeNotes {
    /// How many are kept; older ones are dropped first.
    static let capacity = 64
    /// The diagnostics kept, oldest first.
    private(set) var all: [Diagnostic] = []

    /// Keeps `diagnostic`, dropping the oldest past `capacity`.
    func add(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
        if all.count > Self.capacity { all.removeFirst() }
    }
}
