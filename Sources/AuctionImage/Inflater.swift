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
}
