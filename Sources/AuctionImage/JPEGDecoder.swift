import CJPEGCodec

/// Reads baseline and progressive JPEG files into `RGBAImage`s through libjpeg's own API (the small
/// C target `CJPEGCodec` turns libjpeg's fatal errors, which would exit the process, into return
/// codes). Greyscale, YCbCr and RGB files decode directly; CMYK and YCCK (Adobe, inverted) are converted.
public struct JPEGDecoder: Sendable {
    /// The size limits, checked against the header before the pixels are allocated.
    public var limits: ImageLimits
    /// When set, a larger JPEG is decoded at 1/2, 1/4 or 1/8 scale (libjpeg's DCT scaling: faster and
    /// a fraction of the memory), as small as keeps both sides at least this long (or whole).
    public var minimumDecodedSide: Int?

    /// A decoder with limits and, optionally, the smallest side worth decoding.
    public init(limits: ImageLimits = ImageLimits(), minimumDecodedSide: Int? = nil) {
        self.limits = limits
        self.minimumDecodedSide = minimumDecodedSide
    }

    /// Decodes JPEG file bytes into an 8-bit RGBA image (alpha 255). A file libjpeg warns about
    /// (truncated, damaged entropy data) is refused rather than shown half grey; junk between
    /// segments is tolerated. Progressive files are limited to 100 scans (a scan bomb costs CPU, not a hang).
    public func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        let outcome = bytes.withUnsafeBufferPointer { input -> Result<RGBAImage, ImageError> in
            guard let base = input.baseAddress else { return .failure(.empty) }
            guard let decoder = cjpeg_decoder_create(base, input.count) else {
                return .failure(.corrupt(.jpeg, "libjpeg could not start"))
            }
            defer { cjpeg_decoder_destroy(decoder) }
            return Result { () throws(ImageError) in try decode(with: decoder) }
        }
        return try outcome.get()
    }

    /// Reads the header, checks the declared size against the limits, then decodes at the chosen scale.
    private func decode(with decoder: OpaquePointer) throws(ImageError) -> RGBAImage {
        func failure() -> ImageError { .corrupt(.jpeg, String(cString: cjpeg_decoder_message(decoder))) }
        var header = CJPEGHeader()
        guard cjpeg_decoder_read_header(decoder, &header) == 0 else { throw failure() }
        try limits.check(width: Int(header.width), height: Int(header.height), format: .jpeg)

        let denominator = scaleDenominator(width: Int(header.width), height: Int(header.height))
        let outputWidth = (Int(header.width) + denominator - 1) / denominator
        let outputHeight = (Int(header.height) + denominator - 1) / denominator
        var pixels = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
        var width: Int32 = 0, height: Int32 = 0
        let status = pixels.withUnsafeMutableBufferPointer { output in
            cjpeg_decoder_decode(decoder, UInt32(denominator), output.baseAddress!, output.count, &width, &height)
        }
        guard status == 0 else { throw failure() }
        guard Int(width) == outputWidth, Int(height) == outputHeight else {
            throw .corrupt(.jpeg, "decoded \(width)×\(height), expected \(outputWidth)×\(outputHeight)")
        }
        if header.is_cmyk != 0 { JPEGDecoder.convertInvertedCMYK(&pixels) }
        return RGBAImage(width: outputWidth, height: outputHeight, pixels: pixels)
    }

    /// libjpeg's `scale_denom`: the smallest scale of 1/1, 1/2, 1/4 and 1/8 (sides rounded up, as
    /// libjpeg does) whose sides are both at least `minimumDecodedSide`, or as long as the original's.
    func scaleDenominator(width: Int, height: Int) -> Int {
        guard let side = minimumDecodedSide else { return 1 }
        for denominator in [8, 4, 2] {
            let scaledWidth = (width + denominator - 1) / denominator, scaledHeight = (height + denominator - 1) / denominator
            if scaledWidth >= min(width, side), scaledHeight >= min(height, side) { return denominator }
        }
        return 1
    }

    /// Turns Adobe-style inverted CMYK samples (255 = no ink) into RGBA in place.
    static func convertInvertedCMYK(_ pixels: inout [UInt8]) {
        var index = 0
        while index + 3 < pixels.count {
            let k = UInt16(pixels[index + 3])
            for channel in 0..<3 { pixels[index + channel] = UInt8(UInt16(pixels[index + channel]) * k / 255) }
            pixels[index + 3] = 255
            index += 4
        }
    }
}
