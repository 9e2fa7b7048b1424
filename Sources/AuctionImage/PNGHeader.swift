/// The fields of a PNG `IHDR` chunk.
public struct PNGHeader: Hashable, Sendable {
    /// The colour types a PNG file can declare.
    public enum ColorType: UInt8, Sendable {
        /// Greyscale samples.
        case greyscale = 0
        /// Red, green and blue samples.
        case rgb = 2
        /// Indexes into a `PLTE` palette.
        case palette = 3
        /// Greyscale and alpha samples.
        case greyscaleAlpha = 4
        /// Red, green, blue and alpha samples.
        case rgba = 6

        /// Samples per pixel.
        var channels: Int {
            switch self {
            case .greyscale, .palette: 1
            case .greyscaleAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths the PNG specification allows for this colour type.
        var allowedDepths: [UInt8] {
            switch self {
            case .greyscale: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyscaleAlpha, .rgba: [8, 16]
            }
        }
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample (1, 2, 4, 8 or 16).
    public var bitDepth: UInt8
    /// How samples make up a pixel.
    public var colorType: ColorType
    /// Whether rows are stored in Adam7 order.
    public var interlaced: Bool

    /// Bits per pixel in the stored rows.
    var bitsPerPixel: Int { Int(bitDepth) * colorType.channels }
    /// Bytes per stored row, without the filter byte.
    var rowBytes: Int { (width * bitsPerPixel + 7) / 8 }
    /// The filter's byte distance to the "left" pixel (at least 1).
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Reads and validates the 13 bytes of an `IHDR` chunk.
    init(chunk data: ArraySlice<UInt8>) throws(PNGError) {
        guard data.count == 13 else { throw .invalidHeader("IHDR has \(data.count) bytes, expected 13") }
        let bytes = Array(data)
        let width = Int(bytes.readBigEndian(at: 0))
        let height = Int(bytes.readBigEndian(at: 4))
        guard width > 0, height > 0 else { throw .invalidHeader("zero width or height") }
        guard let colorType = ColorType(rawValue: bytes[9]) else {
            throw .invalidHeader("unknown colour type \(bytes[9])")
        }
        guard colorType.allowedDepths.contains(bytes[8]) else {
            throw .invalidHeader("bit depth \(bytes[8]) is not allowed for colour type \(bytes[9])")
        }
        guard bytes[10] == 0 else { throw .invalidHeader("unknown compression method \(bytes[10])") }
        guard bytes[11] == 0 else { throw .invalidHeader("unknown filter method \(bytes[11])") }
        guard bytes[12] <= 1 else { throw .invalidHeader("unknown interlace method \(bytes[12])") }
        self.width = width
        self.height = height
        self.bitDepth = bytes[8]
        self.colorType = colorType
        self.interlaced = bytes[12] == 1
    }
}

extension Array where Element == UInt8 {
    /// The big-endian 32-bit value at an offset (the caller checks bounds).
    func readBigEndian(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
