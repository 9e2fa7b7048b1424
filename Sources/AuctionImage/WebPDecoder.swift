import CWebP

/// Reads still WebP files (lossy, lossless, with or without alpha) into `RGBAImage`s through libwebp.
/// Animated WebP is refused with `unsupportedFeature`.
public struct WebPDecoder: Sendable {
    /// The size limits, checked against the bitstream's header before the pixels are allocated.
    public var limits: ImageLimits

    /// A decoder with limits.
    public init(limits: ImageLimits = ImageLimits()) {
        self.limits = limits
    }

    /// Decodes WebP file bytes into an 8-bit RGBA image, straight into a buffer of the declared size.
    public func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .corrupt(.webp, "libwebp has an unexpected version") }
        let featureStatus = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &config.input) }
        guard featureStatus == VP8_STATUS_OK else { throw .corrupt(.webp, WebPDecoder.explain(featureStatus)) }
        guard config.input.has_animation == 0 else { throw .unsupportedFeature(.webp, "animation") }
        let width = Int(config.input.width), height = Int(config.input.height)
        try limits.check(width: width, height: height, format: .webp)

        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                config.output.colorspace = MODE_RGBA
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = output.baseAddress
                config.output.u.RGBA.stride = Int32(width * 4)
                config.output.u.RGBA.size = output.count
                return WebPDecode(input.baseAddress, input.count, &config)
            }
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw .corrupt(.webp, WebPDecoder.explain(status)) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A phrase for a libwebp status code.
    static func explain(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "the bitstream is damaged"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp does not support"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the file is truncated"
        default: "libwebp status \(status.rawValue)"
        }
    }
}
