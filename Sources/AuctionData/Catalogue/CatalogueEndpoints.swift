import AuctionCore
import AuctionInfrastructure

/// The original backend's catalogue endpoints served from any `CatalogueEndpoints.Source`, so our
/// server can stand in for it: `POST /products/alllist`, `/products/detailproduct`,
/// `/products/currentproductprice`, `/products/productimage`, plus `GET /health`.
///
/// The handlers are synchronous: they never wait for Swift's cooperative pool (which blocked
/// work elsewhere in the process can fill), only for the loop or the threads `offload` gives.
public enum CatalogueEndpoints {
    /// The paths served, in the order they are documented.
    public static let paths = ["/products/alllist", "/products/detailproduct", "/products/currentproductprice",
                               "/products/productimage", "/health"]

    /// Adds the endpoints to `router`, answering from `source`; `sellerID` fills `DetailProductUser.user_id`.
    /// Without `offload` the reads run on the event loop (fine for memory or a quick SQLite read);
    /// with it they run where it puts them, and a refused job is answered 503 with `Retry-After`.
    public static func install(on router: inout HTTPRouter, source: any Source, sellerID: String = "1",
                               offload: Offload? = nil) {
        route(&router, "/products/alllist", offload) { request in
            answer("index", request) { (index) throws(AuctionError) in
                guard let page = try source.page(index) else { return HTTPResponse(status: .created) }
                return json(ProductListItemDTO.pageBody(page.products.map(ProductListItemDTO.init(product:))))
            }
        }
        route(&router, "/products/detailproduct", offload) { request in
            answer("product_id", request) { (id) throws(AuctionError) in
                json(ProductDetailDTO(detail: try source.detail(of: ProductID(id)), sellerID: sellerID).json.serialized())
            }
        }
        route(&router, "/products/currentproductprice", offload) { request in
            answer("product_id", request) { (id) throws(AuctionError) in
                json(CurrentPriceDTO(product: try source.detail(of: ProductID(id)).product).json.serialized())
            }
        }
        route(&router, "/products/productimage", offload) { request in
            answer("image_id", request) { (id) throws(AuctionError) in
                do throws(AuctionError) {
                    return HTTPResponse(status: .ok, contentType: "image/png", body: try source.image(id))
                } catch .notFound {
                    return HTTPResponse(status: .created)  // the original's answer when it has no such image
                }
            }
        }
        router.on(.get, "/health") { _ in json(Array("{\"status\":\"ok\"}".utf8)) }
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
                var busy = failure(.serviceUnavailable, "the server is busy; try again in a moment")
                busy.headers.add(name: "Retry-After", value: "1")
                responder.respond(busy)
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
            return failure(.internalServerError, "\(error)")
        }
    }

    private static func json(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: body)
    }

    private static func failure(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: CatalogueErrorBody(error: message).body)
    }
}
