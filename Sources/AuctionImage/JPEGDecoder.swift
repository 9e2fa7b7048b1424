import CTurboJPEG

/// Reads baseline and progressive JPEG files into `RGBAImage`s through libjpeg-turbo's TurboJPEG
/// API, whose errors come back as return codes (libjpeg's default handler would exit the process).
/// Greyscale, YCbCr and RGB files decode directly; CMYK and YCCK (Adobe, inverted) are converted.
public struct JPEGDecoder: Sendable {
    /// The size limits, checked against the header before the pixels are allocated.
    public var limits: ImageLimits

    /// A decoder with limits.
    public init(limits: ImageLimits = ImageLimits()) {
        self.limits = limits
    }

    /// Decodes JPEG file bytes into an 8-bit RGBA image (alpha 255). A file libjpeg warns about
    /// (truncated, damaged entropy data) is refused rather than shown half grey.
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
        guard headerStatus == 0 else { throw failure() }
        try limits.check(width: Int(width), height: Int(height), format: .jpeg)

        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
        // Warnings stop the decoder; progressive files are limited to libjpeg-turbo's 500 scans.
        let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(handle, input.baseAddress, UInt(input.count), output.baseAddress, width, 0, height,
                              Int32(format.rawValue), flags)
            }
        }
        guard status == 0 else { throw failure() }
        if isCMYK { JPEGDecoder.convertInvertedCMYK(&pixels) }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
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
