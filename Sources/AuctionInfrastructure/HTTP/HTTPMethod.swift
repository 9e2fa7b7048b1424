/// An HTTP request method (a token such as `GET` or `POST`; case-sensitive).
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the wire.
    public var rawValue: String

    /// Wraps a method token.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a method token.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The token itself.
    public var description: String { rawValue }

    /// GET.
    public static let get = HTTPMethod("GET")
    /// HEAD: a GET without the body.
    public static let head = HTTPMethod("HEAD")
    /// POST.
    public static let post = HTTPMethod("POST")
    /// PUT.
    public static let put = HTTPMethod("PUT")
    /// PATCH.
    public static let patch = HTTPMethod("PATCH")
    /// DELETE.
    public static let delete = HTTPMethod("DELETE")
    /// OPTIONS.
    public static let options = HTTPMethod("OPTIONS")
}
