import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// The PostgreSQL ledger against a real server: conditional commits, seq, keys, a lost connection.
@Suite struct PostgresBidLedgerTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    /// A migrated database with users 1…3 and products 1…count at 1,000 each.
    static func makeStore(_ fixture: PostgresFixture, products count: Int = 2) throws {
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        try PostgresSchema.migrate(connection)
        for user in 1...3 {
            try connection.run("INSERT INTO users (id, name, password_hash, created_at) VALUES (?, ?, 'x', 0)",
                               [.integer(Int64(user)), .text("user\(user)")])
        }
        for id in 1...count {
            try connection.run("""
                INSERT INTO products (id, name, seller, start_price, current_price, last_change_at, listed_at, ends_at)
                VALUES (?, ?, 's', 1000, 1000, 0, 0, ?)
                """, [.integer(Int64(id)), .text("Item \(id)"), .integer(now.millisecondsSinceEpoch + 60_000)])
        }
    }

    static func bid(_ product: Int, _ price: Int64, from previous: Int64, user: Int64? = 1, key: String? = nil) -> AcceptedBid {
        AcceptedBid(productID: ProductID(product), price: Money(price), previousPrice: Money(previous),
                    bidder: user.map(UserID.init(rawValue:)), acceptedAt: now, isAutomatic: false, idempotencyKey: key)
    }

    static func submit(_ ledger: PostgresBidLedger, _ bids: [AcceptedBid], changes: [LotChange] = []) -> Result<Void, StoreError> {
        let latch = Latch<Result<Void, StoreError>>()
        ledger.submit(bids, changes: changes) { latch.fulfil($0) }
        return latch.wait()
    }

    static func outcome(_ ledger: PostgresBidLedger, _ submission: LedgerSubmission) -> CommitOutcome<StoreError> {
        let latch = Latch<CommitOutcome<StoreError>>()
        ledger.submit(submission) { latch.fulfil($0) }
        return latch.wait()
    }

    @Test func bidsAreNumberedAndAStaleDecisionConflictsWritingNothing() throws {
        let fixture = try PostgresFixture()
        try Self.makeStore(fixture)
        let listener = try PostgresConnection(fixture.url)
        defer { listener.close() }
        try listener.listen(PostgresBidLedger.bidChannel)
        let ledger = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
        defer { ledger.shutdown() }

        let first = [Self.bid(1, 1_100, from: 1_000), Self.bid(1, 1_200, from: 1_100, user: 2)]
        guard case .committed(let numbered) = Self.outcome(ledger, LedgerSubmission(bids: first)),
              case .committed(let next) = Self.outcome(ledger, LedgerSubmission(bids: [Self.bid(1, 1_300, from: 1_200)]))
        else { Issue.record("bids at the stored price must commit"); return }
        #expect(numbered.sequences == [1, 2])
        #expect(next.sequences == [3])
        // Decided from 1,200 on another node's stale copy: refused, nothing written.
        let stale = Self.outcome(ledger, LedgerSubmission(
            bids: [Self.bid(1, 1_250, from: 1_200, user: 3)],
            changes: [.maximum(ProductID(1), user: UserID(rawValue: 3), maximum: 5_000, placedAt: Self.now)]))
        guard case .conflict(let read) = stale else { Issue.record("a stale decision must conflict"); return }
        #expect(read.lot.price == 1_300)
        #expect(read.bidCount == 3)
        #expect(read.lot.leader == UserID(rawValue: 1))

        let check = try PostgresConnection(fixture.url)
        defer { check.close() }
        let seqs = try check.query("SELECT seq, price FROM bids WHERE product_id = 1 ORDER BY id") { ($0.int64(0), $0.int64(1)) }
        #expect(seqs.map(\.0) == [1, 2, 3])
        #expect(seqs.map(\.1) == [1_100, 1_200, 1_300])
        #expect(try check.scalarInteger("SELECT COUNT(*) FROM proxy_maximums") == 0)
        #expect(try check.scalarInteger("SELECT current_price FROM products WHERE id = 1") == 1_300)
        let heard = try eventuallyNotifications(listener, count: 2)
        #expect(heard.map(\.payload) == ["1:2", "1:3"])
    }

    @Test func oneConflictDoesNotSinkTheOthersInItsBatch() throws {
        let fixture = try PostgresFixture()
        try Self.makeStore(fixture)
        let ledger = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
        defer { ledger.shutdown() }
        let results = ResultBox()
        let latch = Latch<Void>()
        // Queued together: the writer takes them as one batch (or two; either way each is decided alone).
        ledger.submit([Self.bid(1, 1_100, from: 900)]) { results.append(0, $0) }
        ledger.submit([Self.bid(2, 1_100, from: 1_000)]) { results.append(1, $0) }
        ledger.submit([Self.bid(2, 1_200, from: 1_100)]) { results.append(2, $0); latch.fulfil(()) }
        latch.wait()
        let all = results.sorted
        #expect(all.count == 3)
        #expect((try? all[0].get()) == nil)
        #expect((try? all[1].get()) != nil)
        #expect((try? all[2].get()) != nil)
        #expect(try ledger.bids(for: ProductID(2)).map(\.price) == [1_100, 1_200])
        #expect(try ledger.bids(for: ProductID(1)).isEmpty)
    }

    @Test func aKeyUsedOnAnotherNodeGivesBackTheOriginalBid() throws {
        let fixture = try PostgresFixture()
        try Self.makeStore(fixture)
        let nodeA = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
        defer { nodeA.shutdown() }
        let nodeB = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
        defer { nodeB.shutdown() }
        #expect(throws: Never.self) { try Self.submit(nodeA, [Self.bid(1, 1_100, from: 1_000, key: "k1")]).get() }
        let retry = Self.outcome(nodeB, LedgerSubmission(bids: [Self.bid(1, 1_200, from: 1_100, key: "k1")]))
        guard case .duplicateKey(let original) = retry else { Issue.record("a used key must not bid twice"); return }
        #expect(original?.price == 1_100)
        #expect(try nodeB.bids(for: ProductID(1)).count == 1)
    }

    @Test func aLinkLostJustAsCommitLeavesIsAnUnknownOutcomeNotARefusal() throws {
        let fixture = try PostgresFixture()
        try Self.makeStore(fixture)
        let (proxy, url) = try LoopbackTCPProxy.inFront(ofPostgres: fixture.url)
        defer { proxy.close() }
        let ledger = try PostgresClient(store: PostgresConnectionString(url), options: .answering(within: 500)).ledger()
        defer { ledger.shutdown() }
        #expect(Self.outcome(ledger, LedgerSubmission(bids: [Self.bid(1, 1_100, from: 1_000)])).isCommitted)
        // The second round trip (the writes and COMMIT) never reaches PostgreSQL, and no answer comes:
        // the node cannot know whether the store kept the bid, so it may tell nobody it was refused.
        proxy.blackhole(whenClientSends: Array("COMMIT".utf8))
        let lost = Self.outcome(ledger, LedgerSubmission(bids: [Self.bid(1, 1_200, from: 1_100)]))
        guard case .unknown = lost else {
            Issue.record("a commit whose answer never came must be an unknown outcome, got \(lost)")
            return
        }
    }

    @Test func aLostConnectionIsUnavailableThenTheWriterReconnects() throws {
        let fixture = try PostgresFixture()
        try Self.makeStore(fixture)
        let clock = ManualClock()
        let ledger = try PostgresClient(store: PostgresConnectionString(fixture.url), clock: clock).ledger()
        defer { ledger.shutdown() }
        #expect(throws: Never.self) { try Self.submit(ledger, [Self.bid(1, 1_100, from: 1_000)]).get() }
        let admin = try PostgresConnection(fixture.url)
        defer { admin.close() }
        try admin.run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        let lost = Self.submit(ledger, [Self.bid(1, 1_200, from: 1_100)])
        guard case .failure(.unavailable) = lost else { Issue.record("expected unavailable, got \(lost)"); return }
        #expect(throws: Never.self) { try Self.submit(ledger, [Self.bid(1, 1_200, from: 1_100)]).get() }
        #expect(try ledger.bids(for: ProductID(1)).map(\.price) == [1_100, 1_200])
    }

    @Test func aStoreThatStopsAnsweringIsUnavailableWithinTheTimeout() throws {
        let fixture = try PostgresFixture()
        try Self.makeStore(fixture)
        let ledger = try PostgresClient(store: PostgresConnectionString(fixture.url), options: .answering(within: 300)).ledger()
        defer { ledger.shutdown() }
        // Another session holds the product's row and never lets go (as a store cut off mid-transaction would).
        let blocker = try PostgresConnection(fixture.url)
        defer { blocker.close() }
        try blocker.execute("BEGIN")
        try blocker.run("SELECT id FROM products WHERE id = 1 FOR UPDATE")
        let blocked = Self.submit(ledger, [Self.bid(1, 1_100, from: 1_000)])
        guard case .failure(.unavailable) = blocked else { Issue.record("expected unavailable, got \(blocked)"); return }
        try blocker.execute("ROLLBACK")
        #expect(throws: Never.self) { try Self.submit(ledger, [Self.bid(1, 1_100, from: 1_000)]).get() }
    }

    @Test func aStoreThatCannotBeReachedIsUnavailable() throws {
        let closedPort = try PostgresConnectionString("postgres://auction@127.0.0.1:1/none")
        do {
            _ = try PostgresClient(store: closedPort, options: .answering(within: 1_000)).ledger()
            Issue.record("a closed port must fail")
        } catch {
            guard case .unavailable = error else { Issue.record("expected unavailable, got \(error)"); return }
        }
    }

    /// Notifications from `connection` until `count` arrived (polling; no sleeping for time to pass).
    func eventuallyNotifications(_ connection: PostgresConnection, count: Int) throws -> [PostgresNotification] {
        var heard: [PostgresNotification] = []
        for _ in 0..<100 where heard.count < count {
            heard += try connection.waitForNotifications(milliseconds: 50)
        }
        return heard
    }
}

/// Results tagged by submission, from the writer thread.
final class ResultBox: Sendable {
    private let results = Mutex<[(Int, Result<Void, StoreError>)]>([])

    func append(_ tag: Int, _ result: Result<Void, StoreError>) {
        results.withLock { $0.append((tag, result)) }
    }

    var sorted: [Result<Void, StoreError>] {
        results.withLock { $0.sorted { $0.0 < $1.0 }.map(\.1) }
    }
}
