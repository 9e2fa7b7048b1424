import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct ServerLifecycleTests {
    @Test func stopLeavesNothingListening() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3))
        let addresses = fixture.addresses
        let client = try fixture.client()
        #expect(try await client.request(.ping).result)

        fixture.stop()
        client.close()

        #expect(throws: (any Error).self) { try RawSocket(port: addresses.socket.port) }
        #expect(throws: (any Error).self) { try RawSocket(port: addresses.http.port) }
        fixture.server.stop()  // idempotent
    }

    @Test func restartRestoresCommittedPricesAndLeaders() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.allowAnonymousBids = true

        let first = AuctionHouseServer(configuration: configuration, log: .silent)
        let firstAddresses = try first.start()
        let client = try TestClient(port: firstAddresses.socket.port)
        #expect(try await client.bid(4, 99_000_000).result)
        client.close()
        first.stop()

        let second = AuctionHouseServer(configuration: configuration, log: .silent)
        let secondAddresses = try second.start()
        defer { second.stop() }
        let again = try TestClient(port: secondAddresses.socket.port)
        defer { again.close() }
        let refused = try await again.bid(4, 99_000_000)

        #expect(refused.reason == .priceTooLow)
        #expect(refused.price == 99_000_000)
        // The demo catalogue is seeded once: a restart does not add it again.
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let catalogue = try HTTPProductRepository(baseURL: secondAddresses.httpURL, loop: loop)
        #expect(try await catalogue.page(4)?.products.count == DemoCatalogue.productCount - 60)
        #expect(try await catalogue.page(0)?.products.first { $0.id == 4 }?.currentPrice == 99_000_000)
    }

    @Test func startFailsClearlyWhenThePortIsTaken() throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3))
        defer { fixture.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("other.sqlite"))
        configuration.socketPort = fixture.socketPort

        let second = AuctionHouseServer(configuration: configuration, log: .silent)

        #expect {
            try second.start()
        } throws: { error in
            guard case .listen(let service, _) = error as? ServerError else { return false }
            return service.contains("socket")
        }
        #expect(throws: ServerError.alreadyStarted) { try second.start() }
    }

    @Test func stopFinishesInFlightBidsAndEveryAcceptedReplyIsStored() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 100_000
        })
        defer { fixture.stop() }
        let raw = try RawSocket(port: fixture.socketPort)
        defer { raw.close() }
        var burst = ""
        for n in 1...500 {
            burst += #"{"dataType":2,"completionId":\#(n),"data":{"product_id":1,"product_price":\#(10_000 + n)}}/"#
        }

        raw.send(burst)
        _ = await raw.readFrames(1)
        fixture.server.stop()
        let (bytes, closed) = await raw.readToEnd()

        #expect(closed)
        let accepted = frames(in: bytes).filter { $0.data["result"]?.boolValue == true }
            .compactMap { $0.data["price"]?.intValue }
        let stored = Set(try fixture.storedBids().map(\.price))
        #expect(accepted.allSatisfy { stored.contains($0) })
        #expect(try fixture.inspect { try $0.integrityCheck() } == ["ok"])
    }
}
