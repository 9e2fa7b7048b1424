import AuctionBidding
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// Two nodes (two socket services, each with its own book, loop and ledger) on one PostgreSQL
/// database: each bid is decided once, by the store, wherever it arrives.
@Suite struct PostgresTwoNodeBidTests {
    /// One in-process node: its loop, its socket service (reached on the loop) and its ledger.
    final class Node: Sendable {
        let loop: EventLoop
        let service: LoopBound<SocketService>
        let ledger: PostgresBidLedger

        init(_ fixture: PostgresFixture, clock: ManualClock, products: Int = 1) throws {
            ledger = try PostgresClient(store: PostgresConnectionString(fixture.url), clock: clock).ledger()
            loop = try EventLoop.spawn(name: "node", clock: clock)
            var configuration = ServerConfiguration()
            configuration.allowAnonymousBids = true
            let book = AuctionBook(products: EngineFixtures.products(count: products, price: 1_000))
            let service = SocketService(loop: loop, configuration: configuration,
                                        bidPath: BidPath(book: book, sequences: ProductSequences(), termsVersions: [:],
                                                         settings: BidPath.Settings(configuration)),
                                        ledger: ledger, sessions: NoSessions(), log: ServerLog(level: .error, sink: { _ in }),
                                        hooks: SocketService.Hooks())
            self.service = LoopBound(handingOver: service, to: loop)
        }

        /// Places a bid on this node's loop (as a request would, from connection 1 when it names a
        /// user, as a simulated bidder otherwise) and returns at once.
        func bid(_ price: Money, product: Int = 1, user: UserID? = nil, key: String? = nil, clock: ManualClock) {
            let service = self.service
            loop.execute {
                let bid = Bid(productID: ProductID(product), price: price, idempotencyKey: key)
                guard let user else { return service.value.placeSimulated(bid, bidder: nil, now: clock.now()) }
                let arrival = BidArrival(.bid(bid, claimed: nil), target: BidReplyTarget(connection: ConnectionID(rawValue: 1), completionID: nil),
                                         user: user, wasLoggedIn: true)
                service.value.perform(service.value.bidPath.arrived(arrival, now: clock.now()))
            }
        }

        /// Waits until every decision of this node is answered (committed, refused or decided again).
        func settle() {
            let service = self.service
            for _ in 0..<3_000 {
                if loop.waitFor({ service.value.bidPath.commitsInFlight == 0 }) == true { return }
                usleep(1_000)  // polling a condition, not waiting for time to pass
            }
        }

        /// The book's price of a product, read on the loop.
        func price(_ product: Int = 1) -> Money? {
            let service = self.service
            return loop.waitFor { service.value.bidPath.book.lot(for: ProductID(product))?.price } ?? nil
        }

        func stop() {
            ledger.shutdown()
            loop.shutdown()
        }
    }

    /// Bids of a product as stored: (seq, price, previous price), in seq order.
    static func history(_ fixture: PostgresFixture, product: Int = 1) throws -> [(Int64, Int64, Int64)] {
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        return try connection.query("SELECT seq, price, previous_price FROM bids WHERE product_id = ? ORDER BY seq", [.integer(Int64(product))]) {
            ($0.int64(0), $0.int64(1), $0.int64(2))
        }
    }

    @Test func racingBidsOnTwoNodesAreSerialisedByTheStore() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 1)
        let clock = ManualClock()
        try await offPool {
            let nodeA = try Node(fixture, clock: clock), nodeB = try Node(fixture, clock: clock)
            defer { nodeA.stop(); nodeB.stop() }
            var generator = SplitMix64(seed: 13)
            for _ in 0..<40 {
                nodeA.bid(Money(Int64(generator.next() % 9_000) + 1_100), clock: clock)
                nodeB.bid(Money(Int64(generator.next() % 9_000) + 1_100), clock: clock)
            }
            nodeA.settle()
            nodeB.settle()
            let stored = try Self.history(fixture)
            #expect(!stored.isEmpty)
            // Dense seq, each bid the highest when accepted (above and chained to the one before), no price twice.
            #expect(stored.map(\.0) == Array(1...Int64(stored.count)))
            var previous: Int64 = 1_000
            for (_, price, from) in stored {
                #expect(from == previous)
                #expect(price > previous)
                previous = price
            }
            #expect(Set(stored.map(\.1)).count == stored.count)
            let check = try PostgresConnection(fixture.url)
            defer { check.close() }
            #expect(try check.scalarInteger("SELECT bid_count FROM products WHERE id = 1") == Int64(stored.count))
            #expect(try check.scalarInteger("SELECT current_price FROM products WHERE id = 1") == previous)
        }
    }

    @Test func aConflictingBidIsDecidedAgainOnTheStoredLot() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 1)
        let clock = ManualClock()
        try await offPool {
            let nodeA = try Node(fixture, clock: clock), nodeB = try Node(fixture, clock: clock)
            defer { nodeA.stop(); nodeB.stop() }
            nodeA.bid(3_000, clock: clock)
            nodeA.settle()
            // B still thinks 1,000: its 2,000 conflicts, is decided again on 3,000 and refused.
            nodeB.bid(2_000, clock: clock)
            nodeB.settle()
            #expect(nodeB.price() == 3_000)
            #expect(try Self.history(fixture).map(\.1) == [3_000])
            // A moves on to 4,000; B (at 3,000) bids 5,000: decided again on 4,000 and accepted above it.
            nodeA.bid(4_000, clock: clock)
            nodeA.settle()
            nodeB.bid(5_000, clock: clock)
            nodeB.settle()
            let stored = try Self.history(fixture)
            #expect(stored.map(\.1) == [3_000, 4_000, 5_000])
            #expect(stored.map(\.2) == [1_000, 3_000, 4_000])
            #expect(nodeB.price() == 5_000)
        }
    }

    @Test func aKeyedRetryOnTheOtherNodeGetsTheOriginalAnswer() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 1)
        let clock = ManualClock()
        try await offPool {
            let nodeA = try Node(fixture, clock: clock), nodeB = try Node(fixture, clock: clock)
            defer { nodeA.stop(); nodeB.stop() }
            let user = UserID(rawValue: 1)
            nodeA.bid(3_000, user: user, key: "retry-1", clock: clock)
            nodeA.settle()
            nodeB.bid(3_000, user: user, key: "retry-1", clock: clock)
            nodeB.settle()
            #expect(try Self.history(fixture).map(\.1) == [3_000])
            let service = nodeB.service
            let answer = nodeB.loop.waitFor { () -> Money? in
                let key = BidKeyTable.Key(user: user, key: "retry-1")
                let request = KeyedRequest(Bid(productID: 1, price: 3_000))
                let target = BidReplyTarget(connection: ConnectionID(rawValue: 99), completionID: nil)
                if case .answered(let first) = service.value.bidPath.beginKey(.init(name: key, request: request), waiter: target, now: clock.now()),
                   first.result {
                    return first.price
                }
                return nil
            } ?? nil
            #expect(answer == 3_000)
        }
    }

    @Test func aBidWhoseStoreIsGoneIsUndone() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 1)
        let clock = ManualClock()
        try await offPool {
            let node = try Node(fixture, clock: clock)
            defer { node.stop() }
            let admin = try PostgresConnection(fixture.url)
            defer { admin.close() }
            try admin.run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            node.bid(3_000, clock: clock)
            node.settle()
            #expect(node.price() == 1_000)
            let service = node.service
            #expect(node.loop.waitFor { service.value.bidPath.counts.commitFailures } == 1)
            #expect(try Self.history(fixture).isEmpty)
        }
    }
}
