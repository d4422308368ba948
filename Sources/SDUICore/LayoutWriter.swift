/// A byte buffer the screen's layout is written into as JSON, straight from
/// the laid-out frames: the bytes of `JSONWriter.bytes(ScreenLayout.json)`
/// without building `LayoutNode`s or `JSON` values.
///
/// A layout of the screen is `{"width","height","components":[...]}`, and
/// its height is known only once every component is laid out, so the
/// components are written first, after a gap kept at the start, and `finish`
/// puts the head in the gap. A component is its `LayoutTemplate` (the text
/// of its nodes without their frames) filled in with its frames. Room is
/// reserved once per component, then bytes are stored with no further
/// checks.
final class LayoutWriter {
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// Bytes written, the gap included.
    private(set) var count = 0
    private var capacity: Int
    /// Where the finished text starts (in the gap).
    private var start = 0
    private var items = 0

    /// Room kept for the head: `{"width":`, `,"height":`, `,"components":[`
    /// and two numbers of at most `LayoutWriter.numberRoom` bytes.
    static let gap = 128
    /// The longest a frame number gets: an integer below 9e15 with its
    /// sign, or a double's shortest text (`-2.2250738585072014e-308`).
    static let numberRoom = 32

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, LayoutWriter.gap + 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Starts a new layout text, with room for about `expected` bytes.
    func begin(expected: Int) {
        count = 0
        items = 0
        reserve(LayoutWriter.gap + expected)
        count = LayoutWriter.gap
    }

    /// Appends one component: `{"id":…,"y":…,"root":` then its root node,
    /// written by `root` (`node` or `copy`), then `}`.
    func item(id: String, y: Double, root: () -> Void) {
        reserve(64 + 6 * id.utf8.count)
        var p = base + count
        if items > 0 { put(&p, UInt8(ascii: ",")) }
        items += 1
        put(&p, #"{"id":"#)
        putString(&p, id)
        put(&p, #","y":"#)
        putNumber(&p, y)
        put(&p, #","root":"#)
        count = p - base
        root()
        reserve(1)
        base[count] = UInt8(ascii: "}")
        count += 1
    }

    /// Appends `bytes` as they are (a node written before).
    func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        (base + count).update(from: bytes.baseAddress!, count: bytes.count)
        count += bytes.count
    }

    /// Ends the text with its head in the gap: `{"width":…,"height":…,"components":[`
    /// before the components and `]}` after them. Returns the text.
    func finish(width: Double, height: Double) -> UnsafeBufferPointer<UInt8> {
        reserve(2)
        base[count] = UInt8(ascii: "]")
        base[count + 1] = UInt8(ascii: "}")
        count += 2
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: LayoutWriter.gap) { head in
            var p = head.baseAddress!
            put(&p, #"{"width":"#)
            putNumber(&p, width)
            put(&p, #","height":"#)
            putNumber(&p, height)
            put(&p, #","components":["#)
            let length = p - head.baseAddress!
            start = LayoutWriter.gap - length
            (base + start).update(from: head.baseAddress!, count: length)
        }
        return text
    }

    /// The text `finish` completed.
    var text: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Appends a component's root node: `template` with `frames` (one per
    /// node, relative to the root's corner) in its holes.
    func fill(_ template: LayoutTemplate, _ frames: UnsafePointer<Frame>) {
        let bytes = template.bytes, holes = template.holes
        reserve(bytes.count + holes.count * (4 * LayoutWriter.numberRoom + 24))
        let text = bytes.baseAddress!
        var p = base + count
        var from = 0
        for i in 0..<holes.count {
            let to = Int(holes[i])
            LayoutWriter.copy(text + from, to: p, count: to - from)
            p += to - from
            from = to
            let frame = frames[i]
            putNumber(&p, frame.x)
            put(&p, #","y":"#)
            putNumber(&p, frame.y)
            put(&p, #","width":"#)
            putNumber(&p, frame.width)
            put(&p, #","height":"#)
            putNumber(&p, frame.height)
        }
        LayoutWriter.copy(text + from, to: p, count: bytes.count - from)
        p += bytes.count - from
        count = p - base
    }

    /// Appends the text of the subtree of `view` as `LayoutNode.json` writes
    /// it, `{"id","type","frame":{"x","y","width","height"},"children":[...]}`
    /// (no `children` when there are none), without the frames' numbers:
    /// where each node's `x` goes (`LayoutTemplate.holes`), depth first, is
    /// appended to `holes`. The `y`, `width` and `height` follow it, with
    /// their names, when the template is filled.
    func skeleton(_ view: UnsafePointer<ViewNode>, holes: inout [UInt32]) {
        let id = view.pointee.id
        reserve(40 + 6 * id.utf8.count + 64)
        var p = base + count
        put(&p, #"{"id":"#)
        putString(&p, id)
        put(&p, LayoutWriter.typeAndFrame(view.pointee.kind))
        holes.append(UInt32(p - base))
        if view.pointee.children.isEmpty {
            put(&p, "}}")
            count = p - base
            return
        }
        put(&p, #"},"children":["#)
        count = p - base
        view.pointee.children.withUnsafeBufferPointer { children in
            for i in 0..<children.count {
                if i > 0 {
                    reserve(1)
                    base[count] = UInt8(ascii: ",")
                    count += 1
                }
                skeleton(children.baseAddress! + i, holes: &holes)
            }
        }
        reserve(2)
        base[count] = UInt8(ascii: "]")
        base[count + 1] = UInt8(ascii: "}")
        count += 2
    }

    /// `,"type":"<kind>","frame":{"x":`: the bytes between a node's id and its x.
    static func typeAndFrame(_ kind: ViewNode.Kind) -> StaticString {
        switch kind {
        case .text: return #","type":"text","frame":{"x":"#
        case .image: return #","type":"image","frame":{"x":"#
        case .button: return #","type":"button","frame":{"x":"#
        case .vstack: return #","type":"vstack","frame":{"x":"#
        case .hstack: return #","type":"hstack","frame":{"x":"#
        case .zstack: return #","type":"zstack","frame":{"x":"#
        case .spacer: return #","type":"spacer","frame":{"x":"#
        case .list: return #","type":"list","frame":{"x":"#
        case .input: return #","type":"input","frame":{"x":"#
        case .fallback: return #","type":"fallback","frame":{"x":"#
        case .error: return #","type":"error","frame":{"x":"#
        }
    }

    // MARK: Storing bytes (the room is reserved beforehand)

    /// Makes room for `n` more bytes.
    @inline(__always)
    func reserve(_ n: Int) {
        if capacity - count < n { grow(toHold: n) }
    }

    @inline(never)
    private func grow(toHold n: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < n { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    @inline(__always)
    private func put(_ p: inout UnsafeMutablePointer<UInt8>, _ byte: UInt8) {
        p.pointee = byte
        p += 1
    }

    @inline(__always)
    private func put(_ p: inout UnsafeMutablePointer<UInt8>, _ literal: StaticString) {
        let n = literal.utf8CodeUnitCount
        LayoutWriter.copy(literal.utf8Start, to: p, count: n)
        p += n
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

    /// A string literal, escaped as `JSONWriter` escapes (`"`, `\` and
    /// control characters); at most 6 bytes a byte plus the quotes.
    private func putString(_ p: inout UnsafeMutablePointer<UInt8>, _ s: String) {
        put(&p, UInt8(ascii: "\""))
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in
            if LayoutWriter.needsEscape(bytes) {
                for c in bytes { putEscaped(&p, c) }
            } else if bytes.count > 0 {
                LayoutWriter.copy(bytes.baseAddress!, to: p, count: bytes.count)
                p += bytes.count
            }
        }
        if done == nil {
            for c in s.utf8 { putEscaped(&p, c) }
        }
        put(&p, UInt8(ascii: "\""))
    }

    /// True when a byte of `bytes` needs escaping; eight at a time.
    private static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard n >= 8 else {
            for c in bytes where needsEscape(c) { return true }
            return false
        }
        let start = UnsafeRawPointer(bytes.baseAddress!)
        @inline(__always) func flagged(_ w: UInt64) -> Bool {
            // A '"' (0x22), a '\' (0x5C) or a byte below 0x20.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let q = w ^ (ones &* 0x22)
            let b = w ^ (ones &* 0x5C)
            return ((q &- ones) & ~q | (b &- ones) & ~b | (w &- ones &* 0x20) & ~w) & (ones &* 0x80) != 0
        }
        var i = 0
        while i + 8 <= n {
            if flagged(start.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
            i += 8
        }
        return i < n && flagged(start.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
    }

    @inline(__always)
    private static func needsEscape(_ c: UInt8) -> Bool {
        c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\")
    }

    private func putEscaped(_ p: inout UnsafeMutablePointer<UInt8>, _ c: UInt8) {
        guard LayoutWriter.needsEscape(c) else { return put(&p, c) }
        switch c {
        case UInt8(ascii: "\""): put(&p, "\\\"")
        case UInt8(ascii: "\\"): put(&p, "\\\\")
        case 0x0A: put(&p, "\\n")
        case 0x0D: put(&p, "\\r")
        case 0x09: put(&p, "\\t")
        case 0x08: put(&p, "\\b")
        case 0x0C: put(&p, "\\f")
        default:
            let digits: StaticString = "0123456789abcdef"
            put(&p, "\\u00")
            put(&p, digits.utf8Start[Int(c >> 4)])
            put(&p, digits.utf8Start[Int(c & 0xF)])
        }
    }

    /// A frame number as `Frame.number` makes it and `JSONWriter` writes it:
    /// whole numbers as integers, anything else as a double; at most
    /// `numberRoom` bytes. Cells (whole, below 10,000) are written here, the
    /// rest by `putOtherNumber`.
    @inline(__always)
    private func putNumber(_ p: inout UnsafeMutablePointer<UInt8>, _ value: Double) {
        if value >= 0, value < 10000 {
            let v = Int(value)
            if Double(v) == value { // whole; -0.0 is written 0, as Int64(-0.0) is 0
                if v < 10 {
                    p.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v)
                    p += 1
                } else if v < 100 {
                    putPair(&p, v)
                } else if v < 1000 {
                    p.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 100)
                    p += 1
                    putPair(&p, v % 100)
                } else {
                    putPair(&p, v / 100)
                    putPair(&p, v % 100)
                }
                return
            }
        }
        putOtherNumber(&p, value)
    }

    /// `putNumber` for any other number.
    @inline(never)
    private func putOtherNumber(_ p: inout UnsafeMutablePointer<UInt8>, _ value: Double) {
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
            p += length
            return
        }
        var bytes: [UInt8] = []
        JSONWriter.write(Frame.number(value), into: &bytes)
        bytes.withUnsafeBufferPointer { b in
            p.update(from: b.baseAddress!, count: b.count)
            p += b.count
        }
    }

    /// The two digits of `v` (below 100).
    @inline(__always)
    private func putPair(_ p: inout UnsafeMutablePointer<UInt8>, _ v: Int) {
        let pair = UnsafeRawPointer(LayoutWriter.pairs.utf8Start).loadUnaligned(fromByteOffset: Int(v) * 2,
                                                                                 as: UInt16.self)
        UnsafeMutableRawPointer(p).storeBytes(of: pair, as: UInt16.self)
        p += 2
    }

    /// "00", "01", … "99" end to end.
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
