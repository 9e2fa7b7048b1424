import AuctionInfrastructure

/// Validators for responses whose bytes never change under their name: an `ETag` (the content's
/// SHA-256), a `Cache-Control`, and `304 Not Modified` without the bytes when `If-None-Match` matches.
public enum HTTPCaching {
    /// `Cache-Control` of content named by its hash: it can never change.
    public static let immutable = "public, max-age=31536000, immutable"
    /// `Cache-Control` of content named by an id the original API serves over `POST`: keep, but revalidate.
    public static let revalidate = "no-cache"

    /// The quoted entity tag of a hash.
    public static func entityTag(_ hash: String) -> String { "\"" + hash + "\"" }

    /// Whether the request's `If-None-Match` names `hash` (quoted or not, weak or strong) or is `*`.
    public static func matches(_ request: HTTPRequest, hash: String) -> Bool {
        for value in request.headers.values(for: "If-None-Match") {
            for item in value.split(separator: ",") {
                var tag = Substring(item.trimmingPrefixAndSuffix())
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                if tag.hasPrefix("\""), tag.hasSuffix("\""), tag.count >= 2 { tag = tag.dropFirst().dropLast() }
                if tag == hash { return true }
            }
        }
        return false
    }

    /// The bytes with their validators, or `304` (validators, no bytes) when the client has them.
    public static func respond(to request: HTTPRequest, bytes: [UInt8], contentType: String, hash: String,
                               cacheControl: String) -> HTTPResponse {
        let fresh = matches(request, hash: hash)
        var response = fresh ? HTTPResponse(status: HTTPStatus(code: 304)) : HTTPResponse(status: .ok, contentType: contentType, body: bytes)
        response.headers.add(name: "ETag", value: entityTag(hash))
        response.headers.add(name: "Cache-Control", value: cacheControl)
        return response
    }
}

private extension Substring {
    func trimmingPrefixAndSuffix() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}
