/// Where the engine gets the memory for a text it writes for its caller,
/// who owns the text afterwards: a C host's `malloc` and `free`, say, so
/// that the host frees what it gets with its own `free`, and the text is
/// written in place rather than copied there at the end.
public struct ByteAllocator: Sendable {
    /// `count` bytes, uninitialized; nil when there is no memory.
    public var allocate: @Sendable (_ count: Int) -> UnsafeMutablePointer<UInt8>?
    /// Gives back memory from `allocate`.
    public var deallocate: @Sendable (_ memory: UnsafeMutablePointer<UInt8>) -> Void

    /// An allocator made of these two functions.
    public init(allocate: @escaping @Sendable (_ count: Int) -> UnsafeMutablePointer<UInt8>?,
                deallocate: @escaping @Sendable (_ memory: UnsafeMutablePointer<UInt8>) -> Void)
    {
        self.allocate = allocate
        self.deallocate = deallocate
    }

    /// Swift's own: `UnsafeMutablePointer.allocate` and `deallocate`.
    public static let swift = ByteAllocator(allocate: { UnsafeMutablePointer<UInt8>.allocate(capacity: $0) },
                                            deallocate: { $0.deallocate() })
}
