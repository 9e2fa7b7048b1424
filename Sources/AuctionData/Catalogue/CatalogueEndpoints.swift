import AuctionCore
import AuctionInfrastructure

/// The original backend's catalogue endpoints served from any `ProductRepository`, so our server
/// can stand in for it: `POST /products/alllist`, `/products/detailproduct`,
/// `/products/currentproductprice`, `/products/productimage`, plus `GET /health`.
public enum CatalogueEndpoints {
    /// The paths served, in the order they are documented.
    public static let paths = ["/products/alllist", "/products/detailproduct", "/products/currentproductprice",
                               "/products/productimage", "/health"]

    /// Adds the endpoints to `router`, answering from `products`; `sellerID` fills `DetailProductUser.user_id`.
    public static func install(on router: inout HTTPRouter, products: any ProductRepository, sellerID: String = "1") {
        router.on(.post, "/products/alllist", async: { request in
            await answer("index", request) { (index) throws(AuctionError) in
                guard let page = try await products.page(index) else { return HTTPResponse(status: .created) }
                return json(ProductListItemDTO.pageBody(page.products.map(ProductListItemDTO.init(product:))))
            }
        })
        router.on(.post, "/products/detailproduct", async: { request in
            await answer("product_id", request) { (id) throws(AuctionError) in
                json(ProductDetailDTO(detail: try await products.detail(of: ProductID(id)), sellerID: sellerID).json.serialized())
            }
        })
        router.on(.post, "/products/currentproductprice", async: { request in
            await answer("product_id", request) { (id) throws(AuctionError) in
                json(CurrentPriceDTO(product: try await products.detail(of: ProductID(id)).product).json.serialized())
            }
        })
        router.on(.post, "/products/productimage", async: { request in
            await answer("image_id", request) { (id) throws(AuctionError) in
                do throws(AuctionError) {
                    return HTTPResponse(status: .ok, contentType: "image/png", body: try await products.image(id))
                } catch .notFound {
                    return HTTPResponse(status: .created)  // the original's answer when it has no such image
                }
            }
        })
        router.on(.get, "/health") { _ in json(Array("{\"status\":\"ok\"}".utf8)) }
    }

    /// Reads the request's number, runs `body`, and turns failures into `{"error": ...}` answers
    /// (400 for a bad body, 404 for an unknown product, 500 otherwise).
    private static func answer(_ key: String, _ request: HTTPRequest,
                               _ body: (Int) async throws(AuctionError) -> HTTPResponse) async -> HTTPResponse {
        let number: Int
        do throws(CatalogueError) {
            number = try CatalogueRequest(key: key, body: request.body).value
        } catch {
            return failure(.badRequest, "expected a JSON body like {\"\(key)\": 0}")
        }
        do throws(AuctionError) {
            return try await body(number)
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
