/// Where the states of persistent services are kept between runs: the
/// host's choice (the C facade gives a folder of files, or the host's own
/// callbacks). The engine decides what to save and when (`Engine.persist`);
/// a storage only moves bytes.
public struct StateStorage {
    /// The bytes last saved for a service, or nil when none were; throws
    /// when they cannot be read.
    public var load: (_ service: String) throws(EngineError) -> [UInt8]?
    /// Saves the bytes of a service's state in place of the last ones, all
    /// or nothing (the last ones stay whole when it throws).
    public var save: (_ service: String, _ bytes: [UInt8]) throws(EngineError) -> Void

    public init(load: @escaping (_ service: String) throws(EngineError) -> [UInt8]?,
                save: @escaping (_ service: String, _ bytes: [UInt8]) throws(EngineError) -> Void)
    {
        self.load = load
        self.save = save
    }
}
