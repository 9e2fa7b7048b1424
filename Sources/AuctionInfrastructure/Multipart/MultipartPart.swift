/// One part of a `multipart/form-data` body: a field (no filename) or a file.
public struct MultipartPart: Hashable, Sendable {
    /// The `name` of its `Content-Disposition: form-data`.
    public var name: String
    /// The `filename`, when the part is a file.
    public var filename: String?
    /// The part's `Content-Type`, when given.
    public var contentType: String?
    /// All of the part's header fields.
    public var headers: HTTPHeaders
    /// The part's content.
    public var body: [UInt8]

    /// Creates a part.
    public init(name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// Whether the part carries a file (it has a `filename`).
    public var isFile: Bool { filename != nil }

    /// The content as UTF-8 text (a field's value).
    public var text: String { String(decoding: body, as: UTF8.self) }
}
