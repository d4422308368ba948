/// Reads the documents an engine takes in -- a page or a server patch, an
/// action, capabilities, a theme, a payload to check -- under the engine's limits
/// and its duplicate-keys option. It keeps no document: the engine loads
/// what it reads. Contract errors carry line:column and path.
struct DocumentReader {
    /// What a key given twice in one object of a page or server patch
    /// means (`Engine.duplicateKeys`).
    var duplicateKeys: JSONParseOptions.DuplicateKeys = .reject
    /// The engine's limits, of which the parse options (size, depth) are read.
    var limits = EngineLimits()

    /// A page or a server patch, each with the byte offsets of the keys
    /// given twice (for "duplicate-key" warnings).
    enum PageInput {
        case page(Page, duplicates: [Int])
        case patch(ServerPatch, duplicates: [Int])
    }

    /// Parses JSON input under the limits (keys given twice refused).
    func parse(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> JSON {
        do {
            return try JSONParser.parse(bytes, options: limits.parseOptions)
        } catch {
            throw EngineError(error)
        }
    }

    /// Reads a page or a server patch (`{"patch": ...}`).
    func pageOrPatch(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> PageInput {
        // A valid page takes the scanner's one pass; anything else (errors
        // included, with their line:column and path, and keys given twice)
        // the full one.
        if let page = PageScanner.scan(bytes, options: limits.parseOptions) {
            return .page(page, duplicates: [])
        }
        let (json, duplicates) = try parseDocument(bytes)
        do {
            if case .object(let o) = json, o.count == 1, o["patch"] != nil {
                return .patch(try ServerPatch(json: json), duplicates: duplicates)
            }
            return .page(try Page(json: json), duplicates: duplicates)
        } catch {
            throw Engine.located(error, in: bytes)
        }
    }

    /// Reads the page in `bytes` as `pageOrPatch` does; a server patch is
    /// refused here (it patches the current page, it is not one).
    func page(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> (Page, [Int]) {
        switch try pageOrPatch(bytes) {
        case .page(let page, let duplicates):
            return (page, duplicates)
        case .patch:
            throw Engine.located(ContractError(.root, "a server patch is not a page (it patches the current page: sdui_load_page)"),
                                      in: bytes)
        }
    }

    /// Checks `bytes` as a document of `kind` with the decoder the engine
    /// uses for it (`Engine.check`). Changes nothing.
    func check(_ bytes: UnsafeRawBufferPointer, as kind: PayloadKind) throws(EngineError) {
        let json = try parseDocument(bytes).json
        do {
            switch kind {
            case .payload:
                if case .object(let o) = json, o.count == 1, o["patch"] != nil {
                    _ = try ServerPatch(json: json)
                } else {
                    _ = try Page(json: json)
                }
            case .page: _ = try Page(json: json)
            case .patch: _ = try ServerPatch(json: json)
            case .component: _ = try Component(json: json, at: .root)
            case .view:
                var node = try ViewNode(json: json)
                try node.assignIds(componentId: "view") // the keys a render checks
            case .action: _ = try Action(json: json)
            case .effect: _ = try Effect(json: json)
            }
        } catch {
            throw Engine.located(error, in: bytes)
        }
    }

    /// Reads an action.
    func action(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> Action {
        // A well-formed action without the object around its members;
        // anything else (errors included) through the full parse.
        if let (type, payload) = JSONParser.parseAction(bytes, options: limits.parseOptions) {
            return Action(type: type, payload: payload ?? .null)
        }
        return try decoded(bytes) { (json) throws(ContractError) in try Action(json: json) }
    }

    /// Reads capabilities: a JSON object of capability names and version strings.
    func capabilities(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> Capabilities {
        try decoded(bytes) { (json) throws(ContractError) in try Capabilities(json: json) }
    }

    /// Reads a theme (`Theme(json:)`).
    func theme(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> Theme {
        try decoded(bytes) { (json) throws(ContractError) in try Theme(json: json) }
    }

    /// `bytes` parsed, then decoded by `decode`; a contract error located
    /// at its line:column in `bytes`.
    private func decoded<T>(_ bytes: UnsafeRawBufferPointer, _ decode: (JSON) throws(ContractError) -> T)
        throws(EngineError) -> T
    {
        let json = try parse(bytes)
        do {
            return try decode(json)
        } catch {
            throw Engine.located(error, in: bytes)
        }
    }

    /// Parses a document (a page, a server patch, a payload to check) under
    /// the limits and the duplicate-keys option: the value, and the byte
    /// offsets of keys given again.
    private func parseDocument(_ bytes: UnsafeRawBufferPointer) throws(EngineError) -> (json: JSON, duplicates: [Int]) {
        var options = limits.parseOptions
        options.duplicateKeys = duplicateKeys
        var duplicates: [Int] = []
        do {
            return (try JSONParser.parse(bytes, options: options, duplicates: &duplicates), duplicates)
        } catch {
            throw EngineError(error)
        }
    }
}
