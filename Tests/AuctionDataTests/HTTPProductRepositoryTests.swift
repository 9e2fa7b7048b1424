import AuctionCore
import AuctionData
import AuctionInfrastructure
import Glibc
import Testing

/// A stand-in for the original backend on an ephemeral loopback port, answering in its shapes.
private struct OriginalBackend {
    let loop: EventLoop
    let server: HTTPServer
    let detailCalls = Mutex(0)
    let priceCalls = Mutex(0)

    /// Serves `productCount` products, 15 a page, `201` past the end.
    init(productCount: Int, userID: String = "\"1\"", ourPriceFields: Bool = false) throws {
        loop = try EventLoop.spawn(name: "original-backend")
        let priceCalls = self.priceCalls
        var router = HTTPRouter()
        router.on(.post, "/products/alllist") { request in
            guard let index = try? CatalogueRequest(key: "index", body: request.body).value else {
                return HTTPResponse(status: .badRequest, contentType: "application/json",
                                    body: CatalogueErrorBody(error: "bad index").body)
            }
            guard index * 15 < productCount else { return HTTPResponse(status: .created) }
            let ids = (index * 15 + 1)...min(productCount, index * 15 + 15)
            let items = ids.map { id in
                ProductListItemDTO(productID: id, productName: "Product \(id)", originalPrice: 1_000, imageIDs: [id * 10],
                                   upDownState: true, price: ProductPriceDTO(auctionDate: "2023-02-11", price: Int64(1_000 + id), beforePrice: Int64(id)))
            }
            return HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: ProductListItemDTO.pageBody(items))
        }
        router.on(.post, "/products/detailproduct") { request in
            let id = (try? CatalogueRequest(key: "product_id", body: request.body).value) ?? 0
            guard (1...productCount).contains(id) else {
                return HTTPResponse(status: .ok, contentType: "application/json", body: Array("{\"DetailProductInfo\":null}".utf8))
            }
            let info = ourPriceFields ? "{\"product_id\":\(id),\"price\":9000,\"beforePrice\":100,\"state\":true,\"end_time\":1800000000000}"
                : "{\"product_id\":\(id)}"
            let body = """
                {"DetailProductInfo":\(info),"DetailProductImages":{"images":[{"image_id":12}]},\
                "DetailProductUser":{"user_id":\(userID),"user_name":"seller","User_Images":[{"image_id":1}]},\
                "DetailProductComment":{"product_name":"Product \(id)","registerTime":"2023-02-01T10:00:00.000Z",\
                "comment":"a fine thing","original_price":1000},\
                "DetailProductGraph":{"data":[{"auction_date":"2023-02-10","price":1000},{"auction_date":"2023-02-11","price":1500}]}}
                """
            return HTTPResponse(status: .ok, contentType: "application/json", body: Array(body.utf8))
        }
        router.on(.post, "/products/currentproductprice") { request in
            priceCalls.withLock { $0 += 1 }
            let id = (try? CatalogueRequest(key: "product_id", body: request.body).value) ?? 0
            return HTTPResponse(status: .ok, contentType: "application/json",
                                body: Array("{\"product_id\":\(id),\"beforePrice\":500,\"price\":2000,\"checkUpDown\":{\"state\":true}}".utf8))
        }
        router.on(.post, "/products/productimage") { request in
            let id = (try? CatalogueRequest(key: "image_id", body: request.body).value) ?? 0
            guard id == 12 else { return HTTPResponse(status: .created) }
            return HTTPResponse(status: .ok, contentType: "image/png", body: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
        server = try HTTPServer.start(on: loop, router: router)
    }

    var repository: HTTPProductRepository {
        get throws { try HTTPProductRepository(baseURL: "http://127.0.0.1:\(server.address.port)", loop: loop) }
    }

    func stop() {
        server.close()
        loop.shutdown()
    }
}

@Suite struct HTTPProductRepositoryTests {
    @Test func readsPagesUntilThe201End() async throws {
        let backend = try OriginalBackend(productCount: 40)
        defer { backend.stop() }
        let repository = try backend.repository
        let first = try #require(try await repository.page(0))
        #expect(first.index == 0)
        #expect(first.products.map(\.id.rawValue) == Array(1...15))
        #expect(first.products[4].currentPrice == 1_005)
        #expect(first.products[4].lastChange == 5)
        #expect(first.products[4].imageIDs == [50])
        #expect(try await repository.page(2)?.products.count == 10)
        #expect(try await repository.page(3) == nil)
        let all = try await LoadCatalogue(products: repository).all()
        #expect(all.flatMap(\.products).count == 40)
    }

    @Test func readsAPageOfExactlyFifteenThenStopsAt201() async throws {
        let backend = try OriginalBackend(productCount: 30)
        defer { backend.stop() }
        let all = try await LoadCatalogue(products: backend.repository).all()
        #expect(all.map(\.products.count) == [15, 15])
    }

    @Test func readsTheDetailWithUserIDAsStringOrNumber() async throws {
        for userID in ["\"1\"", "1"] {
            let backend = try OriginalBackend(productCount: 20, userID: userID)
            defer { backend.stop() }
            let detail = try await backend.repository.detail(of: 5)
            #expect(detail.product.name == "Product 5")
            #expect(detail.sellerName == "seller")
            #expect(detail.description == "a fine thing")
            #expect(detail.priceHistory.map(\.price) == [1_000, 1_500])
            #expect(detail.product.currentPrice == 2_000)  // from currentproductprice
            #expect(detail.product.lastChange == 500)
            #expect(backend.priceCalls.withLock { $0 } == 1)
        }
    }

    @Test func usesOurPriceFieldsWithoutASecondRequest() async throws {
        let backend = try OriginalBackend(productCount: 20, ourPriceFields: true)
        defer { backend.stop() }
        let detail = try await backend.repository.detail(of: 5)
        #expect(detail.product.currentPrice == 9_000)
        #expect(detail.product.endsAt == Timestamp(millisecondsSinceEpoch: 1_800_000_000_000))
        #expect(backend.priceCalls.withLock { $0 } == 0)
    }

    @Test func reportsAnUnknownProductAsNotFound() async throws {
        let backend = try OriginalBackend(productCount: 20)
        defer { backend.stop() }
        await #expect(throws: AuctionError.notFound("product 99")) { try await backend.repository.detail(of: 99) }
    }

    @Test func readsImagesAndTreats201AsNotFound() async throws {
        let backend = try OriginalBackend(productCount: 20)
        defer { backend.stop() }
        #expect(try await backend.repository.image(12).prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        await #expect(throws: AuctionError.notFound("image 13")) { try await backend.repository.image(13) }
    }

    @Test func reportsTheServersErrorMessage() async throws {
        let loop = try EventLoop.spawn(name: "failing-backend")
        defer { loop.shutdown() }
        var router = HTTPRouter()
        router.on(.post, "/products/alllist") { _ in
            HTTPResponse(status: .badRequest, contentType: "application/json", body: CatalogueErrorBody(error: "database down").body)
        }
        router.on(.post, "/products/detailproduct") { _ in .text(.ok, "<html>not json</html>") }
        let server = try HTTPServer.start(on: loop, router: router)
        defer { server.close() }
        let repository = try HTTPProductRepository(baseURL: "http://127.0.0.1:\(server.address.port)", loop: loop)
        await #expect(throws: AuctionError.server(status: 400, message: "database down")) { try await repository.page(0) }
        await #expect {
            try await repository.detail(of: 1)
        } throws: { error in
            if case .protocolViolation = error as? AuctionError { true } else { false }
        }
    }

    @Test func saysWhichAddressCannotBeReachedAndWhy() async throws {
        let loop = try EventLoop.spawn(name: "nobody-home")
        defer { loop.shutdown() }
        let (fd, port) = refusingHTTPPort()
        defer { close(fd) }
        let repository = try HTTPProductRepository(baseURL: "http://127.0.0.1:\(port)", loop: loop)
        await #expect(throws: AuctionError.unreachable(address: "127.0.0.1:\(port)", detail: "connection refused")) {
            try await repository.page(0)
        }
        let error = HTTPError.unreachable(address: "127.0.0.1:3100", detail: "connection refused")
        #expect(error.description == "cannot reach 127.0.0.1:3100: connection refused")
    }

    @Test func refusesABaseURLItCannotUse() throws {
        let loop = try EventLoop.spawn(name: "bad-url")
        defer { loop.shutdown() }
        #expect(throws: AuctionError.self) { try HTTPProductRepository(baseURL: "ftp://example.org", loop: loop) }
    }
}

/// A port on 127.0.0.1 that refuses connections while the returned descriptor stays open
/// (bound, not listening: no parallel test's listener can take it meanwhile).
private func refusingHTTPPort() -> (fd: CInt, port: Int) {
    let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}
