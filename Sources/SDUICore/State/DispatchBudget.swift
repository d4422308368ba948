/// What one call into the engine may make its callbacks do, counted as it
/// happens (one integer increment an action, one addition a write): the
/// actions it runs — the action, its follow-ups, and the actions
/// subscribers, effects and timers queue in later rounds, each effect
/// emitted counted as one too — against `maxActions`
/// (`EngineLimits.maxActions`), and the bytes its handlers write into the
/// state against `maxWriteBytes`.
///
/// A call opens the budget and closes it (`within`); calls inside it (a
/// round of follow-ups, each timer of a tick) share it: the counts start
/// at zero only when the outermost one opens. The first limit that failed
/// a dispatch (`Store.dispatch`) or dropped effects is kept (`exceeded`)
/// until the outermost call closes, which reports it, so a limit hit in a
/// later round — which rolls back only that round — still fails the call
/// the host made.
///
/// Its properties are read and set on every action and every write, so
/// they are marked `@exclusivity(unchecked)`: nothing here accesses one
/// while another access to it is under way.
public final class DispatchBudget {
    /// Most actions (and effects) one call may run.
    @exclusivity(unchecked) public internal(set) var maxActions = EngineLimits().maxActions
    /// Most bytes one call's handlers may write into the state.
    @exclusivity(unchecked) public internal(set) var maxWriteBytes = EngineLimits().maxWriteBytes
    /// Actions and effects counted since the outermost call opened.
    @exclusivity(unchecked) public private(set) var actions = 0
    /// Bytes handlers wrote since the outermost call opened (a handler that
    /// starts over, `HandlerContext.rollback`, takes its own back).
    @exclusivity(unchecked) public private(set) var written = 0
    /// The first limit hit since the outermost call opened.
    @exclusivity(unchecked) public private(set) var exceeded: EngineError?
    @exclusivity(unchecked) private var depth = 0

    init() {}

    /// Starts a call: counting from zero unless a call is open already.
    func open() {
        if depth == 0 {
            actions = 0
            written = 0
            exceeded = nil
        }
        depth += 1
    }

    /// Ends a call; the outermost one hands back the limit it hit, if any.
    @discardableResult
    func close() -> EngineError? {
        depth -= 1
        guard depth == 0, let error = exceeded else { return nil }
        exceeded = nil
        return error
    }

    /// Runs `body` as a call (see above): throws its error, or else the
    /// limit a later round hit when this is the outermost call.
    public func within<T>(_ body: () throws(EngineError) -> T) throws(EngineError) -> T {
        open()
        let result: T
        do {
            result = try body()
        } catch {
            close()
            throw error
        }
        if let error = close() { throw error }
        return result
    }

    /// No action is left.
    public var spent: Bool { actions >= maxActions }

    /// Counts one action (or effect); throws the action limit's error when none is left.
    func countAction() throws(EngineError) {
        guard actions < maxActions else { throw actionError }
        actions += 1
    }

    /// The action limit's error when `more` actions produced now (queued,
    /// emitted) could not all run; nil when they can.
    func refuses(actions more: Int) -> EngineError? {
        more <= maxActions - actions ? nil : actionError
    }

    var actionError: EngineError {
        EngineError(.limit, "the action limit of \(maxActions) was reached (SDUI_LIMIT_ACTIONS): one call may run "
            + "that many actions and effects, follow-ups and the rounds subscribers, effects and timers queue included")
    }

    /// The write limit's error when `bytes` more cannot be written; nil when they can.
    func refuses(write bytes: Int) -> EngineError? {
        guard bytes > maxWriteBytes - written else { return nil }
        return EngineError(.limit, "the write limit of \(maxWriteBytes) bytes was reached (SDUI_LIMIT_WRITE_BYTES): "
            + "one call's handlers may write that much into the state; \(written) written so far, \(bytes) more asked")
    }

    /// Counts `bytes` written into the state (`refuses(write:)` allowed
    /// them); negative, takes back writes that were undone.
    func wrote(_ bytes: Int) {
        written += bytes
    }

    /// Keeps `error` as the one this call hit, unless it hit one before.
    @discardableResult
    func hit(_ error: EngineError) -> EngineError {
        if exceeded == nil { exceeded = error }
        return error
    }
}
