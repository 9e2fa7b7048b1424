import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Soft close on a real server: when several extending bids are decided before the first one's
/// commit comes back, each moved end is announced once, with its own count, in order.
@Suite struct ServerExtensionPushTests {
    /// Sends `message` and a ping, and waits for the ping's reply: the server has decided `message`.
    static func decided(_ socket: RawSocket, _ message: ClientMessage, id: Int64) async -> Bool {
        var frame = message.frame
        frame.completionID = id
        var ping = ClientMessage.ping.frame
        ping.completionID = id + 1
        guard socket.send(FrameEncoder.encode(frame) + FrameEncoder.encode(ping)) else { return false }
        let read = await socket.readMessages { messages in
            messages.contains { if case .reply(let reply) = $0 { reply.completionID == id + 1 } else { false } }
        }
        return read.contains { if case .reply(let reply) = $0 { reply.completionID == id + 1 } else { false } }
    }

    @Test func extensionsDecidedWhileTheFirstCommitsAreAnnouncedOnceEachInOrder() async throws {
        // A round whose held write lock outlasted the store's busy timeout (a starved machine) fails its
        // first commit and proves nothing about the pushes: it is run again, at most three times.
        for attempt in 1...3 {
            guard let round = try await Self.threeExtendingBids() else { continue }
            #expect(round.ends.map(\.1) == [1, 2, 3], "attempt \(attempt)")
            #expect(round.ends.map(\.0) == [60_000, 70_000, 80_000].map { round.start.adding(milliseconds: $0) })
            #expect(round.storedExtensions == 3)
            return
        }
        Issue.record("every attempt's first commit outlasted the held lock")
    }

    /// Three extending bids decided while the first one's commit waits on the held write lock; the
    /// watcher's end-time pushes, or nil when a bid was not accepted (its commit timed out on the lock).
    static func threeExtendingBids() async throws -> (start: Timestamp, ends: [(Timestamp, Int)], storedExtensions: Int64?)? {
        let clock = ManualClock(SystemClock().now())
        let start = clock.now()
        let fixture = try ServerProxyBidTests.server(
            count: 1, endsAt: start.adding(milliseconds: 30_000),
            terms: [1: LotTerms(extendWindowMilliseconds: 60_000, extendByMilliseconds: 60_000)], clock: clock)
        defer { fixture.stop() }
        let bidder = try RawSocket(port: fixture.socketPort), watcher = try RawSocket(port: fixture.socketPort)
        defer { bidder.close(); watcher.close() }
        #expect(await watcher.exchange([ServerProxyBidTests.extensionsHello, .subscribe([1])]).map { $0?.result } == [true, true])
        #expect(await bidder.exchange([.testHello, .login(token: "token-bob")]).map { $0?.result } == [true, true])

        // The store's write lock held: the first extending bid's commit waits while two more are decided.
        let lock = try SQLiteDatabase(path: fixture.databasePath)
        defer { lock.close() }
        try lock.execute("BEGIN IMMEDIATE")
        for (step, price) in [Int64(20_000), 21_000, 22_000].enumerated() {
            if step > 0 { clock.advance(milliseconds: 10_000) }
            #expect(await Self.decided(bidder, .bid(Bid(productID: 1, price: Money(price)), userID: nil), id: Int64(10 + 2 * step)))
        }
        try lock.execute("COMMIT")

        let replies = await bidder.readMessages { messages in
            messages.count { if case .reply(let reply) = $0 { [10, 12, 14].contains(reply.completionID) } else { false } } >= 3
        }
        let accepted = replies.filter { if case .reply(let reply) = $0 { [10, 12, 14].contains(reply.completionID) && reply.result } else { false } }
        guard accepted.count == 3 else { return nil }
        let pushed = await watcher.readMessages { messages in
            messages.count { if case .endTime = $0 { true } else { false } } >= 3
        }
        let ends = pushed.compactMap { message -> (Timestamp, Int)? in
            if case .endTime(_, let endsAt, let extensions) = message { (endsAt, extensions) } else { nil }
        }
        return (start, ends, try ServerProxyBidTests.count(fixture, "SELECT extensions FROM products WHERE id = 1"))
    }
}
