import AuctionCore

/// An uploaded image as the store keeps it: named by the SHA-256 of its bytes.
public struct StoredImage: Hashable, Sendable {
    /// The SHA-256 of the bytes, 64 lowercase hex digits (also the `ETag`).
    public var hash: String
    /// The media type it is served with (`image/png`, `image/jpeg`, `image/webp`).
    public var contentType: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The file's bytes (empty when only the description was read).
    public var bytes: [UInt8]

    /// Creates a stored image.
    public init(hash: String, contentType: String, width: Int, height: Int, bytes: [UInt8] = []) {
        self.hash = hash
        self.contentType = contentType
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Whether `text` has the shape of a hash: 64 lowercase hex digits.
    public static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
