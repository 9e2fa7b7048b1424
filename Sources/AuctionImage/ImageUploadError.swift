/// Why an uploaded image is refused; each case has a wire reason code (`reason`) and a sentence.
public enum ImageUploadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No bytes were sent.
    case empty
    /// More bytes than one image may have.
    case tooLarge(bytes: Int, limit: Int)
    /// Not PNG, JPEG or WebP by its first bytes (GIF, BMP, SVG, text, …), or a feature they do not support.
    case unsupported(String)
    /// The declared content type names another format than the bytes are.
    case mislabelled(declared: String, actual: ImageFormat)
    /// The image declares more pixels or a longer side than accepted; refused before decoding.
    case dimensionsTooLarge(width: Int, height: Int)
    /// The file is truncated or damaged: it did not decode.
    case corrupt(String)
    /// More images than one lot may have.
    case tooManyImages(limit: Int)
    /// The server cannot decode the format now (its codec library is missing).
    case decoderUnavailable(String)

    /// The reason code on the wire (docs/PROTOCOL.md).
    public var reason: String {
        switch self {
        case .empty: "empty_image"
        case .tooLarge: "image_too_large"
        case .unsupported: "unsupported_image"
        case .mislabelled: "mislabelled_image"
        case .dimensionsTooLarge: "image_dimensions_too_large"
        case .corrupt: "corrupt_image"
        case .tooManyImages: "too_many_images"
        case .decoderUnavailable: "image_decoder_unavailable"
        }
    }

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .empty: "the image is empty"
        case .tooLarge(let bytes, let limit): "the image has \(bytes) bytes; at most \(limit) are accepted"
        case .unsupported(let what): "\(what); send a PNG, JPEG or WebP image"
        case .mislabelled(let declared, let actual): "the image is labelled \(declared) but is \(actual)"
        case .dimensionsTooLarge(let width, let height): "the image is \(width)×\(height) pixels, more than accepted"
        case .corrupt(let why): "the image is damaged or truncated (\(why))"
        case .tooManyImages(let limit): "a lot has at most \(limit) images"
        case .decoderUnavailable(let why): "the server cannot decode this image now (\(why))"
        }
    }
}
