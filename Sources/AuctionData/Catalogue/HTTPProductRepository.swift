import AuctionCore
import AuctionInfrastructure

/// The catalogue read over HTTP from our server or any deployment of the original backend:
/// `POST /products/alllist` (`201` = past the end), `/products/detailproduct`
/// (plus `/products/currentproductprice` when the detail lacks our price fields) and `/products/productimage`.
public struct HTTPProductRepository: ProductRepository {
    /// The client that carries the requests.
    public let client: HTTPClient

    /// Creates a repository over a client.
    public init(client: HTTPClient) { self.client = client }

    /// Creates a repository for the service at `baseURL` (e.g. `http://127.0.0.1:3100`), doing I/O on `loop`.
    public init(baseURL: String, loop: EventLoop, configuration: HTTPClient.Configuration = .init()) throws(AuctionError) {
        client = try HTTPClient(checkedBaseURL: baseURL, configuration: configuration, loop: loop)
    }

    /// Page `index`, or nil past the last page (`201`, or an empty list).
    public func page(_ index: Int) async throws(AuctionError) -> ProductPage? {
        let response = try await post("/products/alllist", .page(index))
        switch response.status.code {
        case 200:
            let items = try decode { () throws(CatalogueError) in try ProductListItemDTO.page(from: response.body) }
            return items.isEmpty ? nil : ProductPage(index: index, products: items.map { $0.toDomain() }, total: Self.total(response))
        case 201:
            return nil
        default:
            throw failure(response)
        }
    }

    /// `X-Total-Count` (ours): how many products the catalogue's pages hold; nil when absent or outside 0…2^31 − 1.
    static func total(_ response: HTTPResponse) -> Int? {
        guard let text = response.headers["X-Total-Count"], text.utf8.count <= 10, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let count = Int(text), count <= Int(Int32.max) else { return nil }
        return count
    }

    /// One product in full; `notFound` when the service has no such product.
    public func detail(of id: ProductID) async throws(AuctionError) -> ProductDetail {
        let response = try await post("/products/detailproduct", .product(id.rawValue))
        switch response.status.code {
        case 200:
            let dto = try decode { () throws(CatalogueError) -> ProductDetailDTO? in
                let json = try CatalogueFields.parse(response.body)
                guard let info = json["DetailProductInfo"], !info.isNull else { return nil }
                return try ProductDetailDTO(json: json)
            }
            guard let dto else { throw AuctionError.notFound("product \(id)") }
            if dto.current != nil { return dto.toDomain() }
            // The original backend keeps the current price apart; without it the graph's last point stands in.
            let current = try? await currentPrice(of: id)
            return dto.toDomain(currentPrice: current)
        case _ where Self.saysNoSuchProduct(response):
            throw AuctionError.notFound("product \(id)")
        default:
            throw failure(response)
        }
    }

    /// The current price of a product (`POST /products/currentproductprice`).
    public func currentPrice(of id: ProductID) async throws(AuctionError) -> CurrentPriceDTO {
        let response = try await post("/products/currentproductprice", .product(id.rawValue))
        switch response.status.code {
        case 200:
            return try decode { () throws(CatalogueError) in try CurrentPriceDTO(json: CatalogueFields.parse(response.body)) }
        case _ where Self.saysNoSuchProduct(response):
            throw AuctionError.notFound("product \(id)")
        default:
            throw failure(response)
        }
    }

    /// The bytes of an image; `notFound` for `201` (the original's failure answer) or `404`.
    public func image(_ imageID: Int) async throws(AuctionError) -> [UInt8] {
        let response = try await post("/products/productimage", .image(imageID))
        switch response.status.code {
        case 200: return response.body
        case 201, 404: throw AuctionError.notFound("image \(imageID)")
        default: throw failure(response)
        }
    }

    /// A product's bid history (`GET /products/{id}/bids`, ours), newest first; nil when the server has
    /// no such endpoint (the original backend: `404` without our `{"reason": …}` body, or any other `4xx`).
    /// With a session `token` the server names the holder's own bids in full (`"you": true`).
    public func bidHistory(of id: ProductID, token: String? = nil) async throws(AuctionError) -> [BidHistoryEntry]? {
        let response: HTTPResponse
        do throws(HTTPError) {
            var headers: HTTPHeaders = ["Accept": "application/json"]
            if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
            response = try await client.send(HTTPRequest(method: .get, target: BidHistoryDTO.path(of: id), headers: headers))
        } catch {
            throw error.auctionError
        }
        switch response.status.code {
        case 200:
            return try decode { () throws(CatalogueError) in try BidHistoryDTO.entries(from: response.body) }
        case 404 where (try? JSONValue.parse(response.body))?["reason"]?.stringValue == RefusalReason.unknownProduct.rawValue:
            throw AuctionError.notFound("product \(id)")
        case 400..<500:
            return nil
        default:
            throw failure(response)
        }
    }

    /// Whether the answer means "no such product": `201`/`404`, or the original backend's `400`
    /// with its missing-record error body.
    private static func saysNoSuchProduct(_ response: HTTPResponse) -> Bool {
        switch response.status.code {
        case 201, 404: true
        case 400: CatalogueErrorBody(body: response.body)?.isMissingRecord == true
        default: false
        }
    }

    /// A catalogue read over `POST` (the original API's form): safe to repeat on another server.
    private func post(_ path: String, _ request: CatalogueRequest) async throws(AuctionError) -> HTTPResponse {
        do throws(HTTPError) {
            return try await client.post(path, json: request.body, repeatable: true)
        } catch {
            throw error.auctionError
        }
    }

    func decode<T>(_ body: () throws(CatalogueError) -> T) throws(AuctionError) -> T {
        do throws(CatalogueError) {
            return try body()
        } catch {
            throw error.auctionError
        }
    }

    /// An unexpected status as a domain error, with the `{"error": ...}` message when there is one.
    func failure(_ response: HTTPResponse) -> AuctionError {
        let message = CatalogueErrorBody(body: response.body)?.error
            ?? (response.body.isEmpty || response.body.count > 512 ? response.status.reasonPhrase
                : String(decoding: response.body, as: UTF8.self))
        return .server(status: response.status.code, message: message)
    }
}
