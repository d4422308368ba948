import Testing
@testable import SDUICore

/// `Array.permanentCopy`, the storage of the fixed tables the hot paths read.
@Suite("Permanent copies")
struct PermanentCopyTests {
    @Test func holdsTheElementsInOrder() {
        let names = ["type", "text", "url", "☆"]
        let copy = names.permanentCopy()
        #expect((0..<names.count).map { copy[$0] } == names)
        let bytes: [UInt8] = Array("{\"type\":".utf8)
        let raw = bytes.permanentCopy()
        #expect(Array(UnsafeBufferPointer(start: raw, count: bytes.count)) == bytes)
    }

    @Test func anEmptyArrayStillGivesAPointerToWriteNothingAt() {
        let copy = [Int]().permanentCopy()
        copy.initialize(to: 7) // room for one element even so
        #expect(copy.pointee == 7)
    }
}
