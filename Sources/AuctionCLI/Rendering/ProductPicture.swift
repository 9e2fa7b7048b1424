import AuctionCore
import AuctionImage

/// What `auction show` draws under a product: its picture in half blocks, fitted to the terminal,
/// or one line saying why it is not shown (never silence).
public enum ProductPicture: Hashable, Sendable {
    /// A decoded picture.
    case image(RGBAImage)
    /// The reason there is no picture, e.g. "GIF is not supported".
    case notShown(String)

    /// The widest a picture is drawn, in cells.
    public static let maximumWidth = 48

    /// The side a picture is decoded at no smaller than: a large JPEG photo is decoded at 1/2–1/8 scale
    /// down to this, still more pixels than `maximumWidth` cells or a 128-line terminal show.
    public static let decodedSide = 256

    /// The picture in file bytes, recognised by their first bytes (PNG, JPEG, WebP), or why not.
    public init(decoding bytes: [UInt8], decoder: ImageDecoder = ImageDecoder(minimumDecodedSide: ProductPicture.decodedSide)) {
        do throws(ImageError) {
            self = .image(try decoder.decode(bytes))
        } catch {
            self = .notShown(error.description)
        }
    }

    /// The picture that could not be fetched.
    public init(loadingFailed error: AuctionError) {
        self = .notShown("could not load it: " + CommandError.describe(error))
    }

    /// A blank line, then the picture within `size` (at most `maximumWidth` cells wide and one line
    /// shorter than the terminal, so all of it shows above the prompt), or the one-line note.
    public func render(size: TerminalSize, depth: ColorDepth) -> [String] {
        switch self {
        case .image(let image):
            let lines = HalfBlockImage.render(image, width: min(size.columns, ProductPicture.maximumWidth),
                                              maximumLines: max(1, size.rows - 1), depth: depth)
            return [""] + lines
        case .notShown(let reason):
            return ["", TerminalText.truncate("picture: not shown (" + TerminalText.sanitized(reason) + ")", toWidth: size.columns)]
        }
    }
}
