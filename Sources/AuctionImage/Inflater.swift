import CZlib

/// Decompresses a zlib stream into a buffer of a known, bounded size.
enum Inflater {
    /// Inflates `input`, which must decompress to exactly `expectedSize` bytes.
    static func inflate(_ input: [UInt8], expectedSize: Int) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        let initStatus = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw .corruptData("zlib could not start (status \(initStatus))") }
        defer { inflateEnd(&stream) }

        // One spare byte detects data longer than declared without reading it all.
        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        var status: Int32 = Z_OK
        var produced = 0
        input.withUnsafeBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = outputBuffer.count - Int(stream.avail_out)
            }
        }
        switch status {
        case Z_STREAM_END:
            guard produced == expectedSize else { throw .sizeMismatch(expected: expectedSize, actual: produced) }
            output.removeLast()
            return output
        case Z_BUF_ERROR where stream.avail_out == 0:
            throw .sizeMismatch(expected: expectedSize, actual: produced)
        case Z_BUF_ERROR:
            throw .corruptData("the compressed stream ends early")
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw .corruptData(message)
        }
    }

    /// Inflates `input` through a 64 KiB window, handing each piece and its offset to `visit`; the
    /// stream must decompress to exactly `expectedSize` bytes. Memory stays at the window whatever the size.
    static func stream(_ input: [UInt8], expectedSize: Int,
                       _ visit: (UnsafeBufferPointer<UInt8>, Int) throws(PNGError) -> Void) throws(PNGError) {
        var stream = z_stream()
        let initStatus = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw .corruptData("zlib could not start (status \(initStatus))") }
        defer { inflateEnd(&stream) }
        var window = [UInt8](repeating: 0, count: 65_536)
        var produced = 0
        let result: Result<Int32, PNGError> = input.withUnsafeBufferPointer { inputBuffer in
            window.withUnsafeMutableBufferPointer { windowBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
                stream.avail_in = uInt(inputBuffer.count)
                while true {
                    stream.next_out = windowBuffer.baseAddress
                    stream.avail_out = uInt(windowBuffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let count = windowBuffer.count - Int(stream.avail_out)
                    guard count <= expectedSize - produced else {
                        return .failure(.sizeMismatch(expected: expectedSize, actual: produced + count))
                    }
                    do throws(PNGError) {
                        try visit(UnsafeBufferPointer(rebasing: windowBuffer[0..<count]), produced)
                    } catch {
                        return .failure(error)
                    }
                    produced += count
                    if status != Z_OK || (count == 0 && stream.avail_in == 0) { return .success(status) }
                }
            }
        }
        let status = try result.get()
        switch status {
        case Z_STREAM_END:
            guard produced == expectedSize else { throw .sizeMismatch(expected: expectedSize, actual: produced) }
        case Z_OK, Z_BUF_ERROR:
            throw .corruptData("the compressed stream ends early")
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw .corruptData(message)
        }
    }
}
