import CZlib

/// An RGBA image in memory, 8 bits per channel, rows top to bottom.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha per pixel.
    public var pixels: [UInt8]

    /// Creates an image; `pixels` must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at a column and row as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Writes RGBA images as PNG files (colour type 6, no interlace), compressed with zlib.
public enum PNGEncoder {
    /// The PNG file bytes for an image; throws (never traps) when zlib fails.
    public static func encode(_ image: RGBAImage) throws(ImageError) -> [UInt8] {
        try encode(image, level: 9)
    }

    /// The PNG bytes at zlib compression `level` (0–9; another is zlib's `Z_STREAM_ERROR`, how tests make it fail).
    static func encode(_ image: RGBAImage, level: Int32) throws(ImageError) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * 4 + 1) * image.height)
        for row in 0..<image.height {
            raw.append(0) // filter: none
            let start = row * image.width * 4
            raw.append(contentsOf: image.pixels[start..<start + image.width * 4])
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, 6, 0, 0, 0]) // depth 8, RGBA, deflate, adaptive, no interlace
        out.appendChunk("IHDR", header)
        out.appendChunk("IDAT", try deflate(raw, level: level))
        out.appendChunk("IEND", [])
        return out
    }

    private static func deflate(_ input: [UInt8], level: Int32) throws(ImageError) -> [UInt8] {
        var bound = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(bound))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { inp in
                compress2(out.baseAddress, &bound, inp.baseAddress, uLong(input.count), level)
            }
        }
        guard status == Z_OK else { throw .corrupt(.png, "cannot compress the image (zlib compress2 returned \(status))") }
        return Array(output.prefix(Int(bound)))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        append(contentsOf: typed)
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(crc))
    }
}
