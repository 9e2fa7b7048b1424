/// Decodes a product picture whatever its name or content type claims: the format is recognised by
/// its first bytes (`ImageFormat`), then PNG, JPEG and WebP are decoded to the same `RGBAImage`;
/// anything else, damaged or too large is a typed `ImageError`, never a crash.
public struct ImageDecoder: Sendable {
    /// The size limits every format shares.
    public var limits: ImageLimits
    /// When set, JPEGs are decoded at a reduced scale that keeps both sides at least this long
    /// (see `JPEGDecoder.minimumDecodedSide`); other formats decode whole.
    public var minimumDecodedSide: Int?
    /// Where WebP decoding gets libwebp: the process's shared copy, or (in tests) a library that is absent.
    var loadWebPLibrary: @Sendable () throws(ImageError) -> WebPLibrary = WebPLibrary.shared

    /// A decoder with limits and, optionally, the smallest side worth decoding.
    public init(limits: ImageLimits = ImageLimits(), minimumDecodedSide: Int? = nil) {
        self.limits = limits
        self.minimumDecodedSide = minimumDecodedSide
    }

    /// Decodes image file bytes into an 8-bit RGBA image.
    public func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = ImageFormat(sniffing: bytes) else { throw .unknownFormat }
        switch format {
        case .png:
            do throws(PNGError) {
                return try limits.pngDecoder.decode(bytes)
            } catch {
                throw Self.imageError(error)
            }
        case .jpeg:
            return try JPEGDecoder(limits: limits, minimumDecodedSide: minimumDecodedSide).decode(bytes)
        case .webp:
            return try WebPDecoder(limits: limits, loadLibrary: loadWebPLibrary).decode(bytes)
        case .gif, .bmp, .tiff, .heif, .markup:
            throw .unsupportedFormat(format)
        }
    }

    /// The image error for a PNG decoder's.
    static func imageError(_ error: PNGError) -> ImageError {
        if case .imageTooLarge(let width, let height) = error { return .imageTooLarge(.png, width: width, height: height) }
        return .png(error)
    }
}
