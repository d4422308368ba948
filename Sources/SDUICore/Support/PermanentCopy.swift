extension Array {
    /// A copy of the elements in memory that is never freed: for the fixed
    /// tables made once per process, which a hot path then reads with no
    /// reference counting (an array read from a static is retained and
    /// released around each use). Never empty, so the pointer is always valid.
    func permanentCopy() -> UnsafeMutablePointer<Element> {
        let copy = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        copy.initialize(from: self, count: count)
        return copy
    }
}
