/// What a JSON document is meant to be, for `Engine.check`: each kind of
/// document the contract describes, checked by its own decoder.
public enum PayloadKind: String, Sendable, CaseIterable {
    /// What `Engine.loadPage` takes: a server patch (`{"patch": ...}` alone)
    /// or else a page.
    case payload
    /// A page (`Page`): an object with "components", or a bare array of components.
    case page
    /// A server patch (`ServerPatch`): `{"patch": {"changes", "mode"}}`.
    case patch
    /// One component (`Component`): `{"id", "type", "data", "fallback"}`.
    case component
    /// A view node and its subtree (`ViewNode`), as a factory returns it;
    /// node keys unique within it, as a render requires.
    case view
    /// An action (`Action`): `{"type", "payload", "inputs"}`.
    case action
    /// An effect (`Effect`), as a handler emits it.
    case effect
}
