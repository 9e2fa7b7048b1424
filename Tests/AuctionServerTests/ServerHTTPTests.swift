import AuctionCore
import AuctionData
import AuctionImage
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct ServerHTTPTests {
    /// A demo-catalogue server and an HTTP client for it.
    final class Harness: Sendable {
        let fixture: ServerFixture
        let loop: EventLoop
        let http: HTTPClient

        init(clock: any TimeSource = SystemClock(), configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
            fixture = try ServerFixture(clock: clock, configure: configure)
            loop = try EventLoop.spawn(name: "test-http")
            http = HTTPClient(baseURL: try HTTPBaseURL(parsing: fixture.httpBase), loop: loop)
        }

        func post(_ path: String, _ body: String) async throws -> HTTPResponse {
            try await http.post(path, json: Array(body.utf8))
        }

        func json(_ response: HTTPResponse) throws -> JSONValue {
            try JSONValue.parse(response.body)
        }

        func stop() {
            loop.shutdown()
            fixture.stop()
        }
    }

    @Test func allListPagesFifteenProductsThenAnswers201() async throws {
        let harness = try Harness()
        defer { harness.stop() }
        var sizes: [Int] = []
        var ids: [Int64] = []
        var index = 0
        while true {
            let response = try await harness.post("/products/alllist", "{\"index\": \(index)}")
            if response.status == .created {
                #expect(response.body.isEmpty)
                break
            }
            #expect(response.status == .ok)
            let page = try harness.json(response).arrayValue ?? []
            sizes.append(page.count)
            ids += page.compactMap { $0["product_id"]?.intValue }
            index += 1
            if index > 10 { break }
        }

        #expect(sizes == [15, 15, 15, 15, 7])
        #expect(ids == (1...67).map(Int64.init))
    }

    @Test func listItemHasTheOriginalShape() async throws {
        let harness = try Harness()
        defer { harness.stop() }

        let first = try harness.json(try await harness.post("/products/alllist", #"{"index":0}"#)).arrayValue?.first

        let keys = first?.objectValue?.keys ?? []
        #expect(Array(keys.prefix(6)) == ["product_id", "product_name", "original_price", "Product_Images",
                                          "Product_UpDown", "Product_Price"])
        #expect(first?["Product_Images"]?.arrayValue?.first?["image_id"]?.intValue != nil)
        #expect(first?["Product_UpDown"]?["state"]?.boolValue != nil)
        #expect(first?["Product_Price"]?["price"]?.intValue != nil)
        #expect(first?["Product_Price"]?["beforePrice"]?.intValue != nil)
        #expect(first?["Product_Price"]?["auction_date"]?.stringValue?.count == 10)
    }

    @Test func detailAndCurrentPriceHaveTheOriginalShapes() async throws {
        let harness = try Harness()
        defer { harness.stop() }

        let detail = try harness.json(try await harness.post("/products/detailproduct", #"{"product_id":5}"#))
        #expect(detail["DetailProductInfo"]?["product_id"]?.intValue == 5)
        #expect(detail["DetailProductImages"]?["images"]?.arrayValue?.isEmpty == false)
        #expect(detail["DetailProductUser"]?["user_id"]?.stringValue != nil)
        #expect(detail["DetailProductUser"]?["user_name"]?.stringValue?.isEmpty == false)
        #expect(detail["DetailProductComment"]?["registerTime"]?.stringValue?.hasSuffix("Z") == true)
        #expect(detail["DetailProductComment"]?["original_price"]?.intValue != nil)
        #expect((detail["DetailProductGraph"]?["data"]?.arrayValue?.count ?? 0) >= 1)

        let price = try harness.json(try await harness.post("/products/currentproductprice", #"{"product_id":5}"#))
        #expect(price["product_id"]?.intValue == 5)
        #expect(price["price"]?.intValue != nil)
        #expect(price["beforePrice"]?.intValue != nil)
        #expect(price["checkUpDown"]?["state"]?.boolValue != nil)

        let missing = try await harness.post("/products/detailproduct", #"{"product_id":999}"#)
        #expect(missing.status == .notFound)
    }

    @Test func imagesAreValidPNGs() async throws {
        let harness = try Harness()
        defer { harness.stop() }
        let page = try harness.json(try await harness.post("/products/alllist", #"{"index":0}"#)).arrayValue ?? []
        let imageIDs = page.compactMap { $0["Product_Images"]?.arrayValue?.first?["image_id"]?.intValue }
        #expect(imageIDs.count == 15)

        for id in imageIDs.prefix(5) {
            let response = try await harness.post("/products/productimage", "{\"image_id\":\(id)}")
            #expect(response.status == .ok)
            #expect(response.headers["Content-Type"] == "image/png")
            let png = PNGCheck(response.body)
            #expect(png.hasSignature)
            #expect(png.width == 48 && png.height == 48)
            let image = try PNGDecoder().decode(response.body)
            #expect(image.width == 48 && image.height == 48)
            #expect(image.pixels.count == 48 * 48 * 4)
        }
        let none = try await harness.post("/products/productimage", #"{"image_id":999999}"#)
        #expect(none.status == .created)
        #expect(none.body.isEmpty)
    }

    @Test func healthAnswersOK() async throws {
        let harness = try Harness()
        defer { harness.stop() }

        let response = try await harness.http.get("/health")

        #expect(response.status == .ok)
        #expect(try harness.json(response)["status"]?.stringValue == "ok")
        #expect(try harness.json(response)["products"]?.intValue == 67)
    }

    @Test func badRequestsGetTheirStatusCodes() async throws {
        let clock = ManualClock(SystemClock().now())  // the request timeout passes when the test moves the clock
        let harness = try Harness(clock: clock, configure: {
            $0.httpSession.requestTimeoutMilliseconds = 300
            $0.httpSession.limits.bodyBytes = 1_024
        })
        defer { harness.stop() }
        let port = harness.fixture.addresses.http.port

        @Sendable func status(_ request: String) async throws -> String {
            let raw = try RawSocket(port: port)
            defer { raw.close() }
            if !request.isEmpty { raw.send(request) }
            let text = String(decoding: await raw.readToEnd().bytes, as: UTF8.self)
            return String(text.prefix { $0 != "\r\n" })  // CRLF is one Character
        }

        #expect(try await status("GARBAGE\r\n\r\n") == "HTTP/1.1 400 Bad Request")
        #expect(try await status("POST /products/alllist HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n")
            == "HTTP/1.1 413 Content Too Large")
        let bigHeader = "X-Filler: " + String(repeating: "a", count: 20_000) + "\r\n"
        #expect(try await status("GET /health HTTP/1.1\r\nHost: x\r\n" + bigHeader + "\r\n")
            == "HTTP/1.1 431 Request Header Fields Too Large")
        #expect(await clock.advancing(by: 100) { try? await status("POST /products/alllist HTTP/1.1\r\nHost: x\r\n") }
            == "HTTP/1.1 408 Request Timeout")
        #expect(try await status("POST /products/alllist HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc")
            == "HTTP/1.1 400 Bad Request")
        #expect(try await status("GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") == "HTTP/1.1 404 Not Found")
    }
}

/// The parts of a PNG file a test checks: the signature and the IHDR chunk's size.
struct PNGCheck {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var hasSignature: Bool {
        bytes.count > 33 && Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            && Array(bytes[12..<16]) == Array("IHDR".utf8)
    }

    var width: Int { hasSignature ? bigEndian(at: 16) : 0 }
    var height: Int { hasSignature ? bigEndian(at: 20) : 0 }

    private func bigEndian(at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
