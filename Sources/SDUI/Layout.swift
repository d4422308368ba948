import CSDUI
import SDUICore

// Layout: the functions of include/sdui.h's "Layout" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_layout_json")
public func sdui_layout_json(_ engine: OpaquePointer?, _ width: Double,
                             _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                             _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    return withEngineRunningCallbacks(engine) { (engine) throws(Failure) in
        guard out != nil else { throw .invalid("out is NULL") }
        guard width > 0, width.isFinite else { throw .invalid("width must be a positive number, got \(width)") }
        // Written straight into malloc'd memory: the caller frees it with sdui_free.
        guard let text = engine.layoutJSON(width: width, allocator: mallocAllocator) else {
            throw Failure(SDUI_ENOMEM, "out of memory writing the layout")
        }
        out?.pointee = UnsafeMutableRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        outLength?.pointee = text.count
    }
}

@_cdecl("sdui_set_image_size")
public func sdui_set_image_size(_ engine: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ width: Double,
                                _ height: Double) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        let url = try requiredString(url, "url")
        try engineCall { () throws(EngineError) in try engine.setImageSize(url: url, width: width, height: height) }
    }
}

@_cdecl("sdui_set_measurer")
public func sdui_set_measurer(_ engine: OpaquePointer?, _ measure: sdui_measure_fn?,
                              _ userdata: UnsafeMutableRawPointer?, _ destroy: sdui_destroy_fn?) -> Int32
{
    withEngineChanging(engine) { (engine) throws(Failure) in
        guard let measure else {
            engine.useMonospaceMeasurer()
            return
        }
        let data = UserData(userdata, destroy: destroy)
        engine.measurer = { text, font, maxWidth in
            var width = 0.0, height = 0.0
            let status = text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    callMeasure(measure, chars.baseAddress, chars.count, font, maxWidth, &width, &height, data)
                }
            } ?? {
                var copy = text
                return copy.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        callMeasure(measure, chars.baseAddress, chars.count, font, maxWidth, &width, &height, data)
                    }
                }
            }()
            guard status == SDUI_OK, width.isFinite, height.isFinite, width >= 0, height >= 0 else {
                return Size(width: 0, height: 0)
            }
            return Size(width: width, height: height)
        }
    }
}

private func callMeasure(_ measure: sdui_measure_fn, _ text: UnsafePointer<CChar>?, _ count: Int, _ font: String?,
                         _ maxWidth: Double?, _ width: inout Double, _ height: inout Double, _ data: UserData) -> Int32
{
    let empty: StaticString = ""
    let start = text ?? UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
    guard let font else {
        return measure(start, count, nil, maxWidth ?? -1, &width, &height, data.pointer)
    }
    return font.withCString { measure(start, count, $0, maxWidth ?? -1, &width, &height, data.pointer) }
}

/// The text of a (pointer, length) argument; invalid UTF-8 is repaired to U+FFFD.
private func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String? {
    guard let pointer else { return length == 0 ? "" : nil }
    return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
}

@_cdecl("sdui_text_cells")
public func sdui_text_cells(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> Int64 {
    guard let value = text(pointer, length) else { return -1 }
    return Int64(Monospace.width(of: value))
}

@_cdecl("sdui_text_lines")
public func sdui_text_lines(_ pointer: UnsafePointer<CChar>?, _ length: Int, _ maxCells: Int32,
                            _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ outLength: UnsafeMutablePointer<Int>?) -> Int32
{
    out?.pointee = nil
    guard let value = text(pointer, length), out != nil else { return SDUI_EINVAL }
    let lines = Monospace.lines(value, maxWidth: maxCells > 0 ? Int(maxCells) : nil)
    do {
        try deliver(Array(lines.joined(separator: "\n").utf8), out, outLength)
        return SDUI_OK
    } catch {
        return error.status
    }
}

@_cdecl("sdui_set_viewport")
public func sdui_set_viewport(_ engine: OpaquePointer?, _ width: Double, _ offset: Double, _ height: Double,
                              _ events: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ eventsLength: UnsafeMutablePointer<Int>?) -> Int32
{
    events?.pointee = nil
    return withEngineChanging(engine) { (engine) throws(Failure) in
        guard width.isFinite, offset.isFinite, height.isFinite else {
            throw .invalid("viewport values must be finite numbers")
        }
        guard height <= 0 || width > 0 else { throw .invalid("viewport width must be positive, got \(width)") }
        let viewport = height > 0 ? Engine.Viewport(width: width, offset: offset, height: height) : nil
        let changes = engine.setViewport(viewport)
        if events != nil {
            try deliver(JSONWriter.bytes(.array(changes.map(\.json))), events, eventsLength)
        }
    }
}

@_cdecl("sdui_set_cell_size")
public func sdui_set_cell_size(_ engine: OpaquePointer?, _ width: Double, _ height: Double) -> Int32 {
    withEngineChanging(engine) { (engine) throws(Failure) in
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw .invalid("a cell's width and height must be finite numbers above 0, got \(width) and \(height)")
        }
        engine.layoutOptions = LayoutOptions(cellWidth: width, cellHeight: height)
    }
}
