#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSDUI
import SDUICore

// Not a header section: reading C arguments and handing buffers back to C.

/// Reads a NUL-terminated UTF-8 argument; nil for NULL or invalid UTF-8.
func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    return String(validatingCString: pointer)
}

/// A required name argument: non-NULL, valid UTF-8.
func requiredString(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(Failure) -> String {
    guard let pointer else { throw .invalid("\(what) is NULL") }
    guard let s = String(validatingCString: pointer) else { throw .invalid("\(what) is not valid UTF-8") }
    return s
}

/// The bytes of a (pointer, length) JSON argument.
func bytes(_ pointer: UnsafePointer<CChar>?, _ length: Int, _ what: String) throws(Failure) -> UnsafeRawBufferPointer {
    guard let pointer else { throw .invalid("\(what) is NULL") }
    return UnsafeRawBufferPointer(start: pointer, count: length)
}

/// A malloc'd NUL-terminated copy of `bytes`, for the caller to sdui_free().
func mallocCopy(_ bytes: [UInt8]) throws(Failure) -> UnsafeMutablePointer<CChar> {
    try bytes.withUnsafeBufferPointer { (src) throws(Failure) in try mallocCopy(src) }
}

/// A malloc'd, NUL-terminated copy of `bytes`, for `sdui_free`.
func mallocCopy(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> UnsafeMutablePointer<CChar> {
    guard let buffer = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else {
        throw Failure(SDUI_ENOMEM, "out of memory allocating \(bytes.count + 1) bytes")
    }
    if let base = bytes.baseAddress { memcpy(buffer, base, bytes.count) }
    buffer[bytes.count] = 0
    return buffer
}

/// `malloc`, `free` and `realloc`: texts the core writes straight into
/// memory a C caller then owns (and frees with `sdui_free`).
let mallocAllocator = ByteAllocator(allocate: { malloc($0)?.assumingMemoryBound(to: UInt8.self) },
                                    deallocate: { free($0) },
                                    reallocate: { realloc($0, $2)?.assumingMemoryBound(to: UInt8.self) })

/// Hands `bytes` to a C caller through (out, out_len).
func deliver(_ bytes: [UInt8], _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
             _ outLength: UnsafeMutablePointer<Int>?) throws(Failure)
{
    try bytes.withUnsafeBufferPointer { (src) throws(Failure) in try deliver(src, out, outLength) }
}

/// Hands `bytes` to a C caller through (out, out_len) as a malloc'd copy.
func deliver(_ bytes: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
             _ outLength: UnsafeMutablePointer<Int>?) throws(Failure)
{
    guard let out else { throw .invalid("out is NULL") }
    out.pointee = try mallocCopy(bytes)
    outLength?.pointee = bytes.count
}

/// Parses a path argument; NULL is the root.
func path(_ pointer: UnsafePointer<CChar>?) throws(Failure) -> JSONPath {
    guard let pointer else { return .root }
    if let single = singleKeyPath(pointer) { return single }
    guard let text = String(validatingCString: pointer) else { throw .invalid("path is not valid UTF-8") }
    do {
        return try JSONPath(parsing: text)
    } catch {
        throw .invalid(error.description)
    }
}

/// A path of one plain key, `$.key` or `key` (ASCII letters, digits, `_`
/// and `-`: what a state view writes for a member of the root), read from
/// the bytes; nil for anything else, which the full parse reads (to the
/// same path when it is one of these).
private func singleKeyPath(_ p: UnsafePointer<CChar>) -> JSONPath? {
    var start = 0
    if p[0] == 0x24 { // $
        guard p[1] == 0x2E else { return nil } // .
        start = 2
    }
    var i = start
    while true {
        let c = UInt8(bitPattern: p[i])
        if c == 0 { break }
        guard (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
            || c == 0x5F || c == 0x2D else { return nil }
        i += 1
    }
    guard i > start else { return nil }
    let key = String(decoding: UnsafeRawBufferPointer(start: p + start, count: i - start), as: UTF8.self)
    return JSONPath([.key(key)])
}
