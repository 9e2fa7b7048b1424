import AuctionCore
import AuctionInfrastructure

extension HTTPProductRepository {
    /// An image fetched with a validator: new bytes (with their `ETag`, if the server sent one), or
    /// `notModified` when the copy the caller holds is still current (`304`: no image bytes sent).
    public enum ImageFetch: Hashable, Sendable {
        /// The image's bytes and entity tag.
        case fetched(bytes: [UInt8], entityTag: String?)
        /// The caller's copy, named by the tag it sent, is current.
        case notModified
    }

    /// The bytes of an image unless `entityTag` still names them (`If-None-Match`); `notFound` as `image(_:)`.
    public func image(_ imageID: Int, ifNoneMatch entityTag: String?) async throws(AuctionError) -> ImageFetch {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Accept": "*/*"]
        if let entityTag { headers.add(name: "If-None-Match", value: entityTag) }
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await client.send(HTTPRequest(method: .post, target: "/products/productimage", headers: headers,
                                                         body: CatalogueRequest.image(imageID).body), repeatable: true)
        } catch {
            throw error.auctionError
        }
        switch response.status.code {
        case 200: return .fetched(bytes: response.body, entityTag: response.headers["ETag"])
        case 304 where entityTag != nil: return .notModified
        case 201, 404: throw AuctionError.notFound("image \(imageID)")
        default: throw AuctionError.server(status: response.status.code, message: response.status.reasonPhrase)
        }
    }
}
