/// Why a PNG file could not be decoded.
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature.
    case notPNG
    /// The file ends in the middle of a chunk or before `IEND`.
    case truncated
    /// A chunk's CRC does not match its contents.
    case checksumMismatch(chunk: String)
    /// The first chunk is not a valid `IHDR`.
    case invalidHeader(String)
    /// The image declares more pixels than the decoder's limits allow.
    case imageTooLarge(width: Int, height: Int)
    /// A valid PNG feature this decoder does not handle (e.g. an unknown critical chunk).
    case unsupported(String)
    /// A palette image without a usable `PLTE` chunk, or an index past its end.
    case invalidPalette(String)
    /// There is no `IDAT` chunk.
    case missingImageData
    /// The compressed image data is corrupt (zlib's message).
    case corruptData(String)
    /// The decompressed data has the wrong size for the declared image.
    case sizeMismatch(expected: Int, actual: Int)
    /// A row names a filter type other than 0–4.
    case invalidFilter(UInt8)

    /// A sentence for an error message.
    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .truncated: "the PNG file is truncated"
        case .checksumMismatch(let chunk): "the PNG chunk \(chunk) is damaged (CRC mismatch)"
        case .invalidHeader(let why): "the PNG header is invalid: \(why)"
        case .imageTooLarge(let width, let height): "the PNG image is too large (\(width)×\(height))"
        case .unsupported(let what): "unsupported PNG feature: \(what)"
        case .invalidPalette(let why): "the PNG palette is invalid: \(why)"
        case .missingImageData: "the PNG file has no image data"
        case .corruptData(let why): "the PNG image data is corrupt: \(why)"
        case .sizeMismatch(let expected, let actual): "the PNG image data has \(actual) bytes, expected \(expected)"
        case .invalidFilter(let type): "the PNG image uses an unknown row filter \(type)"
        }
    }
}
