extension ImageFormat {
    /// The format's media type (`image/png`, `image/jpeg`, `image/webp`, …).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .bmp: "image/bmp"
        case .tiff: "image/tiff"
        case .heif: "image/heif"
        case .markup: "image/svg+xml"
        }
    }

    /// The format a `Content-Type` value names (parameters and case ignored; `image/jpg` is JPEG),
    /// or nil for a type that names no image format (e.g. `application/octet-stream`).
    public init?(mediaType: String) {
        let bare = mediaType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = bare.lowercased().filter { $0 != " " && $0 != "\t" }
        switch type {
        case "image/png": self = .png
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/webp": self = .webp
        case "image/gif": self = .gif
        case "image/bmp": self = .bmp
        case "image/tiff": self = .tiff
        case "image/heif", "image/heic", "image/avif": self = .heif
        case "image/svg+xml": self = .markup
        default: return nil
        }
    }
}
