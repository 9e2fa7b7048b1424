import AuctionCore
import AuctionInfrastructure

/// The bidder's records over HTTP (`GET /me/bids`, `GET /watchlist`, `PUT`/`DELETE /watchlist/{id}`),
/// with answers mapped to `AuctionError`: 401 → `refused(.unauthenticated)`, 404 with reason
/// `unknown_product` → `notFound("product N")`, any other 404 → `server(status: 404, …)` (a server
/// without these endpoints, e.g. the original backend), other failures → `server` with the server's sentence.
public struct HTTPBidderRepository: BidderRepository {
    /// The client that carries the requests.
    public let client: HTTPClient

    /// Creates a repository over a client.
    public init(client: HTTPClient) { self.client = client }

    /// `GET /me/bids`.
    public func myBids(token: String) async throws(AuctionError) -> [MyBid] {
        let response = try await send(.get, "/me/bids", token: token)
        guard let bids = BidderDTO.bids(from: response.body) else {
            throw AuctionError.protocolViolation("the /me/bids answer is not {\"bids\":[…]} with fields in range")
        }
        return bids
    }

    /// `GET /watchlist`.
    public func watchlist(token: String) async throws(AuctionError) -> [ProductID] {
        let response = try await send(.get, "/watchlist", token: token)
        guard let ids = BidderDTO.watchlist(from: response.body) else {
            throw AuctionError.protocolViolation("the /watchlist answer is not {\"product_ids\":[…]} with ids in range")
        }
        return ids
    }

    /// `PUT /watchlist/{id}`.
    public func watch(_ id: ProductID, token: String) async throws(AuctionError) {
        _ = try await send(.put, "/watchlist/\(id.rawValue)", token: token, product: id)
    }

    /// `DELETE /watchlist/{id}`.
    public func unwatch(_ id: ProductID, token: String) async throws(AuctionError) {
        _ = try await send(.delete, "/watchlist/\(id.rawValue)", token: token, product: id)
    }

    /// Sends a request with the session's token; a failed answer is thrown as a domain error.
    private func send(_ method: HTTPMethod, _ path: String, token: String, product: ProductID? = nil) async throws(AuctionError) -> HTTPResponse {
        let request = HTTPRequest(method: method, target: path,
                                  headers: ["Authorization": "Bearer \(token)", "Accept": "application/json"])
        let response = try await client.exchange(request)
        guard response.status.isSuccess else { throw failure(response, path: path, product: product) }
        return response
    }

    /// A failed answer as a domain error.
    private func failure(_ response: HTTPResponse, path: String, product: ProductID?) -> AuctionError {
        let (reason, message) = BidderDTO.failure(from: response.body)
        switch response.status.code {
        case 401:
            return .refused(.unauthenticated)
        case 404 where reason == RefusalReason.unknownProduct.rawValue:
            return .notFound(product.map { "product \($0.rawValue)" } ?? "product")
        case 404:
            return .server(status: 404, message: "\(path) is not supported by the server at \(client.baseURL)")
        default:
            let text = message ?? (response.body.isEmpty || response.body.count > 512 ? response.status.reasonPhrase
                                   : String(decoding: response.body, as: UTF8.self))
            return .server(status: response.status.code, message: text)
        }
    }
}
