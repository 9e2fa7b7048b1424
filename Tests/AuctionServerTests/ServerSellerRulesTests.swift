import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// The rules a seller cannot bend, on a real server with a real SQLite file: no bid or buy on their
/// own lot (`own_lot`), and a seller's change racing a bid over real HTTP and a real socket never
/// both succeed (checked in the store after every round).
@Suite struct ServerSellerRulesTests {
    typealias Running = ServerImageTests.Running

    /// A lot listed by the running server's seller (JSON body); its id.
    static func sell(_ running: Running, extra: String = "") async throws -> Int {
        let created = try await ServerSellingTests.request(running, .post, "/products", json: """
            {"name":"Brass lamp","start_price":1000,"duration_seconds":3600\(extra)}
            """)
        #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
        return try #require(ServerSellingTests.object(created)["id"] as? Int)
    }

    /// A stored product's row: withdrawn, bid count, start and current price.
    static func stored(_ running: Running, _ id: Int) throws -> Row {
        let database = try SQLiteDatabase(path: running.directory.file("auction.sqlite"), options: [.readOnly])
        defer { database.close() }
        let rows = try database.query("SELECT withdrawn_at IS NOT NULL, bid_count, start_price, current_price FROM products WHERE id = ?",
                                      [.integer(Int64(id))]) { ($0.int64(0) != 0, $0.int64(1), $0.int64(2), $0.int64(3)) }
        return try #require(rows.first)
    }

    /// A socket client logged in as a newly registered user (`token`: as that user again).
    static func bidder(_ running: Running, _ name: String, token: String? = nil) async throws -> TestClient {
        var session = token ?? ""
        if token == nil { session = try await ServerSellingTests.register(running, name) }
        let client = try TestClient(port: running.addresses.socket.port)
        #expect(try await client.request(.login(token: session)).result)
        return client
    }

    /// A new connection of the same user every 50 rounds: the rounds stay under the per-connection bid rate.
    static func racer(_ running: Running, round: Int, current: inout TestClient?, token: String) async throws -> TestClient {
        if let current, round % 50 != 0 { return current }
        current?.close()
        let fresh = try await bidder(running, "", token: token)
        current = fresh
        return fresh
    }

    @Test func aSellerCanNeitherBidOnNorBuyTheirOwnLotNorRaiseAProxy() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let id = try await Self.sell(running, extra: ",\"buy_now\":50000")
        let seller = try TestClient(port: running.addresses.socket.port)
        let honest = try await ServerSellingTests.register(running, "honest")
        let other = try await Self.bidder(running, "", token: honest)
        defer { seller.close(); other.close() }
        #expect(try await seller.request(.login(token: running.token)).result)

        // Before any bid: a plain bid, a proxy maximum and a buy-now of their own lot are refused.
        let plain = try await seller.bid(id, 2_000)
        #expect(!plain.result && plain.reason == .ownLot, "\(plain)")
        let proxy = try await seller.request(.bid(Bid(productID: ProductID(id), price: 2_000, maximum: Money(30_000)), userID: nil))
        #expect(!proxy.result && proxy.reason == .ownLot)
        let buy = try await seller.request(.buyNow(ProductID(id), idempotencyKey: nil))
        #expect(!buy.result && buy.reason == .ownLot)

        // Another bidder's proxy leads at 2,000 with 20,500 secret: the seller's bid cannot push it up.
        let leading = try await other.request(.bid(Bid(productID: ProductID(id), price: 2_000, maximum: Money(20_500)), userID: nil))
        #expect(leading.result)
        let shill = try await seller.bid(id, 3_000)
        #expect(!shill.result && shill.reason == .ownLot && shill.price == 2_000)
        #expect(try Self.stored(running, id).current == 2_000)
        #expect(try Self.stored(running, id).bids == 1)
        #expect(try ServerSellingTests.count(running, "SELECT COUNT(*) FROM products WHERE bought_at IS NOT NULL") == 0)
        // Another seller's lot is open to the seller as to anyone.
        let theirs = try await ServerSellingTests.request(running, .post, "/products",
                                                          json: "{\"name\":\"Teapot\",\"start_price\":1000,\"duration_seconds\":3600}",
                                                          token: honest)
        let theirID = try #require(ServerSellingTests.object(theirs)["id"] as? Int)
        #expect(try await seller.bid(theirID, 2_000).result)
        #expect(try await other.bid(theirID, 3_000).reason == .ownLot)
    }

    /// A stored product's row.
    typealias Row = (withdrawn: Bool, bids: Int64, start: Int64, current: Int64)

    /// 200 rounds: a lot listed, then the seller's `change` of it over HTTP and a bid of 2,000 by another
    /// user over the socket sent together; `check` gets the change's answer, the bid's reply and the
    /// stored row of every round.
    static func race(_ change: @escaping @Sendable (Running, Int) async throws -> HTTPResponse,
                     check: (Int, HTTPResponse, WireReply, Row) -> Void) async throws {
        // One seller lists a lot a round: the hourly and open-lot bounds are not under test here.
        let running = try await Running.start { $0.uploads.lotsPerHour = 10_000; $0.uploads.maximumOpenLots = 10_000 }
        defer { running.stop() }
        let token = try await ServerSellingTests.register(running, "racer")
        var connection: TestClient?
        defer { connection?.close() }
        for round in 0..<200 {
            let bidder = try await Self.racer(running, round: round, current: &connection, token: token)
            let id = try await Self.sell(running)
            async let changed = change(running, id)
            async let bid = bidder.bid(id, 2_000)
            let (answer, reply) = try await (changed, bid)
            check(round, answer, reply, try Self.stored(running, id))
        }
    }

    @Test func aWithdrawalAndABidSentTogetherNeverBothSucceed() async throws {
        try await Self.race({ running, id in try await ServerSellingTests.request(running, .delete, "/products/\(id)") }) {
            round, change, reply, row in
            if change.status == .ok {
                #expect(!reply.result && reply.reason == .withdrawn, "round \(round): \(reply)")
                #expect(row.withdrawn && row.bids == 0, "round \(round): \(row)")
            } else {
                #expect(change.status.code == 409 && ServerSellingTests.reason(change) == "has_bids", "round \(round)")
                #expect(reply.result, "round \(round): \(reply)")
                #expect(!row.withdrawn && row.bids == 1, "round \(round): \(row)")
            }
        }
    }

    @Test func aStartPriceRaiseAndABidSentTogetherNeverBothSucceed() async throws {
        try await Self.race({ running, id in
            try await ServerSellingTests.request(running, .patch, "/products/\(id)", json: "{\"start_price\":900000}")
        }) { round, change, reply, row in
            if change.status == .ok {
                // The change won: the bid was decided on the new start price.
                #expect(!reply.result && reply.reason == .priceTooLow, "round \(round): \(reply)")
                #expect(row.start == 900_000 && row.current == 900_000 && row.bids == 0, "round \(round): \(row)")
            } else {
                #expect(change.status.code == 409 && ServerSellingTests.reason(change) == "locked_by_bids", "round \(round)")
                #expect(reply.result, "round \(round): \(reply)")
                #expect(row.start == 1_000 && row.current == 2_000 && row.bids == 1, "round \(round): \(row)")
            }
        }
    }

    @Test func moneyOverHTTPIsAWholeNumberWrittenAsOneAsOnTheSocket() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        for field in ["start_price", "reserve", "buy_now"] {
            for number in ["100.0", "2E2", "2e3", "1500.5"] {
                let body = field == "start_price" ? "{\"name\":\"Lamp\",\"start_price\":\(number),\"duration_seconds\":3600}"
                    : "{\"name\":\"Lamp\",\"start_price\":100,\"\(field)\":\(number),\"duration_seconds\":3600}"
                let created = try await ServerSellingTests.request(running, .post, "/products", json: body)
                #expect(created.status.code == 400 && ServerSellingTests.reason(created) == "invalid_price", "\(field) \(number)")
                #expect((ServerSellingTests.object(created)["error"] as? String)?.contains("whole number") == true)
            }
        }
        #expect(try ServerSellingTests.count(running, "SELECT COUNT(*) FROM products WHERE seller_id IS NOT NULL") == 0)
        let id = try await Self.sell(running)
        for body in ["{\"start_price\":2E3}", "{\"reserve\":5000.0}", "{\"buy_now\":9E3}"] {
            let edited = try await ServerSellingTests.request(running, .patch, "/products/\(id)", json: body)
            #expect(edited.status.code == 400 && ServerSellingTests.reason(edited) == "invalid_price", "\(body)")
        }
        #expect(try Self.stored(running, id).start == 1_000)
        // Integers written as integers still pass.
        let fine = try await ServerSellingTests.request(running, .patch, "/products/\(id)", json: "{\"start_price\":2000,\"reserve\":5000}")
        #expect(fine.status == .ok)
    }
}
