import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog

/// The original backend's catalogue endpoints served from any `CatalogueEndpoints.Source`, so our
/// server can stand in for it: `POST /products/alllist`, `/products/detailproduct`,
/// `/products/currentproductprice`, `/products/productimage`, plus `GET /health`. The catalogue
/// feature's route collection: the server adds it once, with its own health body.
///
/// The handlers are synchronous: they never wait for Swift's cooperative pool (which blocked
/// work elsewhere in the process can fill), only for the loop or the threads `offload` gives.
public struct CatalogueEndpoints: HTTPRouteCollection {
    /// The paths served, in the order they are documented.
    public static let paths = ["/products/alllist", "/products/detailproduct", "/products/currentproductprice",
                               "/products/productimage", "/health"]

    /// The original's `GET /health` body.
    public static let plainHealth: @Sendable () -> HTTPResponse = { json(Array("{\"status\":\"ok\"}".utf8)) }

    /// What the routes answer from.
    public var source: any Source
    /// Fills `DetailProductUser.user_id`.
    public var sellerID: String
    /// Where reads run (nil: on the event loop).
    public var offload: Offload?
    /// Answers `GET /health`.
    public var health: () -> HTTPResponse

    /// The catalogue's routes over `source`; see `install(on:source:sellerID:offload:health:)`.
    public init(source: any Source, sellerID: String = "1", offload: Offload? = nil,
                health: @escaping () -> HTTPResponse = CatalogueEndpoints.plainHealth) {
        self.source = source
        self.sellerID = sellerID
        self.offload = offload
        self.health = health
    }

    /// Adds the endpoints to `router`, answering from `source`; `sellerID` fills `DetailProductUser.user_id`.
    /// Without `offload` the reads run on the event loop (fine for memory or a quick SQLite read);
    /// with it they run where it puts them, and a refused job is answered 503 with `Retry-After`.
    /// `health` answers `GET /health` (the original's `{"status":"ok"}` unless the server says more).
    public static func install(on router: inout HTTPRouter, source: any Source, sellerID: String = "1",
                               offload: Offload? = nil,
                               health: @escaping () -> HTTPResponse = CatalogueEndpoints.plainHealth) {
        router.add(CatalogueEndpoints(source: source, sellerID: sellerID, offload: offload, health: health))
    }

    /// Adds the catalogue's routes to `router`.
    public func register(on router: inout HTTPRouter) {
        let source = self.source, sellerID = self.sellerID, offload = self.offload, health = self.health
        Self.route(&router, "/products/alllist", offload) { request in
            Self.answer("index", request) { (index) throws(AuctionError) in
                guard let page = try source.page(index) else { return Self.counted(HTTPResponse(status: .created), source) }
                return Self.counted(Self.json(Self.pageBody(page.products, source: source)), source)
            }
        }
        Self.route(&router, "/products/detailproduct", offload) { request in
            Self.answer("product_id", request) { (id) throws(AuctionError) in
                Self.json(Self.detailBody(try source.detail(of: ProductID(id)), sellerID: sellerID, source: source))
            }
        }
        Self.route(&router, "/products/currentproductprice", offload) { request in
            Self.answer("product_id", request) { (id) throws(AuctionError) in
                Self.json(CurrentPriceDTO(product: try source.detail(of: ProductID(id)).product).json.serialized())
            }
        }
        Self.route(&router, "/products/productimage", offload) { request in
            Self.answer("image_id", request) { (id) throws(AuctionError) in
                do throws(AuctionError) {
                    // ETag and 304 (ours): the original app sends no If-None-Match and still gets 200 with the bytes.
                    let bytes = try source.image(id)
                    return HTTPCaching.respond(to: request, bytes: bytes, contentType: "image/png",
                                               hash: SHA256.hexDigest(bytes), cacheControl: HTTPCaching.revalidate)
                } catch .notFound {
                    return HTTPResponse(status: .created)  // the original's answer when it has no such image
                }
            }
        }
        router.on(.get, "/health") { _ in health() }
    }

    /// Adds a `POST` route answered by `body`: at once on the loop, or through `offload`.
    private static func route(_ router: inout HTTPRouter, _ path: String, _ offload: Offload?,
                              _ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        guard let offload else {
            router.on(.post, path, body)
            return
        }
        router.on(.post, path, responding: { request, responder in
            if !offload({ responder.respond(body(request)) }) {
                responder.respond(failure(.serviceUnavailable, "the server is busy; try again in a moment")
                    .retryingAfter(seconds: 1))
            }
        })
    }

    /// Reads the request's number, runs `body`, and turns failures into `{"error": ...}` answers
    /// (400 for a bad body, 404 for an unknown product, 500 otherwise).
    private static func answer(_ key: String, _ request: HTTPRequest,
                               _ body: (Int) throws(AuctionError) -> HTTPResponse) -> HTTPResponse {
        let number: Int
        do throws(CatalogueError) {
            number = try CatalogueRequest(key: key, body: request.body).value
        } catch {
            return failure(.badRequest, "expected a JSON body like {\"\(key)\": 0}")
        }
        do throws(AuctionError) {
            return try body(number)
        } catch .notFound(let what) {
            return failure(.notFound, "no such \(what)")
        } catch {
            guard error.isStoreUnavailable else { return failure(.internalServerError, "\(error)") }
            return failure(.serviceUnavailable, "\(error)").retryingAfter(seconds: 1)
        }
    }

    /// The response with `X-Total-Count` (ours: how many products the pages list) when the source counts them;
    /// the body stays the original's bare array, so the original app is unaffected.
    private static func counted(_ response: HTTPResponse, _ source: any Source) -> HTTPResponse {
        guard let total = source.listedCount() else { return response }
        var counted = response
        counted.headers.add(name: totalHeader, value: String(total))
        return counted
    }

    /// The header that carries the catalogue's size on `alllist` answers.
    public static let totalHeader = "X-Total-Count"

    private static func json(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: body)
    }

    private static func failure(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: CatalogueErrorBody(error: message).body)
    }
}
