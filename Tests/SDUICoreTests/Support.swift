@testable import SDUICore

/// Runs `body` over the UTF-8 bytes of `text`, as the C facade hands them in.
func withBytes<T>(_ text: String, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    try Array(text.utf8).withUnsafeBytes(body)
}

/// The engine error `body` throws, or nil when it succeeds.
func engineError(_ body: () throws(EngineError) -> Void) -> EngineError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

func loadPage(_ engine: Engine, _ text: String) throws(EngineError) {
    try Array(text.utf8).withUnsafeBytes { bytes in
        Result { () throws(EngineError) in try engine.loadPage(bytes) }
    }.get()
}

func dispatch(_ engine: Engine, _ text: String) throws(EngineError) {
    try Array(text.utf8).withUnsafeBytes { bytes in
        Result { () throws(EngineError) in try engine.dispatch(bytes) }
    }.get()
}

func json(_ text: String) -> JSON {
    try! JSONParser.parse(text)
}
