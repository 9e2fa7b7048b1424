import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Idempotency keys through a real server: a retry after a lost reply, and after a restart.
@Suite struct ServerIdempotencyTests {
    @Test func aRetryAfterADroppedConnectionGetsTheFirstOutcomeAndPlacesNoSecondBid() async throws {
        let fixture = try ServerProxyBidTests.server(count: 1)
        defer { fixture.stop() }
        let keyed = ClientMessage.bid(Bid(productID: 1, price: 20_000, idempotencyKey: "retry-me-1"), userID: nil)
        // Given a client that logs in, sends a keyed bid and closes before reading the reply
        let dropped = try RawSocket(port: fixture.socketPort)
        #expect(await dropped.exchange([.login(token: "token-alice")]).first??.result == true)
        var frame = keyed.frame
        frame.completionID = 2
        #expect(dropped.send(FrameEncoder.encode(frame)))
        dropped.close()
        let stored = await eventually { (try? fixture.storedBids().count) == 1 }
        #expect(stored)
        // When it reconnects and retries with the same key (the price has moved on meanwhile)
        let other = try RawSocket(port: fixture.socketPort)
        defer { other.close() }
        #expect(await other.exchange([.login(token: "token-bob"), .bid(Bid(productID: 1, price: 25_000), userID: nil)])
            .map { $0?.result } == [true, true])
        let retry = try RawSocket(port: fixture.socketPort)
        defer { retry.close() }
        let replies = await retry.exchange([.login(token: "token-alice"), keyed, keyed])
        // Then both retries answer the original outcome, and the store holds one bid for the key
        #expect(replies[1]?.result == true && replies[1]?.price == 20_000)
        #expect(replies[2]?.result == true && replies[2]?.price == 20_000)
        #expect(try fixture.storedBids().map(\.price) == [20_000, 25_000])
        #expect(try fixture.inspect { try $0.scalarInteger("SELECT COUNT(*) FROM bids WHERE idempotency_key = 'retry-me-1'") } == 1)
        // A refusal is remembered too: the same key refused once stays refused
        let low = ClientMessage.bid(Bid(productID: 1, price: 1_000, idempotencyKey: "too-low"), userID: nil)
        let refused = await retry.exchange([low, low], first: 10)
        #expect(refused.map { $0?.reason } == [.priceTooLow, .priceTooLow])
    }

    @Test func anAcceptedKeyIsFoundAfterARestart() async throws {
        let fixture = try ServerProxyBidTests.server(count: 1)
        defer { fixture.stop() }
        let keyed = ClientMessage.bid(Bid(productID: 1, price: 20_000, idempotencyKey: "across-restart"), userID: nil)
        let client = try RawSocket(port: fixture.socketPort)
        #expect(await client.exchange([.login(token: "token-alice"), keyed]).map { $0?.result } == [true, true])
        client.close()
        fixture.server.stop()
        let sessions = FixedSessions(users: ["token-alice": ServerBidTests.alice])
        let again = AuctionHouseServer(configuration: .ephemeral(databasePath: fixture.databasePath),
                                       hooks: ServerHooks(makeSessionResolver: { _ in sessions }))
        let addresses = try again.start()
        defer { again.stop() }
        let retry = try RawSocket(port: addresses.socket.port)
        defer { retry.close() }
        let replies = await retry.exchange([.login(token: "token-alice"), keyed])
        #expect(replies[1]?.result == true && replies[1]?.price == 20_000)
        #expect(try fixture.storedBids().count == 1)
    }
}
