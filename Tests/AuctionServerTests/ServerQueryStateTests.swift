import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Request 13 on a real server: the connection's list state follows a query's pages, so price
/// pushes come for exactly the lots those pages held when it asked; a bad query is refused.
@Suite struct ServerQueryStateTests {
    /// Lots 1…count; even ids are minji's, odd ids oliver's.
    private static func listings(count: Int) -> [ProductListing] {
        ServerFixture.listings(count: count).map { listing in
            var listing = listing
            listing.seller = (listing.id?.rawValue ?? 0).isMultiple(of: 2) ? "minji" : "oliver"
            return listing
        }
    }

    @Test func pushesOnlyForTheLotsOnTheQuerysPages() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 30), configure: { $0.allowAnonymousBids = true })
        defer { fixture.stop() }
        let follower = try fixture.client(), bidder = try fixture.client()
        defer { [follower, bidder].forEach { $0.close() } }
        // First page (15 lots) of plain list state, then a query's first page: minji's lots 2, 4, 6.
        #expect(try await follower.request(.listState(stateNumber: 0)).result)
        let reply = try await follower.request(.queryState(parameters: ["seller": "minji", "limit": "3"], pages: 1))
        #expect(reply.result)

        #expect(try await bidder.bid(1, 20_000).result)   // on page one, not in the query
        #expect(try await bidder.bid(8, 20_000).result)   // minji's, but on the query's second page
        #expect(try await bidder.bid(4, 20_000).result)   // on the query's page
        #expect(await eventually { follower.prices.count >= 1 })
        #expect(try await follower.request(.ping).result)
        #expect(follower.prices.map(\.productID) == [4])

        // Asking again with two pages follows 2, 4, 6, 8, 10, 12.
        #expect(try await follower.request(.queryState(parameters: ["seller": "minji", "limit": "3"], pages: 2)).result)
        #expect(try await bidder.bid(12, 20_000).result)
        #expect(try await bidder.bid(14, 20_000).result)
        #expect(await eventually { follower.prices.count >= 2 })
        #expect(try await follower.request(.ping).result)
        #expect(follower.prices.map(\.productID) == [4, 12])

        // A plain list state replaces the query state.
        #expect(try await follower.request(.listState(stateNumber: 0)).result)
        #expect(try await bidder.bid(12, 21_000).result)
        #expect(try await bidder.bid(3, 21_000).result)
        #expect(await eventually { follower.prices.count >= 3 })
        #expect(try await follower.request(.ping).result)
        #expect(follower.prices.map(\.productID) == [4, 12, 12, 3])
    }

    @Test func anInvalidQueryIsRefusedWithItsReason() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 3))
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }
        let reply = try await client.request(.queryState(parameters: ["sort": "cheapest"], pages: 1))
        #expect(!reply.result)
        #expect(reply.reason == .invalidQuery)
        let text = try await client.request(.queryState(parameters: ["search": "\"NEAR\" * AND -"], pages: 3))
        #expect(text.result)
    }

    @Test func requestThirteenRoundTripsOnTheWire() throws {
        let message = ClientMessage.queryState(parameters: ["search": "나이키", "limit": "5"], pages: 2)
        #expect(try ClientMessage(frame: message.frame) == message)
        let numbers = Frame(dataType: 13, completionID: 1, data: ["query": ["limit": .int(5)], "pages": .int(1)])
        #expect(try ClientMessage(frame: numbers) == .queryState(parameters: ["limit": "5"], pages: 1))
        for bad: JSONValue in [["query": .string("x"), "pages": .int(1)], ["query": ["limit": .int(5)], "pages": .int(0)],
                               ["query": ["limit": .bool(true)], "pages": .int(1)], ["query": ["limit": .int(5)], "pages": .int(21)]] {
            #expect(throws: WireError.self) { try ClientMessage(frame: Frame(dataType: 13, completionID: 1, data: bad)) }
        }
    }
}
