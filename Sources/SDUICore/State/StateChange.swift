/// What a dispatch changed in one service's state: enough for the engine to
/// find the components that may read something new without comparing the
/// whole state before and after.
public struct StateChange: Sendable {
    /// Top-level members changed in place (through `HandlerContext.set`).
    public var keys: Set<String> {
        get {
            guard let firstKey else { return moreKeys }
            var all = moreKeys
            all.insert(firstKey)
            return all
        }
        set {
            firstKey = nil
            moreKeys = newValue
        }
    }
    /// `keys` as kept: the first member noted on its own (a handler usually
    /// changes one, and a set of one costs an allocation and a hash), the
    /// others in a set; `firstKey` is never in `moreKeys`.
    private var firstKey: String?
    private var moreKeys: Set<String> = []

    /// Whether any member was noted.
    var hasKeys: Bool { firstKey != nil || !moreKeys.isEmpty }
    /// Whether anything was noted: a member or a replacement.
    public var changedAnything: Bool { hasKeys || replaced }

    /// Notes a top-level member changed in place.
    mutating func insertKey(_ key: String) {
        if firstKey == nil && moreKeys.isEmpty {
            firstKey = key
        } else if key != firstKey {
            moreKeys.insert(key)
        }
    }

    /// Runs `body` on each of `keys`.
    func forEachKey(_ body: (String) throws -> Void) rethrows {
        if let firstKey { try body(firstKey) }
        for key in moreKeys { try body(key) }
    }
    /// Whether the state changed other than through top-level members (it
    /// was assigned whole, or it is not an object).
    public private(set) var replaced = false
    /// The state before the first such change, when that is all that is
    /// needed to tell which members differ; nil when unknown (every reader
    /// must then be looked at).
    public private(set) var replacedFrom: JSON?

    public init() {}

    /// Notes a whole-state change; `old` is the state just before it, or nil
    /// when it was not kept. Only the first one counts: later ones start
    /// from a state this change already covers.
    mutating func noteReplaced(from old: JSON?) {
        guard !replaced else { return }
        replaced = true
        replacedFrom = old
    }

    /// Both changes, this one first.
    mutating func merge(_ later: StateChange) {
        if !hasKeys && !replaced {
            self = later // nothing here yet: take it whole (no set rebuilt)
            return
        }
        later.forEachKey { insertKey($0) }
        if later.replaced && !replaced {
            // A replacement after members changed: the members differ from
            // `replacedFrom`, or they are in `keys` already.
            noteReplaced(from: later.replacedFrom)
        }
    }
}
