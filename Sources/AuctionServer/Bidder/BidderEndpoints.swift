import AuctionCore
import AuctionData
import AuctionInfrastructure

/// A logged-in bidder's routes: `GET /me/bids`, `GET /watchlist`, `PUT /watchlist/{id}`,
/// `DELETE /watchlist/{id}`. Each needs `Authorization: Bearer <session token>` (401 without) and
/// runs through `offload` (the store waits for its lock and the disk), never on the event loop;
/// a refused job is answered 503 with `Retry-After`.
public struct BidderEndpoints: HTTPRouteCollection {
    /// The bounds that keep one user's answer and list small.
    public struct Limits: Hashable, Sendable {
        /// Most products `GET /me/bids` reports: those the user bid on most recently.
        public var myBids: Int
        /// Most products on one user's watchlist; adding past it is refused 409 `watchlist_full`.
        public var watchlist: Int

        /// Limits; the defaults are 500 and 500.
        public init(myBids: Int = 500, watchlist: Int = 500) {
            self.myBids = myBids
            self.watchlist = watchlist
        }
    }

    /// Runs a job off the loop; false when it was refused (queue full, shutting down).
    public typealias Offload = @Sendable (@escaping @Sendable () -> Void) -> Bool

    /// The paths served, in the order they are documented.
    public static let paths = ["/me/bids", "/watchlist", "/watchlist/{id}"]
    /// The reason of a refused addition to a full watchlist.
    public static let watchlistFullReason = "watchlist_full"

    /// Where the records are.
    public var store: BidderStore
    /// The user a session token belongs to, or nil (unknown, expired, revoked).
    public var user: @Sendable (_ token: String) -> UserID?
    /// Where the work runs.
    public var offload: Offload
    /// The time a watchlist entry is added.
    public var now: @Sendable () -> Timestamp
    /// The bounds.
    public var limits: Limits
    /// The suspension of a refused token's holder, so the refusal says why (403 `suspended`).
    public var suspension: @Sendable (String) -> SessionSuspension?

    /// The routes over `store`, authenticating with `user`, working through `offload`.
    public init(store: BidderStore, user: @escaping @Sendable (String) -> UserID?, offload: @escaping Offload,
                now: @escaping @Sendable () -> Timestamp, limits: Limits = Limits(),
                suspension: @escaping @Sendable (String) -> SessionSuspension? = { _ in nil }) {
        self.store = store
        self.suspension = suspension
        self.user = user
        self.offload = offload
        self.now = now
        self.limits = limits
    }

    /// Adds the bidder's routes to `router`.
    public func register(on router: inout HTTPRouter) {
        let store = self.store, limits = self.limits, now = self.now
        route(&router, .get, "/me/bids") { (_, user) throws(StoreError) -> HTTPResponse in
            return Self.json(.ok, BidderDTO.bidsBody(try store.myBids(of: user, limit: limits.myBids)))
        }
        route(&router, .get, "/watchlist") { (_, user) throws(StoreError) -> HTTPResponse in
            return Self.json(.ok, BidderDTO.watchlistBody(try store.watchlist(of: user)))
        }
        route(&router, .put, "/watchlist/{id}") { (request, user) throws(StoreError) -> HTTPResponse in
            guard let id = Self.productID(in: request) else { return Self.badID() }
            switch try store.watch(id, for: user, capacity: limits.watchlist, at: now()) {
            case .watched: return Self.json(.ok, BidderDTO.okBody)
            case .unknownProduct: return Self.unknownProduct(id)
            case .full(let capacity):
                return Self.json(.conflict, BidderDTO.errorBody("the watchlist holds at most \(capacity) products; remove one first",
                                                                reason: Self.watchlistFullReason))
            }
        }
        route(&router, .delete, "/watchlist/{id}") { (request, user) throws(StoreError) -> HTTPResponse in
            guard let id = Self.productID(in: request) else { return Self.badID() }
            return try store.unwatch(id, for: user) ? Self.json(.ok, BidderDTO.okBody) : Self.unknownProduct(id)
        }
    }

    /// Adds a route that authenticates, then runs `body` through `offload`; a store failure is a 500.
    private func route(_ router: inout HTTPRouter, _ method: HTTPMethod, _ path: String,
                       _ body: @escaping @Sendable (HTTPRequest, UserID) throws(StoreError) -> HTTPResponse) {
        let user = self.user, offload = self.offload, suspension = self.suspension
        router.on(method, path, responding: { request, responder in
            let queued = offload {
                guard let token = AccountEndpoints.bearerToken(request), let id = user(token) else {
                    if let suspended = AccountEndpoints.bearerToken(request).flatMap(suspension) { return responder.respond(suspended.response) }
                    var response = Self.json(.unauthorized, BidderDTO.errorBody("log in first: send Authorization: Bearer <token>",
                                                                                reason: RefusalReason.unauthenticated.rawValue))
                    response.headers.add(name: "WWW-Authenticate", value: "Bearer")
                    responder.respond(response)
                    return
                }
                do throws(StoreError) {
                    var response = try body(request, id)
                    response.headers.add(name: "Cache-Control", value: "no-store")
                    responder.respond(response)
                } catch {
                    responder.respond(Self.json(.internalServerError, BidderDTO.errorBody("the server failed; try again later",
                                                                                          reason: RefusalReason.serverError.rawValue)))
                }
            }
            if !queued {
                responder.respond(Self.json(.serviceUnavailable, BidderDTO.errorBody("the server is busy; try again in a moment"))
                    .retryingAfter(seconds: 1))
            }
        })
    }

    /// The `{id}` of `/watchlist/{id}`: ASCII digits naming `0 ... 2^31 - 1`; nil otherwise.
    static func productID(in request: HTTPRequest) -> ProductID? {
        guard let digits = request.pathParameters["id"],  // set by the router from `{id}`
              (1...10).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int64(digits), BidderDTO.productIDs.contains(value) else { return nil }
        return ProductID(Int(value))
    }

    private static func badID() -> HTTPResponse {
        json(.badRequest, BidderDTO.errorBody("the product id must be a whole number from 0 to 2147483647",
                                              reason: RefusalReason.malformed.rawValue))
    }

    private static func unknownProduct(_ id: ProductID) -> HTTPResponse {
        json(.notFound, BidderDTO.errorBody("no such product: \(id.rawValue)", reason: RefusalReason.unknownProduct.rawValue))
    }

    private static func json(_ status: HTTPStatus, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }
}
