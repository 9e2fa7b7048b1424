/// Why a picture could not be decoded; each description fits in "picture: not shown (…)".
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There were no bytes at all.
    case empty
    /// The bytes start with no signature this library recognises.
    case unknownFormat
    /// A recognised format that is not decoded (GIF, BMP, TIFF, AVIF/HEIF, SVG).
    case unsupportedFormat(ImageFormat)
    /// A feature of a decoded format that is not supported (e.g. an animated WebP).
    case unsupportedFeature(ImageFormat, String)
    /// The image declares more pixels than the decoder's limits allow; nothing was allocated for it.
    case imageTooLarge(ImageFormat, width: Int, height: Int)
    /// The file is damaged or truncated (the codec's own message).
    case corrupt(ImageFormat, String)
    /// A PNG file the PNG decoder refused.
    case png(PNGError)
    /// The runtime library that decodes the format could not be loaded (named with its Debian package).
    case libraryMissing(ImageFormat, library: String, package: String)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .empty: "the image is empty"
        case .unknownFormat: "not an image format it knows"
        case .unsupportedFormat(let format): "\(format) is not supported"
        case .unsupportedFeature(let format, let feature): "\(format) \(feature) is not supported"
        case .imageTooLarge(let format, let width, let height): "the \(format) image is too large (\(width)×\(height))"
        case .corrupt(let format, let why): "\(format) image corrupt: \(why)"
        case .png(let error): "\(error)"
        case .libraryMissing(let format, let library, let package): "\(format) needs \(library) (Debian package \(package))"
        }
    }
}
