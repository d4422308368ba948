extension String {
    /// The string of `utf8`, or nil when the bytes are not well-formed UTF-8.
    ///
    /// Text from C and from the Lua binding is nearly always ASCII, which is
    /// valid as it stands: a byte scan settles it and `String(decoding:)`
    /// takes the bytes without a second look, several times cheaper than
    /// `String(validating:)`, which only runs for text with other bytes.
    public init?(checkedUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 where byte >= 0x80 {
            guard let s = String(validating: utf8, as: UTF8.self) else { return nil }
            self = s
            return
        }
        self = String(decoding: utf8, as: UTF8.self)
    }
}
