import CJPEGCodec

/// Writes RGBA images as JPEG files through libjpeg (alpha is dropped), for tests and tools that
/// need real JPEG bytes.
public enum JPEGEncoder {
    /// The JPEG file bytes for an image at a quality of 1–100, baseline or progressive, 4:4:4.
    public static func encode(_ image: RGBAImage, quality: Int = 90, progressive: Bool = false) throws(ImageError) -> [UInt8] {
        try encode(samples: image.pixels, width: image.width, height: image.height, colorSpace: CJPEG_WRITE_YCBCR,
                   quality: quality, progression: progressive ? CJPEG_PROGRESSIVE : CJPEG_BASELINE)
    }

    /// A progressive JPEG with a scan for every bit of every coefficient (570 scans in colour): the
    /// scan bomb the decoder's scan cap refuses, for tests and the hostile-upload benchmark.
    package static func scanBomb(_ image: RGBAImage, quality: Int = 90) throws(ImageError) -> [UInt8] {
        try encode(samples: image.pixels, width: image.width, height: image.height, colorSpace: CJPEG_WRITE_YCBCR,
                   quality: quality, progression: CJPEG_PROGRESSIVE_EVERY_BIT)
    }

    /// Compresses 4-byte samples as `colorSpace` (a `CJPEG_WRITE_` value: RGBA as YCbCr, greyscale or RGB;
    /// Adobe-inverted CMYK as YCCK).
    /// `progression` is CJPEG_BASELINE, CJPEG_PROGRESSIVE or CJPEG_PROGRESSIVE_EVERY_BIT (a scan bomb).
    static func encode(samples: [UInt8], width: Int, height: Int, colorSpace: Int32, quality: Int,
                       progression: Int32 = CJPEG_BASELINE) throws(ImageError) -> [UInt8] {
        guard width > 0, height > 0, width <= 65_500, height <= 65_500, samples.count == width * height * 4 else {
            throw .corrupt(.jpeg, "cannot encode a \(width)×\(height) image")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(CJPEG_MESSAGE_CAPACITY))
        let status = samples.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                cjpeg_encode(input.baseAddress!, Int32(width), Int32(height), colorSpace, Int32(min(100, max(1, quality))),
                             progression, &output, &size, text.baseAddress!)
            }
        }
        defer { cjpeg_free(output) }
        guard status == 0, let output else {
            throw .corrupt(.jpeg, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
