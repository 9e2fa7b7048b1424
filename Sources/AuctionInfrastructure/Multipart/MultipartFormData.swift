/// A `multipart/form-data` body (RFC 7578) read whole: the boundary comes from the `Content-Type`,
/// each part's `Content-Disposition` gives its name and filename. Bounded by `Limits` (total size,
/// parts, header bytes per part); a body without its closing boundary is `truncated`.
public struct MultipartFormData: Hashable, Sendable {
    /// How large a body may be.
    public struct Limits: Hashable, Sendable {
        /// Largest body.
        public var bodyBytes: Int
        /// Most parts.
        public var parts: Int
        /// Largest header section of one part.
        public var partHeaderBytes: Int

        /// Limits; the defaults admit ten 5 MiB images and a few fields.
        public init(bodyBytes: Int = 56 << 20, parts: Int = 32, partHeaderBytes: Int = 4_096) {
            self.bodyBytes = bodyBytes
            self.parts = parts
            self.partHeaderBytes = partHeaderBytes
        }
    }

    /// The parts, in order.
    public var parts: [MultipartPart]

    /// Creates a body from parts (for senders; see `serialized(boundary:)`).
    public init(parts: [MultipartPart]) { self.parts = parts }

    /// Reads `body` sent with `contentType` (`multipart/form-data; boundary=…`).
    public init(body: [UInt8], contentType: String, limits: Limits = Limits()) throws(MultipartError) {
        guard body.count <= limits.bodyBytes else { throw .bodyTooLarge(limit: limits.bodyBytes) }
        let boundary = try MultipartFormData.boundary(fromContentType: contentType)
        parts = try MultipartScanner(body: body, boundary: Array(boundary.utf8), limits: limits).parts()
    }

    /// The first field (a part without filename) named `name`, as text.
    public func field(_ name: String) -> String? {
        parts.first { $0.name == name && !$0.isFile }?.text
    }

    /// The parts named `name`, in order.
    public func parts(named name: String) -> [MultipartPart] {
        parts.filter { $0.name == name }
    }

    /// The boundary of a `multipart/form-data` content type (quoted or not, 1–70 bytes).
    public static func boundary(fromContentType contentType: String) throws(MultipartError) -> String {
        let parameters = HeaderParameters(contentType)
        guard parameters.value.lowercased() == "multipart/form-data" else { throw .notMultipart(parameters.value) }
        guard let boundary = parameters["boundary"] else { throw .invalidBoundary("the content type has none") }
        guard (1...70).contains(boundary.utf8.count) else { throw .invalidBoundary("it must have 1 to 70 characters") }
        guard boundary.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { throw .invalidBoundary("it must be printable ASCII") }
        return boundary
    }

    /// The body's bytes with `boundary` (which must not occur in any part).
    public func serialized(boundary: String) -> [UInt8] {
        var out: [UInt8] = []
        for part in parts {
            var disposition = "form-data; name=\"\(HeaderParameters.escape(part.name))\""
            if let filename = part.filename { disposition += "; filename=\"\(HeaderParameters.escape(filename))\"" }
            out += Array("--\(boundary)\r\nContent-Disposition: \(disposition)\r\n".utf8)
            if let type = part.contentType { out += Array("Content-Type: \(type)\r\n".utf8) }
            out += Array("\r\n".utf8) + part.body + Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return out
    }
}
