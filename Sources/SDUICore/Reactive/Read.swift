/// A read of service state made by a factory: which service, where in it,
/// and the value it saw (nil when absent, including a service that does not
/// exist yet). A component must re-render exactly when one of its reads
/// would now see something else.
public struct Read: Sendable, Equatable {
    public var service: String
    public var path: JSONPath
    public var value: JSON?

    /// The top-level member the read goes through, or nil for a whole-service read.
    var firstKey: String? {
        switch path.segments.first {
        case .key(let k)?: return k
        case .index(let i)?: return String(i)
        case nil: return nil
        }
    }

    /// Whether this read would see something else in `state` (nil: no such service).
    func isStale(in state: JSON?) -> Bool {
        !JSON.identical(state?.value(at: path), value)
    }
}
