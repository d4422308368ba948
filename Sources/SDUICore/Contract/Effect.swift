/// Work a handler asks for instead of doing it: the engine runs effects only
/// after the dispatch that emitted them commits, and drops them if it fails.
///
/// An effect is a JSON object with a `type`:
///   - `{"type": "after", "ms": 300, "action": {...}}` — the engine's timer
///     queue dispatches the action once `sdui_tick` reaches now + ms;
///   - `{"type": "request", "url", "method", "body", "on_success", "on_failure"}`
///     and any host-defined type — handed to the performer registered for
///     the type. `on_success` / `on_failure` are actions the engine
///     dispatches when the performer finishes the effect, with the result
///     in `payload.result` (DivKit-style chains).
public struct Effect: Sendable, Equatable {
    public var type: String
    /// The whole effect object.
    public var json: JSON

    /// Decodes and checks an effect.
    public init(json: JSON, at path: JSONPath = .root) throws(ContractError) {
        let o = try Decode.object(json, at: path, "an effect")
        type = try Decode.nonEmptyString(o["type"], at: path.appending("type"))
        if type == "after" {
            guard let ms = o["ms"]?.doubleValue, ms >= 0, ms <= Effect.maxDelay else {
                throw ContractError(path.appending("ms"),
                                    "an \"after\" effect needs \"ms\": a number from 0 to \(Int64(Effect.maxDelay))")
            }
            guard let action = o["action"] else {
                throw ContractError(path.appending("action"), "an \"after\" effect needs an \"action\"")
            }
            try Effect.checkType(Action(json: action, at: path.appending("action")), at: path.appending("action"))
        }
        for key in ["on_success", "on_failure"] {
            guard let chained = o[key] else { continue }
            let action = try Action(json: chained, at: path.appending(key))
            try Effect.checkType(action, at: path.appending(key))
            guard action.payload.isNull || action.payload.objectValue != nil else {
                throw ContractError(path.appending(key).appending("payload"),
                                    "a chained action's payload must be an object (the result goes into payload.result)")
            }
        }
        self.json = json
    }

    /// The longest delay an "after" effect may ask for: 2^53 ms, about 285,000 years.
    public static let maxDelay: Double = 9_007_199_254_740_992

    /// Actions an effect carries must name a handler type, "service/name".
    private static func checkType(_ action: Action, at path: JSONPath) throws(ContractError) {
        guard Action.isWellFormedType(action.type) else {
            throw ContractError(path.appending("type"), "expected an action type \"service/name\", got \"\(action.type)\"")
        }
    }

    /// An effect that dispatches `action` after `ms` milliseconds of engine time.
    /// A delay outside 0...maxDelay is clamped into it; an action type that
    /// is not "service/name" is an error.
    public static func after(ms: Int64, _ action: Action) throws(ContractError) -> Effect {
        let delay = min(max(ms, 0), Int64(maxDelay))
        return try Effect(json: .object(JSONObject([("type", "after"), ("ms", .int(delay)), ("action", action.json)])))
    }

    /// The action to dispatch when the effect finished (`ok`) or failed,
    /// carrying `result` in its payload; nil when the effect names none.
    public func followUp(ok: Bool, result: JSON) -> Action? {
        guard let chained = json[ok ? "on_success" : "on_failure"],
              var action = try? Action(json: chained) else { return nil }
        var payload = action.payload.objectValue ?? JSONObject()
        payload["result"] = result
        action.payload = .object(payload)
        return action
    }
}
