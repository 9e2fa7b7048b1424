import CZlib

/// Reads PNG files into `RGBAImage`s: every colour type and bit depth, filters 0–4, Adam7
/// interlacing, chunk CRCs checked. Declared sizes are bounded before anything is allocated.
public struct PNGDecoder: Sendable {
    /// The largest image accepted, in pixels (width × height).
    public var maximumPixels: Int
    /// The largest width or height accepted.
    public var maximumDimension: Int
    /// The most bytes the image's rows may inflate to (filter bytes aside): 4096×4096 8-bit RGBA fits,
    /// the same canvas at 16 bits a sample does not.
    public var maximumDecodedBytes: Int

    /// A decoder with limits; the defaults admit 4096×4096 and refuse anything bigger.
    public init(maximumPixels: Int = 16_777_216, maximumDimension: Int = 16_384, maximumDecodedBytes: Int = 64 << 20) {
        self.maximumPixels = maximumPixels
        self.maximumDimension = maximumDimension
        self.maximumDecodedBytes = maximumDecodedBytes
    }

    /// What a PNG's chunks give before the image data is inflated.
    struct Chunks {
        var header: PNGHeader
        var palette: [UInt8]
        var transparency: [UInt8]?
        var compressed: [UInt8]
    }

    /// Decodes PNG file bytes into an 8-bit RGBA image (16-bit samples keep their high byte).
    public func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        let chunks = try readChunks(bytes)
        let header = chunks.header, palette = chunks.palette, transparency = chunks.transparency, compressed = chunks.compressed
        if header.interlaced {
            let stored = try Inflater.inflate(compressed, expectedSize: PNGDecoder.interlacedSize(header))
            return try PNGDecoder.deinterlace(stored, header: header, palette: palette, transparency: transparency)
        }
        let stored = try Inflater.inflate(compressed, expectedSize: (header.rowBytes + 1) * header.height)
        let rows = try PNGDecoder.unfilter(stored, header: header)
        return try PNGDecoder.expand(rows, header: header, palette: palette, transparency: transparency)
    }

    /// Reads every chunk up to IEND (CRCs and limits checked) and gathers the compressed image data.
    func readChunks(_ bytes: [UInt8]) throws(PNGError) -> Chunks {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }

        var header: PNGHeader?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var sawImageData = false
        var offset = 8
        var ended = false
        while !ended {
            guard bytes.count - offset >= 12 else { throw .truncated }
            let length = Int(bytes.readBigEndian(at: offset))
            guard length <= bytes.count - offset - 12 else { throw .truncated }
            let typeRange = offset + 4 ..< offset + 8
            let data = bytes[offset + 8 ..< offset + 8 + length]
            let storedCRC = bytes.readBigEndian(at: offset + 8 + length)
            let actualCRC = bytes[typeRange.lowerBound ..< offset + 8 + length].withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
            }
            let type = String(decoding: bytes[typeRange], as: UTF8.self)
            guard storedCRC == actualCRC else { throw .checksumMismatch(chunk: type) }
            offset += 12 + length

            if header == nil && type != "IHDR" { throw .invalidHeader("the first chunk is \(type), not IHDR") }
            switch type {
            case "IHDR":
                guard header == nil else { throw .invalidHeader("more than one IHDR") }
                let parsed = try PNGHeader(chunk: data)
                try checkLimits(parsed)
                header = parsed
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else {
                    throw .invalidPalette("PLTE has \(length) bytes")
                }
                palette = Array(data)
            case "tRNS":
                transparency = Array(data)
            case "IDAT":
                // Compressed data can never be much larger than the raw rows it decodes to.
                if let header, compressed.count + length > (header.rowBytes + 1) * header.height * 2 + 65_536 {
                    throw .corruptData("more compressed data than the image can hold")
                }
                compressed.append(contentsOf: data)
                sawImageData = true
            case "IEND":
                ended = true
            default:
                // An unknown critical chunk (upper-case first letter) cannot be skipped safely.
                if let first = type.utf8.first, first >= 0x41, first <= 0x5A {
                    throw .unsupported("critical chunk \(type)")
                }
            }
        }
        guard let header else { throw .invalidHeader("no IHDR") }
        guard sawImageData else { throw .missingImageData }
        if header.colorType == .palette && palette.isEmpty { throw .invalidPalette("no PLTE chunk") }
        return Chunks(header: header, palette: palette, transparency: transparency, compressed: compressed)
    }

    private func checkLimits(_ header: PNGHeader) throws(PNGError) {
        guard header.width <= maximumDimension, header.height <= maximumDimension,
              header.width.multipliedReportingOverflow(by: header.height).partialValue <= maximumPixels,
              header.rowBytes.multipliedReportingOverflow(by: header.height).partialValue <= maximumDecodedBytes
        else { throw .imageTooLarge(width: header.width, height: header.height) }
    }
}
