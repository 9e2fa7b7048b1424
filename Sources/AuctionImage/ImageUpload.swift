/// An uploaded image that has been checked by decoding it once: PNG, JPEG or WebP by its first
/// bytes, within the size limits, whole (a truncated or damaged file does not decode), and labelled
/// as what it is. Only values made by `ImageUpload.Rules.validate` exist.
public struct ImageUpload: Hashable, Sendable {
    /// What an upload must satisfy.
    public struct Rules: Hashable, Sendable {
        /// The most bytes one image may have (5 MiB).
        public var maximumBytes: Int
        /// The most images one lot may have (for the sell endpoint).
        public var maximumImagesPerLot: Int
        /// The largest declared size decoded; a bigger one is refused before any pixel is allocated.
        public var limits: ImageLimits
        /// The most bytes the images of one request may decode to in all (`decodedBytes` summed).
        public var maximumDecodedBytesPerRequest: Int

        /// Rules; the defaults accept 5 MiB images of up to 4096×4096 pixels, 10 per lot, 256 MiB decoded a request.
        public init(maximumBytes: Int = 5 << 20, maximumImagesPerLot: Int = 10, limits: ImageLimits = ImageLimits(),
                    maximumDecodedBytesPerRequest: Int = 256 << 20) {
            self.maximumBytes = maximumBytes
            self.maximumImagesPerLot = maximumImagesPerLot
            self.limits = limits
            self.maximumDecodedBytesPerRequest = maximumDecodedBytesPerRequest
        }

        /// Checks `bytes`, decoding them once; `declaredType` is the sender's `Content-Type`
        /// (nil or `application/octet-stream`: the bytes decide).
        public func validate(_ bytes: [UInt8], declaredType: String? = nil) throws(ImageUploadError) -> ImageUpload {
            guard !bytes.isEmpty else { throw .empty }
            guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: maximumBytes) }
            guard let format = ImageFormat(sniffing: bytes) else { throw .unsupported("not an image format the server knows") }
            guard [.png, .jpeg, .webp].contains(format) else { throw .unsupported("\(format) is not accepted") }
            if let declaredType, let declared = ImageFormat(mediaType: declaredType), declared != format {
                throw .mislabelled(declared: declared.mediaType, actual: format)
            }
            if let declaredType, ImageFormat(mediaType: declaredType) == nil, !ImageUpload.isGeneric(declaredType) {
                throw .mislabelled(declared: declaredType, actual: format)
            }
            // A PNG is inflated row by row, never held whole; a JPEG is decoded at 1/8 scale: every
            // scan's data is still read (a truncated or damaged file still fails), at a fraction of the
            // time and memory; its size comes from the header.
            if format == .png {
                do throws(PNGError) {
                    let header = try limits.pngDecoder.validate(bytes)
                    return ImageUpload(bytes: bytes, format: format, width: header.width, height: header.height,
                                       decodedBytes: header.rowBytes * header.height)
                } catch {
                    throw ImageUpload.uploadError(ImageDecoder.imageError(error))
                }
            }
            let decoder = ImageDecoder(limits: limits, minimumDecodedSide: format == .jpeg ? 1 : nil)
            do throws(ImageError) {
                let image = try decoder.decode(bytes)
                let size = format == .jpeg ? try JPEGDecoder.declaredSize(of: bytes) : (image.width, image.height)
                return ImageUpload(bytes: bytes, format: format, width: size.0, height: size.1, decodedBytes: image.pixels.count)
            } catch {
                throw ImageUpload.uploadError(error)
            }
        }

        /// Throws `tooManyImages` when a lot would have more than `maximumImagesPerLot` images.
        public func checkCount(_ count: Int) throws(ImageUploadError) {
            guard count <= maximumImagesPerLot else { throw .tooManyImages(limit: maximumImagesPerLot) }
        }
    }

    /// The file's bytes, as sent.
    public let bytes: [UInt8]
    /// The format the bytes are.
    public let format: ImageFormat
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The bytes validating it decoded (a PNG's rows, a JPEG's reduced pixels): its share of a request's bound.
    public let decodedBytes: Int

    /// The media type to serve the image with.
    public var contentType: String { format.mediaType }

    /// Whether a declared type says nothing about the format (`application/octet-stream`, empty).
    static func isGeneric(_ declared: String) -> Bool {
        let bare = (declared.split(separator: ";", maxSplits: 1).first.map(String.init) ?? "").lowercased()
        return ["", "application/octet-stream", "binary/octet-stream"].contains(bare.filter { $0 != " " })
    }

    /// The upload reason for a decoder's error.
    static func uploadError(_ error: ImageError) -> ImageUploadError {
        switch error {
        case .empty: .empty
        case .unknownFormat, .unsupportedFormat, .unsupportedFeature: .unsupported(error.description)
        case .imageTooLarge(_, let width, let height): .dimensionsTooLarge(width: width, height: height)
        case .png(.imageTooLarge(let width, let height)): .dimensionsTooLarge(width: width, height: height)
        case .corrupt, .png: .corrupt(error.description)
        case .libraryMissing: .decoderUnavailable(error.description)
        }
    }
}
