/// The protocol version of an HTTP/1.x message.
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major digit (1).
    public var major: Int
    /// The minor digit (0 or 1).
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.1: connections stay open unless `Connection: close`.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    /// HTTP/1.0: connections close unless `Connection: keep-alive`.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)

    /// `HTTP/1.1`, for example.
    public var description: String { "HTTP/\(major).\(minor)" }
}
