import CTurboJPEG

/// Writes RGBA images as JPEG files through TurboJPEG (alpha is dropped), for tests and tools that
/// need real JPEG bytes.
public enum JPEGEncoder {
    /// The JPEG file bytes for an image at a quality of 1–100, baseline or progressive, 4:4:4.
    public static func encode(_ image: RGBAImage, quality: Int = 90, progressive: Bool = false) throws(ImageError) -> [UInt8] {
        try encode(samples: image.pixels, width: image.width, height: image.height, pixelFormat: TJPF_RGBA,
                   quality: quality, progressive: progressive)
    }

    /// Compresses 4-byte samples of `pixelFormat` (RGBA, or CMYK for a CMYK file).
    static func encode(samples: [UInt8], width: Int, height: Int, pixelFormat: TJPF, quality: Int,
                       progressive: Bool) throws(ImageError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .corrupt(.jpeg, "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        guard width > 0, height > 0, width <= 65_535, height <= 65_535, samples.count == width * height * 4 else {
            throw .corrupt(.jpeg, "cannot encode a \(width)×\(height) image")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let flags = progressive ? TJFLAG_PROGRESSIVE : 0
        let status = samples.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(pixelFormat.rawValue), &output, &size,
                        Int32(TJSAMP_444.rawValue), Int32(min(100, max(1, quality))), flags)
        }
        defer { tjFree(output) }
        guard status == 0, let output else {
            throw .corrupt(.jpeg, tjGetErrorStr2(handle).map { String(cString: $0) } ?? "compression failed")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
