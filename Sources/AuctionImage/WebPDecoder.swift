import CWebPRuntime

/// Reads still WebP files (lossy, lossless, with or without alpha) into `RGBAImage`s through libwebp's
/// runtime library (`WebPLibrary`). Animated WebP is refused with `unsupportedFeature`; without
/// libwebp.so.7 every WebP is refused with `libraryMissing`.
public struct WebPDecoder: Sendable {
    /// The size limits, checked against the bitstream's header before the pixels are allocated.
    public var limits: ImageLimits
    /// Where libwebp comes from: the process's shared copy, or (in tests) a library that is absent.
    let loadLibrary: @Sendable () throws(ImageError) -> WebPLibrary

    /// A decoder with limits.
    public init(limits: ImageLimits = ImageLimits()) {
        self.init(limits: limits, loadLibrary: WebPLibrary.shared)
    }

    /// A decoder whose libwebp is loaded by `loadLibrary`.
    init(limits: ImageLimits, loadLibrary: @escaping @Sendable () throws(ImageError) -> WebPLibrary) {
        self.limits = limits
        self.loadLibrary = loadLibrary
    }

    /// Decodes WebP file bytes into an 8-bit RGBA image, straight into a buffer of the declared size.
    public func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        let library = try loadLibrary().functions.pointee
        var features = CWebPFeatures()
        let featureStatus = bytes.withUnsafeBufferPointer {
            library.get_features($0.baseAddress, $0.count, &features, CWEBP_DECODER_ABI_VERSION)
        }
        guard featureStatus == CWEBP_STATUS_OK else { throw .corrupt(.webp, WebPDecoder.explain(featureStatus)) }
        guard features.has_animation == 0 else { throw .unsupportedFeature(.webp, "animation") }
        let width = Int(features.width), height = Int(features.height)
        try limits.check(width: width, height: height, format: .webp)

        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                library.decode_rgba_into(input.baseAddress, input.count, output.baseAddress, output.count, Int32(width * 4)) != nil
            }
        }
        guard decoded else { throw .corrupt(.webp, WebPDecoder.explainFailure(bytes)) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A phrase for a libwebp status code (VP8StatusCode).
    static func explain(_ status: Int32) -> String {
        switch status {
        case CWEBP_STATUS_OUT_OF_MEMORY: "out of memory"
        case CWEBP_STATUS_INVALID_PARAM: "invalid parameter"
        case CWEBP_STATUS_BITSTREAM_ERROR: "the bitstream is damaged"
        case CWEBP_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp does not support"
        case CWEBP_STATUS_NOT_ENOUGH_DATA: "the file is truncated"
        default: "libwebp status \(status)"
        }
    }

    /// Why a file whose header was read did not decode (libwebp's simple API returns no status): shorter
    /// than its RIFF header's size field (little-endian, bytes 4–7, the file's length less 8) means
    /// truncated, as libwebp's own NOT_ENOUGH_DATA; anything else is a damaged bitstream.
    static func explainFailure(_ bytes: [UInt8]) -> String {
        guard bytes.count >= 12 else { return explain(CWEBP_STATUS_NOT_ENOUGH_DATA) }
        let declared = bytes[4 ..< 8].reversed().reduce(0) { $0 << 8 | Int($1) } + 8
        return explain(bytes.count < declared ? CWEBP_STATUS_NOT_ENOUGH_DATA : CWEBP_STATUS_BITSTREAM_ERROR)
    }
}
