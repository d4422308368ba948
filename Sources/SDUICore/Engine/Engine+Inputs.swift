/// A person's input on the top page: a bound input set, a node pressed.
/// What they store, gather and check is the page's `Forms`; here each is
/// committed as a transaction.
extension Engine {
    /// Sets the value of the bound input `nodeId` (a node id of the current
    /// screen: `form/2`, `form#email`) to `text`: stores it at the place its
    /// `bind` names (`InputBinding`; a number input's number as a number)
    /// as a dispatch would (one transaction, middleware sees `{"type":
    /// "SERVICE/sdui.input", "payload": {"node", "bind", "value"}}`), then lets
    /// readers, subscribers and effects react; patches follow. Throws
    /// `.notFound` when no node of the screen has that id, `.invalid` when it
    /// is not an input with a `bind`, `.limit`/`.contract` for a value outside
    /// the input's domain (`InputDomain`), and what the store throws.
    ///
    /// With `seq`, the host's sequence number of this edit (above 0, and
    /// above the input's last one on this page), the host drew `text`
    /// itself: the next patches go from a screen showing it, so they bring
    /// the input's value only when the engine's differs (a handler changed
    /// it), and every patch set says, in its `inputAcks`, the last edit of
    /// each input its values reflect: a host keeps what the person typed
    /// since over a value from an earlier edit (sdui.h's "Writing a host").
    /// A `seq` not above the last is `.invalid`, and nothing changes.
    public func setInput(_ nodeId: String, _ text: String, seq: Int64? = nil) throws(EngineError) {
        let screen = currentScreen()
        let edit = try Forms.edit(nodeId, to: text, on: screen, limit: limits.maxPayloadBytes)
        let top = pages.top
        var forms = top.forms
        if let seq { try forms.acknowledge(nodeId, seq) } // checked before anything changes
        defer { top.clearError(of: nodeId, among: screen.components) } // it was about the old value
        let queued = try commit { () throws(EngineError) in
            try store.set(edit.value, at: edit.path, in: edit.service, as: edit.action)
        }
        if seq != nil { // the host drew what was typed: patches go from there
            top.forms.acks = forms.acks
            top.tracker.hostShows(text, in: nodeId, of: edit.component)
        }
        run(queued)
    }

    /// Dispatches the action of node `nodeId` of the current screen (a
    /// button or an input), as a user's press: when the action asks for
    /// `inputs` (`ActionInputs`), the values of those inputs of the node's
    /// component (`name` → `value` as the screen shows it, "" for none; for
    /// `.named`, in that order) are added to its payload, an object (null
    /// becomes one; a member of the same name is replaced). Throws
    /// `.notFound` for no such node or a named input the component lacks,
    /// `.invalid` for a node without an action, `.contract` for inputs
    /// asked with a payload that is not an object, `.invalid` when an input
    /// gathered fails its validation (`InputValidation`: nothing is
    /// dispatched, the input shows its `error`), and what `dispatch` throws.
    public func press(_ nodeId: String) throws(EngineError) {
        let top = pages.top
        let press = try top.forms.press(nodeId, on: currentScreen())
        if press.changed { top.tracker.invalidate(component: press.component) }
        guard press.problems.isEmpty else { // listed by the diagnostics while the errors show (`Forms.diagnostics`)
            throw EngineError(.invalid, "validation failed: \(press.problems.joined(separator: "; "))")
        }
        try dispatch(press.action)
    }
}
