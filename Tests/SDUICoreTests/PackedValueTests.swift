import Testing
@testable import SDUICore

@Suite("Packed values")
struct PackedValueTests {
    /// Packs `value` into exactly `size(of:)` bytes.
    static func pack(_ value: JSON) -> [UInt8] {
        let size = PackedValue.size(of: value)
        var bytes = [UInt8](repeating: 0xAA, count: size)
        bytes.withUnsafeMutableBytes { raw in
            let end = PackedValue.write(value, to: raw.baseAddress!)
            #expect(end - raw.baseAddress! == size, "size(of:) and write agree")
        }
        return bytes
    }

    static func read(_ bytes: [UInt8], maxDepth: Int = 512) throws(PackedValue.ReadError) -> JSON {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(PackedValue.ReadError) in try PackedValue.read(raw, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    static func readError(_ bytes: [UInt8], maxDepth: Int = 512) -> PackedValue.ReadError? {
        do {
            _ = try read(bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    /// A little-endian UInt32 (the test machines are little-endian, as the header's "host order" is here).
    static func u32(_ n: UInt32) -> [UInt8] {
        withUnsafeBytes(of: n) { Array($0) }
    }

    @Test func theLayoutIsTheOneTheHeaderDocuments() throws {
        #expect(Self.pack(.null) == [0])
        #expect(Self.pack(false) == [1])
        #expect(Self.pack(true) == [2])
        #expect(Self.pack(.int(7)) == [3] + withUnsafeBytes(of: Int64(7)) { Array($0) })
        #expect(Self.pack(.double(0.5)) == [4] + withUnsafeBytes(of: 0.5) { Array($0) })
        #expect(Self.pack("hé") == [5] + Self.u32(3) + Array("hé".utf8))
        #expect(Self.pack([true, .null]) == [6] + Self.u32(2) + [2, 0])
        // Members keep their order: b before a.
        #expect(Self.pack(json(#"{"b":1,"a":false}"#))
            == [7] + Self.u32(2) + Self.u32(1) + Array("b".utf8) + Self.pack(1) + Self.u32(1) + Array("a".utf8) + [1])
    }

    @Test func randomValuesComeBackIdentical() throws {
        var r = SeededRNG(seed: 7)
        for _ in 0..<500 {
            let value = Self.randomValue(&r, depth: 0)
            let back = try Self.read(Self.pack(value))
            #expect(back.isIdentical(to: value), "\(JSONWriter.string(value))")
        }
    }

    @Test func everyTruncationIsAnErrorNotACrash() throws {
        let bytes = Self.pack(json(#"{"title":"Neo","ids":[1,2.5,null],"deep":{"x":[true,{"y":"z"}]}}"#))
        for n in 0..<bytes.count {
            #expect(Self.readError(Array(bytes[..<n])) != nil, "prefix of \(n) bytes")
        }
        let extra = Self.readError(bytes + [0])
        #expect(extra?.message == "1 bytes after the value")
    }

    @Test func malformedBytesNameWhatAndWhere() throws {
        #expect(Self.readError([9])?.description == "packed value, byte 0: unknown tag 9")
        #expect(Self.readError([5] + Self.u32(1) + [0xFF])?.description == "packed value, byte 1: string is not valid UTF-8")
        #expect(Self.readError([7] + Self.u32(1) + Self.u32(1) + [0xC3] + [0])?.message == "key is not valid UTF-8")
        #expect(Self.readError([4] + withUnsafeBytes(of: Double.nan) { Array($0) })?.message == "number is not finite")
        #expect(Self.readError([4] + withUnsafeBytes(of: -Double.infinity) { Array($0) })?.message == "number is not finite")
        // A count larger than the bytes that follow is refused before anything is reserved.
        #expect(Self.readError([6] + Self.u32(.max))?.message == "array count 4294967295 exceeds the bytes left")
        #expect(Self.readError([7] + Self.u32(1 << 30))?.message == "object count 1073741824 exceeds the bytes left")
        let member = Self.u32(1) + Array("k".utf8) + [0]
        #expect(Self.readError([7] + Self.u32(2) + member + member)?.message == "duplicate key \"k\"")
        // Objects past a dozen members check duplicates with a set.
        var many: [UInt8] = [7] + Self.u32(21)
        for i in 0..<20 { many += Self.u32(3) + Array("k\(i < 10 ? "0" : "")\(i)".utf8) + [0] }
        many += Self.u32(3) + Array("k07".utf8) + [0]
        #expect(Self.readError(many)?.message == "duplicate key \"k07\"")
        // Non-ASCII UTF-8 is accepted as it is.
        #expect(try Self.read([5] + Self.u32(4) + Array("★a".utf8)) == "★a")
    }

    @Test func nestingDeeperThanTheLimitIsALimitError() throws {
        var value: JSON = 1
        for _ in 0..<5 { value = [value] }
        #expect(try Self.read(Self.pack(value), maxDepth: 5).isIdentical(to: value))
        let error = Self.readError(Self.pack(value), maxDepth: 4)
        #expect(error?.tooDeep == true)
        #expect(error?.message == "nested deeper than 4")
        #expect(Self.readError([9])?.tooDeep == false)
    }

    static func randomValue(_ r: inout SeededRNG, depth: Int) -> JSON {
        switch depth > 3 ? r.below(5) : r.below(7) {
        case 0: return .int(Int64(r.below(1000)) - 500)
        case 1: return .double(Double(r.below(10000)) / 7)
        case 2: return r.percent(50) ? .null : .bool(r.percent(50))
        case 3: return .string(["", "a", "héllo", "★ \"q\"\n", String(repeating: "x", count: 40)][r.below(5)])
        case 4: return .int(r.percent(50) ? .max : .min)
        case 5: return .array((0..<r.below(5)).map { _ in randomValue(&r, depth: depth + 1) })
        default:
            var o = JSONObject()
            for k in 0..<r.below(16) { o["k\(r.below(100))_\(k)"] = randomValue(&r, depth: depth + 1) }
            return .object(o)
        }
    }
}

@Suite("String(checkedUTF8:)")
struct CheckedUTF8Tests {
    static func check(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { String(checkedUTF8: $0) }
    }

    @Test func acceptsWhatValidatingAcceptsAndNothingElse() {
        let cases: [[UInt8]] = [
            [], Array("plain ascii".utf8), Array("h\u{e9} \u{2605} \u{1F3AC}".utf8),
            [0x80], [0xC3], [0xE2, 0x98], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80],
            Array("ok".utf8) + [0xFF], [0x61, 0x00, 0x62],
        ]
        for bytes in cases {
            let reference = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
            #expect(Self.check(bytes) == reference, "\(bytes)")
        }
    }
}
