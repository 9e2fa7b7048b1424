import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// `auction bid` with several socket addresses: the one retry of a bid whose answer never came goes to
/// the next node, with the same idempotency key.
@Suite struct CommandBidFailoverTests {
    @Test func aBidDroppedByItsNodeIsRetriedOnTheNextWithTheSameKey() async throws {
        let dying = try BiddingFakeServer { _, _, _ in .close }
        let healthy = try BiddingFakeServer { message, _, frame in
            guard case .bid(let bid, _) = message else { return .ignore }
            return BiddingFakeServer.reply(to: frame, result: true, price: bid.price)
        }
        let both = dying.environment(["AUCTION_SOCKET": "127.0.0.1:\(dying.socket.port),127.0.0.1:\(healthy.socket.port)"])
        let run = await CommandHarness.run(["bid", "5", "35,000", "--yes"], environment: both)
        let first = dying.requests, second = healthy.requests
        await dying.stop()
        await healthy.stop()

        #expect(run.status == .success, "stderr: \(run.stderr)")
        #expect(run.stdout == "accepted: product 5 is now 35,000\n")
        #expect(first.count == 1 && second.count == 1, "one try on each node")
        guard case .bid(let tried, _)? = first.first, case .bid(let retried, _)? = second.first else {
            Issue.record("expected a bid on each node: \(first) \(second)")
            return
        }
        #expect(tried.idempotencyKey != nil && tried.idempotencyKey == retried.idempotencyKey)
    }
}
