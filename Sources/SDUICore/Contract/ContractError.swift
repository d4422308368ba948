/// A contract violation found while decoding a JSON value into a model type,
/// located by its JSON path (the engine adds line:column when it has the bytes).
public struct ContractError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: JSONPath
    public var message: String

    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
