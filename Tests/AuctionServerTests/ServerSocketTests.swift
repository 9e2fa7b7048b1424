import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct ServerSocketTests {
    static func anonymous(_ configuration: inout ServerConfiguration) { configuration.allowAnonymousBids = true }

    @Test func listStateRepliesAsTheOriginalBackend() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 67))
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        // 67 products: pages 0…4 exist, so stateNumber 4 is in range and 5 is not.
        #expect(try await client.request(.listState(stateNumber: 0)).result)
        #expect(try await client.request(.listState(stateNumber: 4)).result)
        #expect(try await client.request(.listState(stateNumber: 5)).result == false)
        #expect(try await client.request(.ping).result)
    }

    @Test func priceChangeReachesOnlyClientsThatLoadedItsPage() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 40), configure: Self.anonymous)
        defer { fixture.stop() }
        let onePage = try fixture.client(), twoPages = try fixture.client(), none = try fixture.client()
        let bidder = try fixture.client()
        defer { [onePage, twoPages, none, bidder].forEach { $0.close() } }
        #expect(try await onePage.request(.listState(stateNumber: 0)).result)
        #expect(try await twoPages.request(.listState(stateNumber: 1)).result)
        #expect(try await none.request(.ping).result)

        // Product 16 is the first of page two.
        let reply = try await bidder.bid(16, 20_000)
        #expect(reply.result)
        #expect(await eventually { twoPages.prices.count == 1 })
        // Pushes of one change go out together: a reply sent after it arrives after any push for it.
        #expect(try await onePage.request(.ping).result)
        #expect(try await none.request(.ping).result)

        #expect(twoPages.prices.first?.productID == 16)
        #expect(twoPages.prices.first?.price == 20_000)
        #expect(twoPages.prices.first?.change == 10_000)
        #expect(twoPages.prices.first?.direction == .up)
        #expect(onePage.prices.isEmpty)
        #expect(none.prices.isEmpty)

        // A change on page one reaches both.
        #expect(try await bidder.bid(3, 11_000).result)
        #expect(await eventually { onePage.prices.count == 1 && twoPages.prices.count == 2 })
        #expect(none.prices.isEmpty)
    }

    @Test func subscriptionDeliversChosenProductsWithoutListState() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 40), configure: Self.anonymous)
        defer { fixture.stop() }
        let watcher = try fixture.client(), bidder = try fixture.client()
        defer { watcher.close(); bidder.close() }
        #expect(try await watcher.request(.subscribe([33])).result)

        #expect(try await bidder.bid(32, 12_000).result)
        #expect(try await bidder.bid(33, 12_000).result)
        #expect(await eventually { watcher.prices.count == 1 })
        #expect(watcher.prices.map(\.productID) == [33])

        #expect(try await watcher.request(.unsubscribe([33])).result)
        #expect(try await bidder.bid(33, 13_000).result)
        #expect(try await watcher.request(.ping).result)
        #expect(watcher.prices.count == 1)
    }

    @Test func refusalsCarryTheReasonAndCurrentPrice() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5), configure: Self.anonymous)
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        let low = try await client.bid(2, 9_999)  // an opening bid at the start price 10,000 would be accepted
        #expect(low.result == false)
        #expect(low.reason == .priceTooLow)
        #expect(low.price == 10_000)

        let unknown = try await client.bid(99, 50_000)
        #expect(unknown.reason == .unknownProduct)

        let accepted = try await client.bid(2, 10_500)
        #expect(accepted.result)
        #expect(accepted.price == 10_500)
        #expect(try fixture.storedBids().map(\.price) == [10_500])
    }

    @Test func malformedPayloadIsAnsweredMalformed() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5), configure: Self.anonymous)
        defer { fixture.stop() }
        let raw = try RawSocket(port: fixture.socketPort)
        defer { raw.close() }

        raw.send(#"{"dataType":2,"completionId":7,"data":{"product_id":1}}/{"dataType":10,"completionId":8,"data":{}}/"#)
        let replies = await raw.readFrames(2)

        #expect(replies.count == 2)
        #expect(replies.first?.data["completionId"]?.intValue == 7)
        #expect(replies.first?.data["result"]?.boolValue == false)
        #expect(replies.first?.data["reason"]?.stringValue == "malformed")
        #expect(replies.last?.data["result"]?.boolValue == true)
    }

    @Test func malformedFramesAreSkippedUntilTheLimitThenTheClientIsDropped() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5), configure: { $0.limits.maximumMalformedFrames = 3 })
        defer { fixture.stop() }
        let raw = try RawSocket(port: fixture.socketPort)
        defer { raw.close() }
        #expect(await raw.sayHello())

        raw.send(#"not json/{"dataType":10,"completionId":1,"data":{}}/"#)
        #expect(await raw.readFrames(1).first?.data["completionId"]?.intValue == 1)

        raw.send("junk/[1]/{\"data\":{}}/more junk/")
        let (bytes, closed) = await raw.readToEnd()
        let received = frames(in: bytes)

        #expect(closed)
        #expect(received.last?.dataType == 6)
        #expect(received.last?.data["reason"]?.stringValue == "too_many_malformed")
        #expect(fixture.logged("more than 3 malformed frames"))
    }

    @Test func oversizedFrameGetsAnErrorFrameAndTheConnectionCloses() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5), configure: { $0.limits.maximumFrameBytes = 1_024 })
        defer { fixture.stop() }
        let raw = try RawSocket(port: fixture.socketPort)
        defer { raw.close() }
        #expect(await raw.sayHello())

        raw.send(#"{"dataType":10,"completionId":1,"data":{"pad":""# + String(repeating: "x", count: 4_000))
        let (bytes, closed) = await raw.readToEnd()
        let received = frames(in: bytes)

        #expect(closed)
        #expect(received.count == 1)
        #expect(received.first?.dataType == 6)
        #expect(received.first?.data["reason"]?.stringValue == "frame_too_large")
    }

    @Test func unknownDataTypesAreSkipped() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5))
        defer { fixture.stop() }
        let raw = try RawSocket(port: fixture.socketPort)
        defer { raw.close() }

        raw.send(#"{"dataType":77,"completionId":1,"data":{}}/{"dataType":10,"completionId":2,"data":{}}/"#)
        let replies = await raw.readFrames(1)

        #expect(replies.first?.data["completionId"]?.intValue == 2)
    }

    @Test func bidsPerConnectionAreRateLimited() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 2
        })
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        // A burst of three within a second: the bucket holds two.
        async let first = client.bid(1, 11_000)
        async let second = client.bid(1, 12_000)
        async let third = client.bid(1, 13_000)
        let replies: [WireReply] = try await [first, second, third]

        #expect(replies.filter { $0.reason == RefusalReason.rateLimited }.count == 1)
        #expect(replies.filter { $0.result }.count == 2)
    }
}
