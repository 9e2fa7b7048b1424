/// Writes RGBA images as WebP files through libwebp's runtime library, for tests and tools that need
/// real WebP bytes.
public enum WebPEncoder {
    /// The WebP file bytes for an image: lossless, or lossy at a quality of 0–100.
    public static func encode(_ image: RGBAImage, lossless: Bool = true, quality: Float = 90) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 16_383, image.height <= 16_383 else {
            throw .corrupt(.webp, "cannot encode a \(image.width)×\(image.height) image")
        }
        let library = try WebPLibrary.shared().functions.pointee
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { pixels in
            lossless
                ? library.encode_lossless_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
                : library.encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4),
                                      min(100, max(0, quality)), &output)
        }
        defer { library.free(output) }
        guard size > 0, let output else { throw .corrupt(.webp, "libwebp could not encode the image") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
