import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `GET /products/query` (public, ours): search, filter, sort and keyset-page the catalogue.
/// Answers `{"products":[…list items…],"next_cursor":"…"|null,"total":N|null}`; any bad parameter → 400 with
/// `"reason":"invalid_query"`; past the per-address rate, 429 `rate_limited` with Retry-After. The read
/// runs where `offload` puts it (the catalogue readers).
public struct QueryEndpoints: HTTPRouteCollection {
    /// The route's path.
    public static let path = "/products/query"

    /// Runs a checked query: the page's products as they stand now, their sellers and the next cursor.
    public typealias Run = @Sendable (CatalogueQueryRequest) throws(AuctionError) -> QueryAnswer

    /// What a query found, ready to serialise.
    public struct QueryAnswer: Sendable {
        /// The products on the page, in order, with their live prices.
        public var products: [Product]
        /// Each product's seller, by id.
        public var sellers: [ProductID: String]
        /// Each product's bid count, by id (nil: not counted).
        public var bidCounts: [ProductID: Int]
        /// Where the next page starts; nil on the last page.
        public var next: QueryCursor?
        /// How many lots the query matches in all (`total`), on a first page without `search`; else nil.
        public var total: Int?

        /// An answer.
        public init(products: [Product], sellers: [ProductID: String], bidCounts: [ProductID: Int], next: QueryCursor?,
                    total: Int? = nil) {
            self.products = products
            self.sellers = sellers
            self.bidCounts = bidCounts
            self.next = next
            self.total = total
        }
    }

    /// How queries are run.
    public var run: Run
    /// Where reads run (nil: on the event loop).
    public var offload: CatalogueEndpoints.Offload?
    /// The per-address rate (nil: none).
    let rate: QueryRate?

    /// The route over `run`.
    public init(offload: CatalogueEndpoints.Offload? = nil, run: @escaping Run) {
        self.run = run
        self.offload = offload
        rate = nil
    }

    /// The route over `run`, each client address taking its queries from `rate` (shared with socket request 13).
    init(offload: CatalogueEndpoints.Offload? = nil, rate: QueryRate, run: @escaping Run) {
        self.run = run
        self.offload = offload
        self.rate = rate
    }

    /// Adds `GET /products/query`.
    public func register(on router: inout HTTPRouter) {
        let run = self.run, offload = self.offload, rate = self.rate
        router.on(.get, Self.path, responding: { request, responder in
            if let wait = rate?.take(request.remoteAddress?.host) {
                responder.respond(Self.failure(.tooManyRequests, "too many queries from your address; try again in a moment",
                                               reason: RefusalReason.rateLimited.rawValue).retryingAfter(milliseconds: wait))
                return
            }
            let query: CatalogueQueryRequest
            do throws(CatalogueQueryError) {
                guard let parameters = FormParameters(request.query ?? "") else {
                    throw CatalogueQueryError("the query string is not valid form encoding (a broken %-escape, a repeated name, or not UTF-8)")
                }
                query = try CatalogueQueryRequest(parameters: parameters.values)
            } catch {
                responder.respond(Self.failure(.badRequest, error.description, reason: RefusalReason.invalidQuery.rawValue))
                return
            }
            let job: @Sendable () -> Void = { responder.respond(Self.answer(query, run)) }
            guard let offload else { return job() }
            if !offload(job) {
                responder.respond(Self.failure(.serviceUnavailable, "the server is busy; try again in a moment", reason: RefusalReason.rateLimited.rawValue)
                    .retryingAfter(seconds: 1))
            }
        })
    }

    /// The JSON body of an answer.
    public static func body(_ answer: QueryAnswer) -> [UInt8] {
        let items = answer.products.map { product -> JSONValue in
            var json = ProductListItemDTO(product: product).json
            if case .object(var object) = json {
                for (key, value) in CatalogueEndpoints.biddingFields(of: product, bidCount: answer.bidCounts[product.id]) {
                    object[key] = value
                }
                if let seller = answer.sellers[product.id] { object["seller"] = .string(seller) }
                json = .object(object)
            }
            return json
        }
        return JSONValue.object(JSONObject([
            ("products", .array(items)),
            ("next_cursor", answer.next.map { .string($0.encoded) } ?? .null),
            ("total", answer.total.map { .int(Int64($0)) } ?? .null),
        ])).serialized()
    }

    private static func answer(_ query: CatalogueQueryRequest, _ run: Run) -> HTTPResponse {
        do throws(AuctionError) {
            return HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: body(try run(query)))
        } catch {
            guard error.isStoreUnavailable else {
                return failure(.internalServerError, "\(error)", reason: RefusalReason.serverError.rawValue)
            }
            return failure(.serviceUnavailable, "\(error)", reason: RefusalReason.unavailable.rawValue).retryingAfter(seconds: 1)
        }
    }

    private static func failure(_ status: HTTPStatus, _ message: String, reason: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8",
                     body: JSONValue.object(JSONObject([("error", .string(message)), ("reason", .string(reason))])).serialized())
    }
}
