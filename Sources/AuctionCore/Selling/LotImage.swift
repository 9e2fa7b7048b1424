/// One image file a seller attaches to a lot: its file name (as shown to the server) and bytes.
public struct LotImage: Hashable, Sendable {
    /// The file's name without its directory.
    public var filename: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Creates an image.
    public init(filename: String, bytes: [UInt8]) {
        self.filename = filename
        self.bytes = bytes
    }
}
