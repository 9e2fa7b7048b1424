import CTurboJPEG

/// Reads baseline and progressive JPEG files into `RGBAImage`s through libjpeg-turbo's TurboJPEG
/// API, whose errors come back as return codes (libjpeg's default handler would exit the process).
/// Greyscale, YCbCr and RGB files decode directly; CMYK and YCCK (Adobe, inverted) are converted.
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
    /// segments is tolerated.
    public func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        guard let handle = tjInitDecompress() else { throw .corrupt(.jpeg, "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        func failure() -> ImageError {
            .corrupt(.jpeg, tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error")
        }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard headerStatus == 0 || JPEGDecoder.isHarmless(warning: tjGetErrorCode(handle), tjGetErrorStr2(handle)) else {
            throw failure()
        }
        try limits.check(width: Int(width), height: Int(height), format: .jpeg)

        let (outputWidth, outputHeight) = scaledSize(width: Int(width), height: Int(height))
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
        // Progressive files are limited to libjpeg-turbo's 500 scans (a scan bomb costs CPU, not a hang).
        let flags = TJFLAG_LIMITSCANS
        var pixels = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                // Given a smaller size, TurboJPEG picks the scaling factor that produces exactly it.
                tjDecompress2(handle, input.baseAddress, UInt(input.count), output.baseAddress, Int32(outputWidth), 0,
                              Int32(outputHeight), Int32(format.rawValue), flags)
            }
        }
        guard status == 0 || JPEGDecoder.isHarmless(warning: tjGetErrorCode(handle), tjGetErrorStr2(handle)) else { throw failure() }
        if isCMYK { JPEGDecoder.convertInvertedCMYK(&pixels) }
        return RGBAImage(width: outputWidth, height: outputHeight, pixels: pixels)
    }

    /// The size to decode at: the smallest of 1/1, 1/2, 1/4 and 1/8 scale (rounded up, as libjpeg
    /// does) whose sides are both at least `minimumDecodedSide`, or as long as the original's.
    func scaledSize(width: Int, height: Int) -> (Int, Int) {
        guard let side = minimumDecodedSide else { return (width, height) }
        for denominator in [8, 4, 2] {
            let scaledWidth = (width + denominator - 1) / denominator, scaledHeight = (height + denominator - 1) / denominator
            if scaledWidth >= min(width, side), scaledHeight >= min(height, side) { return (scaledWidth, scaledHeight) }
        }
        return (width, height)
    }

    /// Whether the outcome of a decode that returned -1 is a warning that leaves the image whole:
    /// only junk between segments ("Corrupt JPEG data: N extraneous bytes before marker 0xd9"), common
    /// in camera files. Any other warning (a truncated file, damaged entropy data) means grey or garbled
    /// blocks, and the file is refused.
    static func isHarmless(warning code: Int32, _ message: UnsafeMutablePointer<CChar>?) -> Bool {
        guard code == Int32(TJERR_WARNING.rawValue), let message else { return false }
        let text = String(cString: message)
        return text.hasPrefix("Corrupt JPEG data: ") && text.contains(" extraneous bytes before marker ")
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
