/// An HTTP status code with its reason phrase.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit code, e.g. 200.
    public var code: Int
    /// The reason phrase sent after the code, e.g. `OK`.
    public var reasonPhrase: String

    /// Creates a status; the phrase defaults to the standard one for known codes.
    public init(code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? HTTPStatus.standardPhrase(for: code)
    }

    /// `200 OK`, for example.
    public var description: String { "\(code) \(reasonPhrase)" }

    /// Whether the code is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(code) }

    /// Whether a response with this status never carries a body (1xx, 204, 304).
    public var forbidsBody: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

    /// 100 Continue.
    public static let `continue` = HTTPStatus(code: 100)
    /// 200 OK.
    public static let ok = HTTPStatus(code: 200)
    /// 201 Created (the original backend's "nothing here" answer).
    public static let created = HTTPStatus(code: 201)
    /// 204 No Content.
    public static let noContent = HTTPStatus(code: 204)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(code: 400)
    /// 401 Unauthorized.
    public static let unauthorized = HTTPStatus(code: 401)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(code: 404)
    /// 405 Method Not Allowed.
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// 408 Request Timeout.
    public static let requestTimeout = HTTPStatus(code: 408)
    /// 409 Conflict.
    public static let conflict = HTTPStatus(code: 409)
    /// 411 Length Required.
    public static let lengthRequired = HTTPStatus(code: 411)
    /// 413 Content Too Large.
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// 414 URI Too Long.
    public static let uriTooLong = HTTPStatus(code: 414)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 431 Request Header Fields Too Large.
    public static let headerFieldsTooLarge = HTTPStatus(code: 431)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500)
    /// 501 Not Implemented.
    public static let notImplemented = HTTPStatus(code: 501)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(code: 503)
    /// 505 HTTP Version Not Supported.
    public static let versionNotSupported = HTTPStatus(code: 505)

    /// The standard reason phrase for a code (RFC 9110 and the IANA registry), or `Status` when unknown.
    public static func standardPhrase(for code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
