import CZlib

/// An image that costs a decoder far more than its bytes (issue 19, item 6), for the tests and the
/// `image` benchmark's hostile uploads (whose scan bomb is `JPEGEncoder.scanBomb`).
public enum HostileImages {
    /// A 130 KB PNG of a 4096×4096 canvas at 16 bits a sample (128 MiB of rows once inflated).
    public static func sixteenBitCanvas() -> [UInt8] {
        let width = 4096, height = 4096, rowBytes = width * 8
        var stream = z_stream()
        _ = deflateInit_(&stream, 9, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var compressed: [UInt8] = []
        var row = [UInt8](repeating: 0, count: rowBytes + 1)
        var output = [UInt8](repeating: 0, count: 1 << 16)
        for index in 0..<height {
            let flush = index == height - 1 ? Z_FINISH : Z_NO_FLUSH
            row.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                repeat {
                    output.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        _ = deflate(&stream, flush)
                        compressed += out.prefix(out.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
            }
        }
        let header = bigEndian(width) + bigEndian(height) + [16, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", compressed) + chunk("IEND", [])
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
         UInt8(truncatingIfNeeded: value)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(data.count) + typed + bigEndian(Int(crc))
    }
}
