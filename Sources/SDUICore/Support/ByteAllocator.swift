/// Where the engine gets the memory for a text it writes for its caller,
/// who owns the text afterwards: a C host's `malloc` and `free`, say, so
/// that the host frees what it gets with its own `free`, and the text is
/// written in place rather than copied there at the end.
public struct ByteAllocator: Sendable {
    /// `count` bytes, uninitialized; nil when there is no memory.
    public var allocate: @Sendable (_ count: Int) -> UnsafeMutablePointer<UInt8>?
    /// Gives back memory from `allocate`.
    public var deallocate: @Sendable (_ memory: UnsafeMutablePointer<UInt8>) -> Void
    /// Moves memory from `allocate` holding `used` bytes to a block of
    /// `count` bytes with the first `min(used, count)` of them (like C's
    /// `realloc`, which grows or shrinks in place when it can); nil, the
    /// memory left as it was, when there is no memory.
    public var reallocate: @Sendable (_ memory: UnsafeMutablePointer<UInt8>, _ used: Int, _ count: Int)
        -> UnsafeMutablePointer<UInt8>?

    /// An allocator made of these functions; without `reallocate`, a move
    /// is a new block from `allocate`, a copy and `deallocate`.
    public init(allocate: @escaping @Sendable (_ count: Int) -> UnsafeMutablePointer<UInt8>?,
                deallocate: @escaping @Sendable (_ memory: UnsafeMutablePointer<UInt8>) -> Void,
                reallocate: (@Sendable (_ memory: UnsafeMutablePointer<UInt8>, _ used: Int, _ count: Int)
                    -> UnsafeMutablePointer<UInt8>?)? = nil)
    {
        self.allocate = allocate
        self.deallocate = deallocate
        self.reallocate = reallocate ?? { memory, used, count in
            guard let moved = allocate(count) else { return nil }
            moved.initialize(from: memory, count: min(used, count))
            deallocate(memory)
            return moved
        }
    }

    /// Swift's own: `UnsafeMutablePointer.allocate` and `deallocate`.
    public static let swift = ByteAllocator(allocate: { UnsafeMutablePointer<UInt8>.allocate(capacity: $0) },
                                            deallocate: { $0.deallocate() })
}
