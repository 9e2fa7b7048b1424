/// An image file format, recognised by the file's first bytes — never by its name or content type
/// (the original backend serves JPEG and WebP photos as `application/octet-stream` named `.png`).
public enum ImageFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// PNG: `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG: `FF D8 FF`.
    case jpeg
    /// WebP: `RIFF`, a 4-byte size, `WEBP`.
    case webp
    /// GIF: `GIF87a` or `GIF89a`.
    case gif
    /// BMP: `BM`.
    case bmp
    /// TIFF: `II*\0` or `MM\0*`.
    case tiff
    /// AVIF or HEIF/HEIC: an ISO-BMFF `ftyp` box with an image brand.
    case heif
    /// SVG or other XML/HTML text (an error page is the usual case).
    case markup

    /// The format the bytes start with, or nil when they match none of the known signatures.
    public init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset ..< offset + prefix.count].elementsEqual(prefix)
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(ascii("RIFF")), starts(ascii("WEBP"), at: 8) {
            self = .webp
        } else if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) {
            self = .gif
        } else if starts(ascii("BM")) {
            self = .bmp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(ascii("ftyp"), at: 4), ["avif", "avis", "heic", "heix", "mif1", "msf1"].contains(where: { starts(ascii($0), at: 8) }) {
            self = .heif
        } else if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "<") {
            self = .markup
        } else {
            return nil
        }
    }

    /// The format's usual name ("JPEG", "WebP").
    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .gif: "GIF"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .heif: "AVIF/HEIF"
        case .markup: "SVG/HTML"
        }
    }
}
