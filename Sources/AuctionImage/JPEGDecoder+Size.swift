import CJPEGCodec

extension JPEGDecoder {
    /// The width and height a JPEG's header declares (libjpeg reads only the markers up to the first
    /// scan), for a caller that decoded it at reduced scale; `corrupt` when the header does not read.
    public static func declaredSize(of bytes: [UInt8]) throws(ImageError) -> (width: Int, height: Int) {
        let outcome = bytes.withUnsafeBufferPointer { input -> Result<(width: Int, height: Int), ImageError> in
            guard let base = input.baseAddress, let decoder = cjpeg_decoder_create(base, input.count) else {
                return .failure(.corrupt(.jpeg, "libjpeg could not start"))
            }
            defer { cjpeg_decoder_destroy(decoder) }
            var header = CJPEGHeader()
            guard cjpeg_decoder_read_header(decoder, &header) == 0 else {
                return .failure(.corrupt(.jpeg, String(cString: cjpeg_decoder_message(decoder))))
            }
            return .success((Int(header.width), Int(header.height)))
        }
        return try outcome.get()
    }
}
