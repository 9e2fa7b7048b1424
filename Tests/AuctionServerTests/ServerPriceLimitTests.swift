import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 8: one absurd bid must not crash the server, and a store holding one must not stop it.
@Suite struct ServerPriceLimitTests {
    static func anonymous(_ configuration: inout ServerConfiguration) { configuration.allowAnonymousBids = true }

    @Test func absurdBidsAreRefusedWithTheirReasonAndNothingIsStored() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 15), configure: {
            $0.allowAnonymousBids = true
            $0.simulation = .steady(bidsPerSecond: 200)
        })
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        let huge = try await client.bid(3, 9_223_372_036_854_775_000)
        let maximum = try await client.bid(13, Int64.max)
        let jump = try await client.bid(5, PriceLimits.defaultMaximumPrice.minorUnits)

        #expect(huge.result == false)
        #expect(huge.reason == .priceTooHigh)
        #expect(maximum.reason == .priceTooHigh)
        #expect(jump.reason == .raiseTooLarge)
        // Far below the absurd ones (the simulated bidders step by the increment table, up to 100,000 a bid).
        #expect(try fixture.storedBids().allSatisfy { $0.price < 1_000_000_000_000 })
        // The simulated bidders keep going next to the refusals: the server is alive.
        #expect(try await eventually { try fixture.storedBids().count >= 5 })
        #expect(try await client.request(.ping).result)
    }

    @Test func settingsLowerTheLimits() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: {
            $0.allowAnonymousBids = true
            $0.priceLimits = PriceLimits(maximumPrice: 50_000, maximumRaise: 5_000)
        })
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        #expect(try await client.bid(1, 15_001).reason == .raiseTooLarge)
        #expect(try await client.bid(1, 15_000).result)
        #expect(try await client.bid(1, 50_001).reason == .priceTooHigh)
        #expect(try fixture.storedBids().map(\.price) == [15_000])
    }

    @Test func storeHoldingAnOutOfRangePriceStartsAndRefusesBidsOnThatProduct() async throws {
        // An older server accepted the absurd bid and stored it; with the simulation on it used to
        // trap on every start.
        let fixture = try ServerFixture(
            listings: ServerFixture.listings(count: 10),
            prepare: { path in
                let database = try SQLiteDatabase(path: path)
                defer { database.close() }
                try database.run("UPDATE products SET current_price = 9223372036854775000 WHERE id = 3")
                try database.run("UPDATE products SET current_price = 9223372036854775807, min_increment = 9223372036854775807 WHERE id = 4")
                try database.run("UPDATE products SET last_change_at = -9223372036854775808, last_change = -9223372036854775808 WHERE id = 5")
            },
            configure: {
                $0.allowAnonymousBids = true
                $0.simulation = .steady(bidsPerSecond: 500)
            })
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        #expect(fixture.logged("product 3 has price 9223372036854775000"))
        #expect(fixture.logged("product 4 has price 9223372036854775807"))
        let refused = try await client.bid(3, 9_223_372_036_854_775_500)
        #expect(refused.result == false)
        #expect(refused.reason == .productUnavailable)
        #expect(refused.price == nil)
        #expect(try await client.bid(4, 20_000).reason == .productUnavailable)
        #expect(try await client.bid(1, 5_000_000_000).result)  // far above what the simulation reaches meanwhile
        // The simulated bidders run over the whole catalogue and leave products 3 and 4 alone.
        #expect(try await eventually { try fixture.storedBids().count >= 20 })
        #expect(try fixture.storedBids().allSatisfy { $0.product != 3 && $0.product != 4 })
        #expect(try await client.request(.ping).result)
    }

    @Test func floatingPointNumbersAndOutOfRangeIDsGetMalformed() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5), configure: Self.anonymous)
        defer { fixture.stop() }
        let raw = try RawSocket(port: fixture.socketPort)
        defer { raw.close() }

        let payloads = [
            #"{"product_id":1,"product_price":2E6}"#, #"{"product_id":1,"product_price":2000000.0}"#,
            #"{"product_id":2.0,"product_price":20000}"#, #"{"product_id":1,"product_price":20000,"user_id":"+1"}"#,
            #"{"product_id":1,"product_price":20000,"product_price":30000}"#,
        ]
        for (index, data) in payloads.enumerated() {
            raw.send(#"{"dataType":2,"completionId":\#(index + 1),"data":\#(data)}/"#)
        }
        // Out-of-range completion ids are malformed frames: skipped, never echoed; the ping after them is answered.
        raw.send(#"{"dataType":10,"completionId":-1,"data":{}}/{"dataType":10,"completionId":9223372036854775807,"data":{}}/"#)
        raw.send(#"{"dataType":10,"completionId":99,"data":{}}/"#)
        let replies = await raw.readFrames(payloads.count)

        // The duplicate-key frame is malformed JSON: skipped without a reply.
        #expect(replies.map { $0.data["completionId"]?.intValue } == [1, 2, 3, 4, 99])
        for reply in replies.dropLast() {
            #expect(reply.data["result"]?.boolValue == false)
            #expect(reply.data["reason"]?.stringValue == "malformed")
        }
        #expect(replies.last?.data["result"]?.boolValue == true)
        #expect(try fixture.storedBids().isEmpty)
    }
}
