/// A text written for a caller straight into memory from a `ByteAllocator`:
/// it grows when a guess of its size was short, and is handed over at its
/// exact size, so the caller gets it without a copy and without room to
/// spare. A plain value kept in a local while it is written; `take` or
/// `release` ends it.
struct AllocatedBytes {
    let allocator: ByteAllocator
    /// `capacity` bytes from `allocator`, `count` of them written.
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    /// Room for `capacity` bytes; nil when the allocator has no memory.
    init?(allocator: ByteAllocator, capacity: Int) {
        let capacity = max(capacity, 16)
        guard let base = allocator.allocate(capacity) else { return nil }
        self.allocator = allocator
        self.base = base
        self.capacity = capacity
    }

    /// Appends `bytes`; false, nothing appended, when the allocator has no more memory.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard capacity - count >= bytes.count || grow(toHold: bytes.count) else { return false }
        if let from = bytes.baseAddress { (base + count).initialize(from: from, count: bytes.count) }
        count += bytes.count
        return true
    }

    /// Appends one byte; false when the allocator has no more memory.
    mutating func append(_ byte: UInt8) -> Bool {
        guard capacity > count || grow(toHold: 1) else { return false }
        base[count] = byte
        count += 1
        return true
    }

    /// The text with a NUL after it (not counted), in memory of `count + 1`
    /// bytes (more only if the allocator could not shrink it) that is the
    /// caller's now, to give back to the allocator; nil, the memory given
    /// back, when there is no room for the NUL.
    mutating func take() -> UnsafeMutableBufferPointer<UInt8>? {
        guard append(0) else {
            release()
            return nil
        }
        count -= 1
        if capacity > count + 1, let exact = allocator.reallocate(base, count + 1, count + 1) {
            base = exact
            capacity = count + 1
        }
        return UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Gives the memory back.
    func release() {
        allocator.deallocate(base)
    }

    /// Grows by half at least (a guess a little short grows once).
    @inline(never)
    private mutating func grow(toHold n: Int) -> Bool {
        let newCapacity = max(capacity + capacity / 2, count + n)
        guard let bigger = allocator.reallocate(base, count, newCapacity) else { return false }
        base = bigger
        capacity = newCapacity
        return true
    }
}
