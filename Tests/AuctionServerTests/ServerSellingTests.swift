import AuctionCore
import AuctionData
import AuctionImage
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Selling on a real server over loopback with a real SQLite file: `POST /products` (multipart with
/// real PNG, JPEG and WebP files, and JSON), every bad input of issue 12, edit and withdrawal rules,
/// `GET /me/selling`, and push 9 reaching a hello'd watcher but never an original-dialect one.
@Suite struct ServerSellingTests {
    typealias Running = ServerImageTests.Running

    static let boundary = "sell-boundary"
    static var demoCount: Int { DemoCatalogue.productCount }

    static func object(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    static func notices(_ messages: [ServerMessage]) -> [AuctionNotification] {
        messages.compactMap { if case .notification(let notice) = $0 { notice } else { nil } }
    }

    static func reason(_ response: HTTPResponse) -> String? { object(response)["reason"] as? String }

    static func sell(_ running: Running, fields: [(String, String)], images: [(String, [UInt8])] = [],
                     token: String? = nil) async throws -> HTTPResponse {
        var parts = fields.map { MultipartPart(name: $0.0, body: Array($0.1.utf8)) }
        parts += images.enumerated().map { MultipartPart(name: "image", filename: "photo\($0.offset)", contentType: $0.element.0,
                                                         body: $0.element.1) }
        var headers: HTTPHeaders = ["Content-Type": "multipart/form-data; boundary=\(boundary)"]
        if let token = token ?? Optional(running.token), !token.isEmpty { headers.add(name: "Authorization", value: "Bearer " + token) }
        return try await running.http.send(HTTPRequest(method: .post, target: "/products", headers: headers,
                                                       body: MultipartFormData(parts: parts).serialized(boundary: boundary)))
    }

    static func request(_ running: Running, _ method: HTTPMethod, _ target: String, json: String? = nil,
                        token: String? = nil) async throws -> HTTPResponse {
        var headers: HTTPHeaders = ["Authorization": "Bearer " + (token ?? running.token)]
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        return try await running.http.send(HTTPRequest(method: method, target: target, headers: headers, body: Array((json ?? "").utf8)))
    }

    static func register(_ running: Running, _ name: String) async throws -> String {
        let registered = try await running.http.post("/users/register", json: AccountDTO.credentialsBody(name: name, password: "correct horse"))
        return try #require(AccountDTO.session(from: registered.body)).token
    }

    static func count(_ running: Running, _ sql: String) throws -> Int {
        let database = try SQLiteDatabase(path: running.directory.file("auction.sqlite"), options: [.readOnly])
        defer { database.close() }
        return Int(try database.scalarInteger(sql) ?? -1)
    }

    static func detail(_ running: Running, _ id: Int) async throws -> [String: Any] {
        let answer = try await running.http.post("/products/detailproduct", json: Array("{\"product_id\": \(id)}".utf8))
        return (object(answer)["DetailProductInfo"] as? [String: Any]) ?? [:]
    }

    static func detailPart(_ running: Running, _ id: Int, _ part: String) async throws -> [String: Any] {
        let answer = try await running.http.post("/products/detailproduct", json: Array("{\"product_id\": \(id)}".utf8))
        return (object(answer)[part] as? [String: Any]) ?? [:]
    }

    static func lastPage(_ running: Running) async throws -> [[String: Any]] {
        var index = 0, last: [[String: Any]] = []
        while true {
            let page = try await running.http.post("/products/alllist", json: Array("{\"index\": \(index)}".utf8))
            guard page.status == .ok, let items = try JSONSerialization.jsonObject(with: Data(page.body)) as? [[String: Any]] else {
                return last
            }
            last = items
            index += 1
        }
    }

    static let valid: [(String, String)] = [("name", "Brass lamp"), ("description", "Works.\u{1B}[31m"), ("start_price", "1000"),
                                            ("duration_seconds", "3600")]

    @Test func createsLotsWithImagesOfEachFormatAndListsThemAtOnce() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let image = ServerImageTests.picture(24)
        let png = try PNGEncoder.encode(image), jpeg = try JPEGEncoder.encode(image)
        let webp = try WebPEncoder.encode(image, lossless: false)
        let created = try await Self.sell(running, fields: Self.valid + [("reserve", "5000"), ("buy_now", "9000")],
                                          images: [("image/png", png), ("image/jpeg", jpeg), ("image/webp", webp)])
        #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
        let id = try #require(Self.object(created)["id"] as? Int)
        #expect(id == Self.demoCount + 1)
        let detail = try await Self.detail(running, id)
        #expect(detail["seller"] as? String == "seller")
        #expect((try await Self.detailPart(running, id, "DetailProductImages")["images"] as? [Any])?.count == 3)
        #expect(detail["reserve_met"] as? Bool == false)
        #expect(detail["buy_now_price"] as? Int == 9000)
        let listed = try await Self.lastPage(running)
        #expect(listed.last?["product_id"] as? Int == id)
        #expect(listed.last?["seller"] as? String == "seller")

        // JSON with an image uploaded first.
        let hash = try #require(ServerImageTests.field(try await running.upload(jpeg, type: "image/jpeg"), "hash"))
        let json = try await Self.request(running, .post, "/products", json: """
            {"name":"Teapot","start_price":500,"ends_at":\(SystemClock().now().millisecondsSinceEpoch + 7_200_000),"image_hashes":["\(hash)"]}
            """)
        #expect(json.status == .created, "\(String(decoding: json.body, as: UTF8.self))")
        #expect(Self.object(json)["id"] as? Int == id + 1)
        #expect(try Self.count(running, "SELECT COUNT(*) FROM image_blobs") == 3)  // the JPEG is stored once
        #expect(try Self.count(running, "SELECT COUNT(*) FROM products WHERE seller_id IS NOT NULL") == 2)
    }

    @Test func refusesEveryBadInputAndCreatesNothing() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let png = try PNGEncoder.encode(ServerImageTests.picture(16))
        func replacing(_ key: String, _ value: String?) -> [(String, String)] {
            Self.valid.filter { $0.0 != key } + (value.map { [(key, $0)] } ?? [])
        }
        let now = SystemClock().now().millisecondsSinceEpoch
        let cases: [([(String, String)], [(String, [UInt8])], Int, String)] = [
            (replacing("name", ""), [], 400, "invalid_name"),
            (replacing("name", String(repeating: "n", count: 121)), [], 400, "invalid_name"),
            (replacing("description", String(repeating: "d", count: 10_001)), [], 400, "invalid_description"),
            (replacing("start_price", "-5"), [], 400, "invalid_price"),
            (replacing("start_price", "0"), [], 400, "invalid_price"),
            (replacing("start_price", "99999999999999999999999"), [], 400, "invalid_price"),
            (replacing("start_price", "2000000000000000"), [], 400, "invalid_price"),
            (Self.valid + [("reserve", "999")], [], 400, "reserve_below_start"),
            (Self.valid + [("buy_now", "10")], [], 400, "buy_now_below_start"),
            (replacing("duration_seconds", "59"), [], 400, "invalid_end_time"),
            (replacing("duration_seconds", String(30 * 86_400 + 1)), [], 400, "invalid_end_time"),
            (replacing("duration_seconds", nil) + [("ends_at", String(now - 1_000))], [], 400, "invalid_end_time"),
            (Self.valid, [("image/png", Array(png.prefix(png.count / 2)))], 400, "corrupt_image"),
            (Self.valid, [("image/jpeg", png)], 415, "mislabelled_image"),
            (Self.valid, Array(repeating: ("image/png", png), count: 11), 413, "too_many_images"),
            (Self.valid + [("image_hashes", String(repeating: "b", count: 64))], [], 400, "unknown_image"),
        ]
        for (fields, images, status, reason) in cases {
            let answer = try await Self.sell(running, fields: fields, images: images)
            #expect(answer.status.code == status, "\(reason): \(String(decoding: answer.body, as: UTF8.self))")
            #expect(Self.reason(answer) == reason)
        }
        let anonymous = try await Self.sell(running, fields: Self.valid, token: "")
        #expect(anonymous.status.code == 401)
        #expect(Self.reason(anonymous) == "unauthenticated")
        #expect(try Self.count(running, "SELECT COUNT(*) FROM products") == Self.demoCount)
        #expect(try Self.count(running, "SELECT COUNT(*) FROM image_blobs") == 0)
        #expect(try await Self.lastPage(running).last?["product_id"] as? Int == Self.demoCount)
    }

    @Test func refusesA50MegabyteLotFromItsHeadAlone() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let port = running.addresses.http.port, token = running.token
        let status = await offPool { () -> String in
            let fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 30)
            guard fd >= 0 else { return "no connection" }
            defer { close(fd) }
            let head = Array(("POST /products HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: \(60 << 20)\r\n\r\n").utf8)
            _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
        }
        #expect(status == "HTTP/1.1 413 Content Too Large")
        #expect(try Self.count(running, "SELECT COUNT(*) FROM products") == Self.demoCount)
    }

    @Test func onlyTheSellerEditsOrWithdrawsAndBidsLockTheTerms() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let other = try await Self.register(running, "someone-else")
        let first = try #require(Self.object(try await Self.sell(running, fields: Self.valid + [("reserve", "5000")]))["id"] as? Int)
        let second = try #require(Self.object(try await Self.sell(running, fields: Self.valid))["id"] as? Int)

        let foreign = try await Self.request(running, .delete, "/products/\(first)", token: other)
        #expect(foreign.status.code == 403 && Self.reason(foreign) == "not_seller")
        #expect(Self.reason(try await Self.request(running, .patch, "/products/\(first)", json: "{\"name\":\"x\"}", token: other))
                == "not_seller")
        #expect(Self.reason(try await Self.request(running, .delete, "/products/1")) == "not_seller")  // the demo's lot
        #expect(Self.reason(try await Self.request(running, .delete, "/products/99999")) == "unknown_product")

        // A bid by someone else locks the start price, the end and raising the reserve.
        let socket = try RawSocket(port: running.addresses.socket.port)
        defer { socket.close() }
        let replies = await socket.exchange([ClientMessage.testHello, .login(token: other),
                                             .bid(Bid(productID: ProductID(first), price: Money(2_000)), userID: nil)])
        #expect(replies.last??.result == true, "\(replies)")
        #expect(try await eventually { try Self.count(running, "SELECT COUNT(*) FROM bids WHERE product_id = \(first)") == 1 })

        let withdraw = try await Self.request(running, .delete, "/products/\(first)")
        #expect(withdraw.status.code == 409 && Self.reason(withdraw) == "has_bids")
        for body in ["{\"start_price\":1500}", "{\"duration_seconds\":7200}", "{\"reserve\":6000}"] {
            let locked = try await Self.request(running, .patch, "/products/\(first)", json: body)
            #expect(locked.status.code == 409 && Self.reason(locked) == "locked_by_bids", "\(body)")
        }
        let lower = try await Self.request(running, .patch, "/products/\(first)", json: "{\"reserve\":1500,\"name\":\"Brass lamp, polished\"}")
        #expect(lower.status == .ok, "\(String(decoding: lower.body, as: UTF8.self))")
        let detail = try await Self.detail(running, first)
        #expect(try await Self.detailPart(running, first, "DetailProductComment")["product_name"] as? String == "Brass lamp, polished")
        #expect(detail["reserve_met"] as? Bool == true)
        #expect(Self.reason(try await Self.request(running, .patch, "/products/\(second)", json: "{\"reserve\":10}"))
                == "reserve_below_start")
        let hash = try #require(ServerImageTests.field(
            try await running.upload(PNGEncoder.encode(ServerImageTests.picture(12)), type: "image/png"), "hash"))
        let pictured = try await Self.request(running, .patch, "/products/\(first)", json: "{\"image_hashes\":[\"\(hash)\"]}")
        #expect(pictured.status == .ok)
        let listedImages = try await Self.lastPage(running).first { $0["product_id"] as? Int == first }?["Product_Images"] as? [Any]
        #expect(listedImages?.count == 1)

        // Withdrawing the lot without bids: gone from lists, its detail says so, bids refused.
        let withdrawn = try await Self.request(running, .delete, "/products/\(second)")
        #expect(withdrawn.status == .ok)
        #expect(try await Self.lastPage(running).contains { $0["product_id"] as? Int == second } == false)
        #expect(try await Self.detail(running, second)["withdrawn"] as? Bool == true)
        let refused = await socket.exchange([.bid(Bid(productID: ProductID(second), price: Money(5_000)), userID: nil)], first: 10)
        #expect(refused.first??.reason == .withdrawn)

        let selling = try await Self.request(running, .get, "/me/selling")
        let lots = try #require(Self.object(selling)["lots"] as? [[String: Any]])
        #expect(lots.map { $0["status"] as? String } == ["withdrawn", "open"])
        #expect(lots.last?["bid_count"] as? Int == 1)
        #expect(lots.last?["current_price"] as? Int == 2_000)
        #expect(lots.last?["reserve_met"] as? Bool == true)
        #expect(Self.reason(try await Self.request(running, .get, "/me/selling", token: "forged")) == "unauthenticated")
    }

    @Test func pushesListedToHelloedWatchersWhosePagesIncludeTheLotOnly() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let lastPage = (Self.demoCount - 1) / ProductPage.size
        var features = ProtocolFeature.understoodByClient
        features.append(.lots)
        let hello = ClientMessage.hello(WireHello(client: "test", version: "0", features: features))
        let watcher = try RawSocket(port: running.addresses.socket.port)
        let firstPageOnly = try RawSocket(port: running.addresses.socket.port)
        let original = try RawSocket(port: running.addresses.socket.port)
        defer { watcher.close(); firstPageOnly.close(); original.close() }
        #expect(await watcher.exchange([hello, .listState(stateNumber: lastPage)]).count == 2)
        #expect(await firstPageOnly.exchange([hello, .listState(stateNumber: 0)]).count == 2)
        #expect(await original.exchange([.listState(stateNumber: lastPage)]).count == 1)

        let id = try #require(Self.object(try await Self.sell(running, fields: Self.valid))["id"] as? Int)
        let pushed = await watcher.readMessages { messages in
            messages.contains { if case .lot = $0 { true } else { false } }
        }
        let event = try #require(pushed.compactMap { if case .lot(let event) = $0 { event } else { nil } }.first)
        #expect(event.kind == .listed && event.productID == ProductID(id))
        #expect(try event.listItem()?.productName == "Brass lamp")
        // The others get no push 9 before the reply to their next request.
        for socket in [firstPageOnly, original] {
            var frame = ClientMessage.listState(stateNumber: 0).frame
            frame.completionID = 9
            socket.send(FrameEncoder.encode(frame))
            let seen = await socket.readMessages { messages in messages.contains { if case .reply = $0 { true } else { false } } }
            #expect(seen.contains { if case .reply = $0 { true } else { false } })
            #expect(!seen.contains { if case .lot = $0 { true } else { false } })
        }
    }

    @Test func theSellerIsToldOfEachBidAndOfTheSale() async throws {
        let clock = ManualClock(SystemClock().now())
        let directory = try TemporaryDirectory()
        let server = AuctionHouseServer(configuration: .ephemeral(databasePath: directory.file("auction.sqlite")), log: .silent,
                                        clock: clock)
        let addresses = try server.start()
        let loop = try EventLoop.spawn(name: "test-selling")
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL),
                              configuration: .init(responseTimeoutMilliseconds: 60_000), loop: loop)
        let token = try #require(AccountDTO.session(from: try await http.post(
            "/users/register", json: AccountDTO.credentialsBody(name: "seller", password: "correct horse")).body)).token
        let running = Running(directory: directory, server: server, addresses: addresses, loop: loop, http: http, token: token)
        defer { running.stop() }
        let buyer = try await Self.register(running, "buyer")
        let id = try #require(Self.object(try await Self.sell(running, fields: Self.valid.filter { $0.0 != "duration_seconds" }
                                                                + [("duration_seconds", "600")]))["id"] as? Int)
        let seller = try RawSocket(port: addresses.socket.port), bidder = try RawSocket(port: addresses.socket.port)
        defer { seller.close(); bidder.close() }
        let hello = ClientMessage.hello(WireHello(client: "test", version: "0", features: [.notifications, .closing]))
        #expect(await seller.exchange([hello, .login(token: token)]).map { $0?.result } == [true, true])
        let bid = await bidder.exchange([hello, .login(token: buyer), .bid(Bid(productID: ProductID(id), price: Money(1_500)), userID: nil)])
        #expect(bid.last??.result == true, "\(bid)")
        let toldOfBid = Self.notices(await seller.readMessages { Self.notices($0).contains { $0.kind == .bid } })
        #expect(toldOfBid.map(\.kind) == [.bid])
        #expect(toldOfBid.first?.price == 1_500 && toldOfBid.first?.productID == ProductID(id))

        clock.advance(milliseconds: 601_000)
        let toldOfSale = Self.notices(await seller.readMessages { Self.notices($0).contains { $0.kind == .sold } })
        #expect(toldOfSale.map(\.kind) == [.sold])
        #expect(toldOfSale.first?.price == 1_500)
        #expect(try await eventually { try Self.count(running, "SELECT COUNT(*) FROM notifications WHERE kind IN ('bid', 'sold')") == 2 })
        let settled = await eventually {
            (try? Self.count(running, "SELECT COUNT(*) FROM products WHERE id = \(id) AND closed_at IS NOT NULL")) == 1
        }
        #expect(settled)
        let after = try #require(Self.object(try await Self.request(running, .get, "/me/selling"))["lots"] as? [[String: Any]])
        #expect(after.first?["status"] as? String == "sold")
        #expect(after.first?["winner"] as? String == "buyer")
        #expect(after.first?["final_price"] as? Int == 1_500)
    }
}
