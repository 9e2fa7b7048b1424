import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `GET /products/{id}/bids` (public, ours): a product's accepted bids, newest first, at most 100,
/// bidders' names shortened (`BidHistoryDTO`), but for a bearer token's holder, who sees their own in full (`"you": true`). Unknown product → 404 with `"reason":"unknown_product"`;
/// an id that is not a product id (1…2^31 − 1) → 400 `malformed`.
public struct BidHistoryEndpoints: HTTPRouteCollection {
    /// The route's pattern.
    public static let pattern = "/products/{id}/bids"

    /// Reads a product's history for the holder of a bearer token (nil: anonymous); `.notFound` for an unknown product.
    public typealias History = @Sendable (ProductID, _ token: String?) throws(AuctionError) -> [BidHistoryEntry]

    /// Where the history comes from (synchronous: run where `offload` puts it).
    public var history: History
    /// Where reads run (nil: on the event loop).
    public var offload: CatalogueEndpoints.Offload?

    /// The route over `history`.
    public init(offload: CatalogueEndpoints.Offload? = nil, history: @escaping History) {
        self.history = history
        self.offload = offload
    }

    /// Adds `GET /products/{id}/bids`.
    public func register(on router: inout HTTPRouter) {
        let history = self.history, offload = self.offload
        router.on(.get, Self.pattern, responding: { request, responder in
            let text = request.pathParameters["id"] ?? ""  // set by the router from `{id}`
            guard let number = Int(text), number >= 1, number <= Int(Int32.max) else {
                responder.respond(Self.failure(.badRequest, "expected a product id from 1 in /products/{id}/bids, not `\(text.prefix(32))`",
                                               reason: .malformed))
                return
            }
            let token = AccountEndpoints.bearerToken(request)
            let job: @Sendable () -> Void = { responder.respond(Self.answer(ProductID(number), token: token, history)) }
            guard let offload else { return job() }
            if !offload(job) {
                responder.respond(Self.failure(.serviceUnavailable, "the server is busy; try again in a moment", reason: .rateLimited)
                    .retryingAfter(seconds: 1))
            }
        })
    }

    private static func answer(_ id: ProductID, token: String?, _ history: History) -> HTTPResponse {
        do throws(AuctionError) {
            let entries = try history(id, token)
            return HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: BidHistoryDTO.body(entries))
        } catch .notFound {
            return failure(.notFound, "no such product", reason: .unknownProduct)
        } catch {
            guard error.isStoreUnavailable else { return failure(.internalServerError, "\(error)", reason: .serverError) }
            return failure(.serviceUnavailable, "\(error)", reason: .unavailable).retryingAfter(seconds: 1)
        }
    }

    private static func failure(_ status: HTTPStatus, _ message: String, reason: RefusalReason) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8",
                     body: JSONValue.object(JSONObject([("error", .string(message)), ("reason", .string(reason.rawValue))])).serialized())
    }
}
