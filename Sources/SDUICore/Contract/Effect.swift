/// Work a handler asks for instead of doing it: the engine runs effects only
/// after the dispatch that emitted them commits, and drops them if it fails.
///
/// An effect is a JSON object with a `type`:
///   - `{"type": "after", "ms": 300, "action": {...}}` — the engine's timer
///     queue dispatches the action once `sdui_tick` reaches now + ms;
///   - `{"type": "navigate", "route": "/genre/drama"}` or `{"type":
///     "navigate", "back": true}` — the engine's navigator opens the route
///     (through a `navigation/fetch` effect) or goes back (`Navigator`);
///     `on_success` gets `{"route", "depth"}` once the page is shown;
///   - `{"type": "appearance", "value": "dark"}` (or "light", or "toggle":
///     the other one) — the engine switches the theme's appearance, as
///     `Engine.setAppearance` does, once the dispatch commits; `on_success`
///     gets `{"appearance"}`, the one now in force;
///   - `{"type": "navigation/fetch", "route"}` — what the navigator asks the
///     host's performer for: finished with the page for the route;
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
        if type == Effect.navigate {
            let back = o["back"]
            guard (back == nil) != (o["route"] == nil), back == nil || back == .bool(true) else {
                throw ContractError(path, "a \"navigate\" effect needs either \"route\" (a string) or \"back\": true")
            }
        }
        if type == Effect.appearance {
            guard let value = o["value"]?.stringValue, ["light", "dark", "toggle"].contains(value) else {
                throw ContractError(path.appending("value"),
                                    "an \"appearance\" effect needs \"value\": \"light\", \"dark\" or \"toggle\"")
            }
        }
        if (type == Effect.navigate && o["back"] == nil) || type == Effect.fetch {
            _ = try Effect.route(o["route"], at: path.appending("route"))
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

    /// The type of the effect that opens a route or goes back, which the
    /// engine performs itself.
    public static let navigate = "navigate"
    /// The type of the effect that switches the theme's appearance, which
    /// the engine performs itself.
    public static let appearance = "appearance"
    /// The types the engine performs itself: no performer may take them.
    public static let engineTypes: Set<String> = ["after", navigate, appearance]

    /// The appearance an "appearance" effect switches to from `current`
    /// ("toggle": the other one); nil for other types.
    public func appearance(from current: Appearance) -> Appearance? {
        guard type == Effect.appearance, let value = json["value"]?.stringValue else { return nil }
        if value == "toggle" { return current == .light ? .dark : .light }
        return Appearance(rawValue: value)
    }

    /// The type of the effect by which the navigator asks the host for the
    /// page of a route: `{"type": "navigation/fetch", "route", "id"}`.
    public static let fetch = "navigation/fetch"

    /// A route: a non-empty string without control characters.
    static func route(_ value: JSON?, at path: JSONPath) throws(ContractError) -> String {
        let route = try Decode.nonEmptyString(value, at: path)
        guard !route.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }) else {
            throw ContractError(path, "a route must not contain control characters")
        }
        return route
    }

    /// The route a "navigate" or "navigation/fetch" effect opens (nil for
    /// going back, and for other types).
    public var route: String? { json["route"]?.stringValue }

    /// The effect that asks the host for the page of `route`, carrying the
    /// `on_success` / `on_failure` of `chain` (the "navigate" effect that
    /// asked for it) when given.
    public static func fetch(_ route: String, chain: Effect? = nil) throws(ContractError) -> Effect {
        var members: [(String, JSON)] = [("type", .string(fetch)), ("route", .string(route))]
        for key in ["on_success", "on_failure"] {
            if let action = chain?.json[key] { members.append((key, action)) }
        }
        return try Effect(json: .object(JSONObject(members)))
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
