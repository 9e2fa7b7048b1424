/// How large a picture a decoder accepts, checked against the declared size before any pixel memory
/// is allocated, so a small file that claims a huge image (a decompression bomb) costs nothing.
public struct ImageLimits: Hashable, Sendable {
    /// The largest image accepted, in pixels (width × height); 4 bytes each once decoded.
    public var maximumPixels: Int
    /// The largest width or height accepted.
    public var maximumDimension: Int
    /// The most bytes a PNG's rows may inflate to (4096×4096 at 8 bits a sample fits; at 16 it does not).
    public var maximumDecodedBytes: Int

    /// Limits; the defaults admit 4096×4096 (64 MiB of RGBA) and refuse anything bigger.
    public init(maximumPixels: Int = 16_777_216, maximumDimension: Int = 16_384, maximumDecodedBytes: Int = 64 << 20) {
        self.maximumPixels = maximumPixels
        self.maximumDimension = maximumDimension
        self.maximumDecodedBytes = maximumDecodedBytes
    }

    /// A PNG decoder with these limits.
    var pngDecoder: PNGDecoder {
        PNGDecoder(maximumPixels: maximumPixels, maximumDimension: maximumDimension, maximumDecodedBytes: maximumDecodedBytes)
    }

    /// Throws `imageTooLarge` unless a declared size is positive and within the limits.
    func check(width: Int, height: Int, format: ImageFormat) throws(ImageError) {
        guard width > 0, height > 0 else { throw .corrupt(format, "the image declares a size of \(width)×\(height)") }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width <= maximumDimension, height <= maximumDimension, !overflow, pixels <= maximumPixels else {
            throw .imageTooLarge(format, width: width, height: height)
        }
    }
}
