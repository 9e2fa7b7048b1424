import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import Dispatch
import Testing

/// A catalogue held in memory, 15 products a page.
private struct MemoryCatalogue: CatalogueEndpoints.Source {
    let details: [ProductDetail]

    init(count: Int) {
        details = (1...count).map { id in
            let product = Product(id: ProductID(id), name: "Item \(id)", startPrice: 1_000, currentPrice: Money(Int64(1_000 + id * 10)),
                                  lastChange: Money(Int64(id * 10)), direction: .up, auctionDate: "2026-11-22", imageIDs: [id],
                                  endsAt: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000), minimumIncrement: 100)
            return ProductDetail(product: product, sellerName: "seller \(id)", description: "about \(id)",
                                 listedAt: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000),
                                 priceHistory: [PricePoint(date: "2026-11-21", price: 1_000), PricePoint(date: "2026-11-22", price: product.currentPrice)])
        }
    }

    func page(_ index: Int) throws(AuctionError) -> ProductPage? {
        let start = index * ProductPage.size
        guard start < details.count else { return nil }
        return ProductPage(index: index, products: details[start..<min(details.count, start + ProductPage.size)].map(\.product))
    }

    func detail(of id: ProductID) throws(AuctionError) -> ProductDetail {
        guard let detail = details.first(where: { $0.product.id == id }) else { throw .notFound("product \(id)") }
        return detail
    }

    func image(_ imageID: Int) throws(AuctionError) -> [UInt8] {
        guard imageID == 1 else { throw .notFound("image \(imageID)") }
        return [0x89, 0x50, 0x4E, 0x47]
    }
}

@Suite struct CatalogueEndpointsTests {
    private struct Served {
        let loop: EventLoop
        let server: HTTPServer
        let catalogue: MemoryCatalogue
        var port: Int { server.address.port }
        var client: HTTPClient { HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: port), loop: loop) }
        var repository: HTTPProductRepository { HTTPProductRepository(client: client) }
        func stop() {
            server.close()
            loop.shutdown()
        }
    }

    private func serve(count: Int, offload: CatalogueEndpoints.Offload? = nil) throws -> Served {
        let loop = try EventLoop.spawn(name: "catalogue-endpoints")
        let catalogue = MemoryCatalogue(count: count)
        var router = HTTPRouter()
        CatalogueEndpoints.install(on: &router, source: catalogue, offload: offload)
        return Served(loop: loop, server: try HTTPServer.start(on: loop, router: router), catalogue: catalogue)
    }

    @Test func ourClientReadsOurServerWithoutLoss() async throws {
        let served = try serve(count: 20)
        defer { served.stop() }
        let pages = try await LoadCatalogue(products: served.repository).all()
        let stated = Self.statedProducts(served.catalogue)
        #expect(pages.flatMap(\.products) == stated)
        #expect(try await served.repository.detail(of: 7).product == stated[6])
        #expect(try await served.repository.currentPrice(of: 7).price == 1_070)
        #expect(try await served.repository.image(1) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func servesTheOriginalShapesAndStatuses() async throws {
        let served = try serve(count: 20)
        defer { served.stop() }
        let client = served.client
        let page = try await client.post("/products/alllist", json: Array("{\"index\":1}".utf8))
        #expect(page.status.code == 200)
        #expect(page.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(String(decoding: page.body, as: UTF8.self).hasPrefix(
            "[{\"product_id\":16,\"product_name\":\"Item 16\",\"original_price\":1000,\"Product_Images\":[{\"image_id\":16}],"
                + "\"Product_UpDown\":{\"state\":true},\"Product_Price\":{\"auction_date\":\"2026-11-22\",\"price\":1160,\"beforePrice\":160},"
                + "\"end_time\":1800000000000,\"min_increment\":100,\"closed\":false,\"winner\":null,\"extensions\":0,"
                + "\"next_minimum\":1260}"))  // 1,160 + the lot's own increment 100
        let end = try await client.post("/products/alllist", json: Array("{\"index\":2}".utf8))
        #expect(end.status.code == 201)
        #expect(end.body.isEmpty)
        let price = try await client.post("/products/currentproductprice", json: Array("{\"product_id\":3}".utf8))
        #expect(String(decoding: price.body, as: UTF8.self)
            == "{\"product_id\":3,\"beforePrice\":30,\"price\":1030,\"checkUpDown\":{\"state\":true},\"auction_date\":\"2026-11-22\"}")
        let detail = try await client.post("/products/detailproduct", json: Array("{\"product_id\":3}".utf8))
        let json = try JSONValue.parse(detail.body)
        #expect(json.objectValue?.keys == ["DetailProductInfo", "DetailProductImages", "DetailProductUser", "DetailProductComment", "DetailProductGraph"])
        #expect(json["DetailProductUser"]?["user_id"] == .string("1"))
        #expect(json["DetailProductComment"]?["registerTime"] == .string("2023-11-14T22:13:20.000Z"))
        let health = try await client.get("/health")
        #expect(health.status.code == 200)
    }

    @Test func answersFailuresAsTheOriginalDoes() async throws {
        let served = try serve(count: 5)
        defer { served.stop() }
        let client = served.client
        let missingImage = try await client.post("/products/productimage", json: Array("{\"image_id\":2}".utf8))
        #expect(missingImage.status.code == 201)
        #expect(missingImage.body.isEmpty)
        let bad = try await client.post("/products/alllist", json: Array("{\"page\":1}".utf8))
        #expect(bad.status.code == 400)
        #expect(CatalogueErrorBody(body: bad.body)?.error == "expected a JSON body like {\"index\": 0}")
        let unknown = try await client.post("/products/detailproduct", json: Array("{\"product_id\":99}".utf8))
        #expect(unknown.status.code == 404)
        #expect(try await client.get("/products/alllist").status.code == 405)
        await #expect(throws: AuctionError.notFound("product 99")) { try await served.repository.detail(of: 99) }
    }

    @Test func offloadedReadsRunWhereTheOffloadPutsThem() async throws {
        let jobs = Mutex(0)
        let queue = DispatchQueue(label: "catalogue-readers")
        let served = try serve(count: 30, offload: { job in
            jobs.withLock { $0 += 1 }
            queue.async(execute: job)
            return true
        })
        defer { served.stop() }
        let pages = try await LoadCatalogue(products: served.repository).all()
        let stated = Self.statedProducts(served.catalogue)
        #expect(pages.flatMap(\.products) == stated)
        #expect(try await served.repository.detail(of: 7).product == stated[6])
        #expect(try await served.repository.image(1) == [0x89, 0x50, 0x4E, 0x47])
        #expect(jobs.withLock { $0 } == pages.count + 1 + 2)  // two full pages, the 201 past the end, detail, image
    }

    @Test func aRefusedOffloadAnswers503WithRetryAfter() async throws {
        let served = try serve(count: 5, offload: { _ in false })
        defer { served.stop() }
        let busy = try await served.client.post("/products/detailproduct", json: Array("{\"product_id\":1}".utf8))
        #expect(busy.status.code == 503)
        #expect(busy.headers["Retry-After"] == "1")
        #expect(CatalogueErrorBody(body: busy.body)?.error == "the server is busy; try again in a moment")
        #expect(try await served.client.get("/health").status.code == 200)
    }

    /// The catalogue's products as the server states them: with the minimum next bid it adds
    /// (price + the lot's increment 100).
    fileprivate static func statedProducts(_ catalogue: MemoryCatalogue) -> [Product] {
        catalogue.details.map { detail in
            var product = detail.product
            product.nextMinimum = product.currentPrice + product.minimumIncrement!
            return product
        }
    }
}
