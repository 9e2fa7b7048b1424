import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// What the catalogue and the bid replies say about an auction's state: closed, the winner, and
/// the minimum a refused bid needed.
@Suite struct ServerAuctionStateTests {
    @Test func listAndDetailSayClosedAndTheWinner() async throws {
        // Every auction's end has passed: 2 was recorded closed (won by bob) before this start, 1 and
        // 3 close when the server starts (nobody bid).
        let ended = SystemClock().now().adding(milliseconds: -60_000)
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3, endsAt: ended), prepare: { path in
            let accounts = try AccountStore(path: path)
            _ = try accounts.createUser(name: "alice", passwordHash: "x", at: SystemClock().now())
            let bob = try accounts.createUser(name: "bob", passwordHash: "x", at: SystemClock().now())
            accounts.close()
            let store = try CatalogueStore(path: path)
            defer { store.close() }
            try store.recordClose(AuctionClosure(productID: 2, finalPrice: 30_000, winner: bob, closedAt: ended))
        })
        defer { fixture.stop() }
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let catalogue = try HTTPProductRepository(baseURL: fixture.httpBase, loop: loop)

        // Polled with a deadline: 1 and 3 close on the server's loop just after it starts.
        var products: [Product] = []
        // A generous deadline: under a full parallel run the close's write can wait seconds for the disk.
        let deadline = Date().addingTimeInterval(60)
        repeat {
            products = try await catalogue.page(0)?.products ?? []
            if products.count == 3 && products.allSatisfy(\.isClosed) { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        } while Date() < deadline
        #expect(products.count == 3 && products.allSatisfy(\.isClosed), "products: \(products)")
        #expect(products.map(\.winner) == [nil, "bob", nil])
        let detail = try await catalogue.detail(of: 2).product
        #expect(detail.isClosed && detail.winner == "bob")

        let client = HTTPClient(baseURL: try HTTPBaseURL(parsing: fixture.httpBase), loop: loop)
        let body = String(decoding: try await client.post("/products/alllist", json: Array("{\"index\":0}".utf8)).body, as: UTF8.self)
        #expect(body.contains("\"closed\":true,\"winner\":\"bob\""), "body: \(body)")
        #expect(body.contains("\"closed\":true,\"winner\":null"), "body: \(body)")
    }

    @Test func aTooLowBidIsToldTheMinimumIncrementAndTheMinimumBid() async throws {
        let listed = SystemClock().now().adding(milliseconds: -86_400_000)
        let fixture = try ServerFixture(listings: [
            ProductListing(id: 1, name: "with a raise", seller: "s", startPrice: 400_000, currentPrice: 441_000,
                           minimumIncrement: 5_000, listedAt: listed),
            ProductListing(id: 2, name: "without", seller: "s", startPrice: 10_000, listedAt: listed),
        ], configure: { $0.allowAnonymousBids = true })
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        let missesTheRaise = try await client.bid(1, 441_500)
        #expect(missesTheRaise.result == false)
        #expect(missesTheRaise.reason == .priceTooLow)
        #expect(missesTheRaise.price == 441_000)
        #expect(missesTheRaise.fields["min_increment"] == .int(5_000))
        #expect(missesTheRaise.fields["minimum_bid"] == .int(446_000))

        #expect(missesTheRaise.fields["next_minimum"] == .int(446_000))

        // No bid yet: the opening bid must reach the start price, and may equal it.
        let noRaise = try await client.bid(2, 9_999)
        #expect(noRaise.reason == .priceTooLow)
        #expect(noRaise.fields["min_increment"] == .null)
        #expect(noRaise.fields["minimum_bid"] == .int(10_000))
        #expect(noRaise.fields["next_minimum"] == .int(10_000))
        #expect(try await client.bid(2, 10_000).result, "an opening bid at the start price is accepted")

        #expect(try await client.bid(1, 446_000).result, "the minimum it named is accepted")
    }
}
