/// Writes the screen's layout as JSON into memory from a `ByteAllocator`,
/// straight from the laid-out frames: the bytes of
/// `JSONWriter.bytes(ScreenLayout.json)` without building `LayoutNode`s or
/// `JSON` values.
///
/// A layout of the screen is `{"width","height","components":[...],
/// "readingOrder":[...]}`. The cache lays every component out before it
/// writes, so the head comes first; then each component, its
/// `LayoutTemplate` filled in with its y and frames, or its root node copied
/// from an earlier text; then the reading order (each component's ids, kept
/// until it is laid out again), `]}`, and a NUL for C hosts (not counted). Room is reserved once per component,
/// then bytes are stored with no further checks. A plain value, kept in a
/// local while it writes: nothing is counted or checked per byte.
struct LayoutWriter {
    let allocator: ByteAllocator
    /// The memory: `capacity` bytes from `allocator`, `count` of them written.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int
    /// Components written.
    private var items = 0

    /// The longest a frame number gets: an integer below 9e15 with its
    /// sign, or a double's shortest text (`-2.2250738585072014e-308`).
    static let numberRoom = 32

    /// A writer with room for `capacity` bytes; nil when `allocator` has no memory.
    init?(allocator: ByteAllocator, capacity: Int) {
        let capacity = max(capacity, 256)
        guard let base = allocator.allocate(capacity) else { return nil }
        self.allocator = allocator
        self.base = base
        self.capacity = capacity
    }

    /// A writer in Swift's memory, which does not run out.
    init(capacity: Int) {
        self.init(allocator: .swift, capacity: capacity)!
    }

    /// Gives the memory back.
    func release() {
        allocator.deallocate(base)
    }

    /// The text written, NUL-terminated (the NUL not counted), in memory
    /// that is the caller's now, to give back to the allocator; nil (the
    /// memory given back) when there is no room for the NUL.
    mutating func take() -> UnsafeMutableBufferPointer<UInt8>? {
        guard reserve(1) else {
            release()
            return nil
        }
        base[count] = 0
        return UnsafeMutableBufferPointer(start: base, count: count)
    }

    // MARK: The screen

    /// Starts the text: `{"width":…,"height":…,"components":[`.
    mutating func head(width: Double, height: Double) -> Bool {
        guard reserve(64 + 2 * LayoutWriter.numberRoom) else { return false }
        put(#"{"width":"#)
        putNumber(width)
        put(#","height":"#)
        putNumber(height)
        put(#","components":["#)
        return true
    }

    /// Ends the components and starts the reading order: `],"readingOrder":[`.
    mutating func readingOrderHead() -> Bool {
        guard reserve(18) else { return false }
        put(#"],"readingOrder":["#)
        return true
    }

    /// Appends `bytes` (part of the reading order), after a comma if `comma`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, comma: Bool) -> Bool {
        guard reserve(bytes.count + 1) else { return false }
        if comma { put(UInt8(ascii: ",")) }
        (base + count).initialize(from: bytes.baseAddress!, count: bytes.count)
        count += bytes.count
        return true
    }

    /// Ends the text: `]}`.
    mutating func end() -> Bool {
        guard reserve(2) else { return false }
        put(UInt8(ascii: "]"))
        put(UInt8(ascii: "}"))
        return true
    }

    /// Appends one component: its template filled in with its page `y` and
    /// its `frames` (one per node, relative to the component's corner).
    /// Returns where its root node starts, or nil when out of memory.
    mutating func fill(_ template: LayoutTemplate.Text, _ frames: UnsafePointer<Frame>, y: Double) -> Int? {
        guard reserve(template.maximumCount + LayoutWriter.overrun + 1) else { return nil }
        if items > 0 { put(UInt8(ascii: ",")) }
        items += 1
        let bytes = template.bytes.baseAddress!, holes = template.holes
        let table = LayoutWriter.digits
        // The names between a frame's numbers, stored eight bytes at a time
        // (what a store puts past a name is overwritten by what follows).
        let names = UnsafeRawPointer(LayoutWriter.names.utf8Start)
        let y8 = names.loadUnaligned(as: UInt64.self)
        let width8 = names.loadUnaligned(fromByteOffset: 5, as: UInt64.self)
        let width9 = names.loadUnaligned(fromByteOffset: 6, as: UInt64.self)
        let height8 = names.loadUnaligned(fromByteOffset: 14, as: UInt64.self)
        let height10 = names.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        var p = base + count
        var from = Int(holes[0])
        LayoutWriter.copyOver(bytes, to: p, count: from)
        p += from
        LayoutWriter.putNumber(&p, y, table)
        let root = p - base + (template.root - from)
        var frame = frames
        for i in 1..<holes.count {
            let to = Int(holes[i])
            LayoutWriter.copyOver(bytes + from, to: p, count: to - from)
            p += to - from
            from = to
            LayoutWriter.putNumber(&p, frame.pointee.x, table)
            UnsafeMutableRawPointer(p).storeBytes(of: y8, as: UInt64.self)
            p += 5
            LayoutWriter.putNumber(&p, frame.pointee.y, table)
            UnsafeMutableRawPointer(p).storeBytes(of: width8, as: UInt64.self)
            UnsafeMutableRawPointer(p + 1).storeBytes(of: width9, as: UInt64.self)
            p += 9
            LayoutWriter.putNumber(&p, frame.pointee.width, table)
            UnsafeMutableRawPointer(p).storeBytes(of: height8, as: UInt64.self)
            UnsafeMutableRawPointer(p + 2).storeBytes(of: height10, as: UInt64.self)
            p += 10
            LayoutWriter.putNumber(&p, frame.pointee.height, table)
            frame += 1
        }
        LayoutWriter.copy(bytes + from, to: p, count: template.bytes.count - from)
        p += template.bytes.count - from
        count = p - base
        return root
    }

    /// Appends one component as `fill` does, but with its root node's text
    /// copied from `root` (what an earlier fill wrote for the same frames).
    /// Returns where the root starts, or nil when out of memory.
    mutating func item(_ template: LayoutTemplate.Text, y: Double, root: UnsafeBufferPointer<UInt8>) -> Int? {
        let hole = Int(template.holes[0])
        guard reserve(template.root + LayoutWriter.numberRoom + root.count + LayoutWriter.overrun + 2) else {
            return nil
        }
        if items > 0 { put(UInt8(ascii: ",")) }
        items += 1
        let bytes = template.bytes.baseAddress!
        var p = base + count
        LayoutWriter.copyOver(bytes, to: p, count: hole)
        p += hole
        LayoutWriter.putNumber(&p, y, LayoutWriter.digits)
        LayoutWriter.copyOver(bytes + hole, to: p, count: template.root - hole)
        p += template.root - hole
        let start = p - base
        UnsafeMutableRawPointer(p).copyMemory(from: root.baseAddress!, byteCount: root.count)
        p += root.count
        p.pointee = UInt8(ascii: "}")
        count = p + 1 - base
        return start
    }

    // MARK: Storing bytes (the room is reserved beforehand)

    /// How far past the bytes it is asked for `copyOver` may write (and
    /// read: a template keeps that many bytes after its text).
    static let overrun = 64

    /// Copies `n` bytes, and perhaps up to `overrun` bytes after them: the
    /// pieces of a template between its numbers, which what follows each
    /// piece overwrites. Most are below 64 bytes: four 16-byte moves.
    @inline(__always)
    static func copyOver(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count n: Int) {
        let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target)
        var i = 0
        repeat {
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self), toByteOffset: i,
                         as: SIMD16<UInt8>.self)
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: i + 16, as: SIMD16<UInt8>.self), toByteOffset: i + 16,
                         as: SIMD16<UInt8>.self)
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: i + 32, as: SIMD16<UInt8>.self), toByteOffset: i + 32,
                         as: SIMD16<UInt8>.self)
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: i + 48, as: SIMD16<UInt8>.self), toByteOffset: i + 48,
                         as: SIMD16<UInt8>.self)
            i += 64
        } while i < n
    }

    /// Makes room for `n` more bytes; false when the allocator has no more memory.
    @inline(__always)
    @discardableResult
    mutating func reserve(_ n: Int) -> Bool {
        capacity - count >= n || grow(toHold: n)
    }

    @inline(never)
    private mutating func grow(toHold n: Int) -> Bool {
        var newCapacity = capacity * 2
        while newCapacity - count < n { newCapacity *= 2 }
        guard let bigger = allocator.allocate(newCapacity) else { return false }
        bigger.initialize(from: base, count: count)
        allocator.deallocate(base)
        base = bigger
        capacity = newCapacity
        return true
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func put(_ literal: StaticString) {
        let n = literal.utf8CodeUnitCount
        LayoutWriter.copy(literal.utf8Start, to: base + count, count: n)
        count += n
    }

    /// A frame number (see `putNumber(_:_:_:)`).
    mutating func putNumber(_ value: Double) {
        var p = base + count
        LayoutWriter.putNumber(&p, value, LayoutWriter.digits)
        count = p - base
    }

    /// Copies `n` bytes; up to 256 with word moves rather than a call to
    /// `memcpy` (the pieces of text copied here are short).
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count n: Int) {
        let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target)
        if n >= 16 {
            guard n <= 256 else { return t.copyMemory(from: s, byteCount: n) }
            // Sixteen bytes at a time, the last sixteen overlapping.
            var i = 0
            repeat {
                let k = min(i, n - 16)
                let a = s.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                let b = s.loadUnaligned(fromByteOffset: k + 8, as: UInt64.self)
                t.storeBytes(of: a, toByteOffset: k, as: UInt64.self)
                t.storeBytes(of: b, toByteOffset: k + 8, as: UInt64.self)
                i += 16
            } while i < n
        } else if n >= 8 {
            let a = s.loadUnaligned(as: UInt64.self), b = s.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            t.storeBytes(of: a, as: UInt64.self)
            t.storeBytes(of: b, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            let a = s.loadUnaligned(as: UInt32.self), b = s.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            t.storeBytes(of: a, as: UInt32.self)
            t.storeBytes(of: b, toByteOffset: n - 4, as: UInt32.self)
        } else {
            for i in 0..<n { target[i] = source[i] }
        }
    }

    // MARK: Numbers

    /// A frame number as `Frame.number` makes it and `JSONWriter` writes it:
    /// whole numbers as integers, anything else as a double; at most
    /// `numberRoom` bytes, and the byte after it may be overwritten. Whole
    /// numbers below 1,000,000 come from `table` (`digits`), the rest from
    /// `putOtherNumber`.
    @inline(__always)
    static func putNumber(_ p: inout UnsafeMutablePointer<UInt8>, _ value: Double, _ table: UnsafePointer<UInt32>) {
        // Adding 1.5 × 2^52 rounds a number in [-2^51, 2^51] to a whole one
        // in the low bits of the sum; the low 32 bits of any other (negative,
        // huge, NaN, infinite) are not a whole number equal to it.
        // -0.0 is written 0, as Int64(-0.0) is 0.
        let v = Int(UInt32(truncatingIfNeeded: (value + 0x1.8p52).bitPattern))
        if Double(v) == value {
            if v < 1000 {
                let digits = table[v]
                UnsafeMutableRawPointer(p).storeBytes(of: digits, as: UInt32.self)
                p += Int(digits >> 24)
                return
            }
            if v < 1_000_000 {
                // The thousands, then the rest as three digits, zeros kept.
                let high = table[v / 1000], low = table[1000 + v % 1000]
                UnsafeMutableRawPointer(p).storeBytes(of: high, as: UInt32.self)
                p += Int(high >> 24)
                UnsafeMutableRawPointer(p).storeBytes(of: low, as: UInt32.self)
                p += 3
                return
            }
        }
        p = putOtherNumber(p, value)
    }

    /// The text of 0 ..< 1000, a word each: the digits in memory order (so
    /// that the word stored lays them out in order) and the count of digits
    /// in the high byte, stored too, past the digits; then 000 ..< 999, three
    /// digits each.
    nonisolated(unsafe) static let digits: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 2000)
        for v in 0..<2000 {
            let n = v % 1000
            let count = v >= 1000 || n >= 100 ? 3 : n >= 10 ? 2 : 1
            var word: UInt32 = 0
            withUnsafeMutableBytes(of: &word) { bytes in
                var rest = n
                for i in stride(from: count - 1, through: 0, by: -1) {
                    bytes[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                bytes[3] = UInt8(count)
            }
            table[v] = word
        }
        return UnsafePointer(table)
    }()

    /// The names between a frame's numbers end to end, read eight bytes at
    /// a time by `fill`: `,"y":` at 0, `,"width":` at 5, `,"height":` at 14.
    private static let names: StaticString = #","y":,"width":,"height":"#

    /// `putNumber` for any other number.
    @inline(never)
    private static func putOtherNumber(_ start: UnsafeMutablePointer<UInt8>, _ value: Double)
        -> UnsafeMutablePointer<UInt8>
    {
        var p = start
        if value >= 0, value < 9e15, value.rounded(.towardZero) == value {
            var v = UInt64(value)
            var length = 1
            var rest = v
            while rest >= 10 {
                rest /= 10
                length += 1
            }
            var k = length
            repeat {
                k -= 1
                p[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v != 0
            return p + length
        }
        var bytes: [UInt8] = []
        JSONWriter.write(Frame.number(value), into: &bytes)
        bytes.withUnsafeBufferPointer { b in
            p.update(from: b.baseAddress!, count: b.count)
            p += b.count
        }
        return p
    }
}
