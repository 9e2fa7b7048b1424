import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Our server with the original iOS app: a connection that never said hello gets replies and price
/// pushes only (no closing, chat or error frames, which the app cannot decode), in sends it can read.
@Suite struct OriginalAppCompatibilityTests {
    @Test func helloIsAnsweredWithTheServersNameAndFeatures() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3))
        defer { fixture.stop() }
        let client = try TestClient(port: fixture.socketPort, hello: false)
        defer { client.close() }

        let reply = try await client.request(.testHello)

        #expect(reply.result)
        #expect(reply.fields["server"]?.stringValue == "auction-server")
        let features = Set(reply.fields["features"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        #expect(features.isSuperset(of: ["closing", "chat", "errors", "subscribe", "login"]))
    }

    @Test func anOriginalAppGetsOnlyRepliesAndPricesWhileAuctionsClose() async throws {
        // The server reads a manual clock: the setup happens while it stands before the end time, then
        // the test moves it past the end (no real time passes). The blocking steps run off the pool.
        let clock = ManualClock(SystemClock().now())
        let endsAt = clock.now().adding(milliseconds: 5_000)
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3, endsAt: endsAt), clock: clock,
                                        configure: {
                                            $0.allowAnonymousBids = true
                                            $0.bidding.extendWindowMilliseconds = 0  // hard closes, as the original's
                                        })
        defer { fixture.stop() }
        let app = try RawSocket(port: fixture.socketPort)
        let watcher = try RawSocket(port: fixture.socketPort), bidder = try RawSocket(port: fixture.socketPort)
        defer { app.close(); watcher.close(); bidder.close() }
        let setup = await offPool {
            watcher.exchangeBlocking([.testHello, .listState(stateNumber: 0)])
                + app.exchangeBlocking([.listState(stateNumber: 0)])
                + bidder.exchangeBlocking([.bid(Bid(productID: 2, price: 20_000), userID: nil)])
        }
        #expect(setup.map { $0?.result } == [true, true, true, true], "hello, list states and the bid before the end time")
        clock.advance(milliseconds: 5_000)

        // Every auction closes; the watcher, which said hello with `closing`, is told.
        let told = await watcher.readMessages { $0.filter { if case .auctionClosed = $0 { true } else { false } }.count == 3 }
        #expect(told.filter { if case .auctionClosed = $0 { true } else { false } }.count == 3)
        // A request after the closings: its reply comes after anything pushed to the app before it.
        #expect(app.send(#"{"dataType":1,"completionId":2,"data":{"stateNumber":0}}/"#))
        let outcome = await OriginalAppReader.read(app) { $0.replies[2] != nil || $0.discardedReads > 0 }

        #expect(outcome.discardedReads == 0, "the app threw away reads with: \(outcome.badPieces)")
        #expect(outcome.replies[2] == true)
        #expect(outcome.prices.contains { $0 == (product: 2, price: 20_000) }, "the bid's price push, sent with the closings")
    }

    @Test func anOriginalAppDroppedForMalformedFramesGetsNoErrorFrame() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: { $0.limits.maximumMalformedFrames = 2 })
        defer { fixture.stop() }
        let app = try RawSocket(port: fixture.socketPort)
        defer { app.close() }

        app.send("junk/more junk/and more/")
        let (bytes, closed) = await app.readToEnd()

        #expect(closed)
        #expect(bytes.isEmpty, "sent: \(String(decoding: bytes, as: UTF8.self))")
    }

    @Test func sendsToAnOriginalAppAreAtMost4096BytesAndEndAtAFrame() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 60), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 100_000
        })
        defer { fixture.stop() }
        let app = try RawSocket(port: fixture.socketPort)
        defer { app.close() }
        #expect(app.send(#"{"dataType":1,"completionId":1,"data":{"stateNumber":3}}/"#))
        #expect(await app.readFrames(1).count == 1)

        // Each round: 60 bids in one send, committed as one group: about 6 KB of pushes for the app at once.
        let bidder = try RawSocket(port: fixture.socketPort)
        defer { bidder.close() }
        #expect(await bidder.bidBurstRounds(1...3))
        let frames = await app.readFrames(180)
        #expect(frames.count == 180 && frames.allSatisfy { $0.dataType == 2 })

        let health = try await Self.health(port: fixture.addresses.http.port)
        #expect(health["original_clients"]?.intValue == 2)  // the app and the bidder
        let largest = health["largest_original_send"]?.intValue ?? -1
        #expect(largest > 0 && largest <= 4_096, "largest send to the original app: \(largest) bytes")
    }

    /// `GET /health` over a plain socket.
    static func health(port: Int) async throws -> JSONValue {
        let http = try RawSocket(port: port)
        defer { http.close() }
        http.send("GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        let (bytes, _) = await http.readToEnd()
        let text = String(decoding: bytes, as: UTF8.self)
        guard let range = text.range(of: "\r\n\r\n") else { return .null }
        return try JSONValue.parse(String(text[range.upperBound...]))
    }
}
