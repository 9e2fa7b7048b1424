import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Schema 7 on a real PostgreSQL: a bid's update of its product is HOT (it changes no index key), the
/// catalogue's price, activity and bids orders follow bids at the closing duty's copy of the sort keys,
/// any other update of a product copies them at once, and the copy never deadlocks with batches.
@Suite struct PostgresSortKeyTests {
    static let now = PostgresBidLedgerTests.now

    /// Product ids in `sort` order, as the catalogue's query reads them.
    static func order(_ store: CatalogueStore, _ sort: CatalogueQuery.Sort) throws -> [Int] {
        try store.query(CatalogueQueryRequest(CatalogueQuery(sort: sort, status: .all), limit: 50), now: now).ids.map(\.rawValue)
    }

    /// The sort keys and the live columns of every product, by id.
    static func keys(_ connection: PostgresConnection) throws -> [[Int64]] {
        try connection.query("""
            SELECT id, sort_price, current_price, sort_change, last_change, sort_bids, bid_count FROM products ORDER BY id
            """) { row in (0..<7).map { row.int64($0) } }
    }

    @Test func aBidsProductUpdateChangesNoIndexKeyAndTheSortFollowsAtTheCopy() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 3)
        let url = try PostgresConnectionString(fixture.url)
        let check = try PostgresConnection(fixture.url)
        defer { check.close() }

        // The bid path's own update, in one transaction of this backend: HOT, so no index got an entry.
        try check.execute("BEGIN")
        try check.run("INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, seq) VALUES (3, 1500, 1000, 1, 0, 1)")
        let updated = try check.scalarInteger("SELECT pg_stat_get_xact_tuples_updated('products'::regclass)")
        let hot = try check.scalarInteger("SELECT pg_stat_get_xact_tuples_hot_updated('products'::regclass)")
        try check.execute("COMMIT")
        #expect(updated == 1 && hot == 1, "the bid's product update must be HOT (\(String(describing: hot)) of \(String(describing: updated)))")

        let ledger = try PostgresClient(store: url).ledger()
        defer { ledger.shutdown() }
        let bids = [PostgresBidLedgerTests.bid(1, 2_000, from: 1_000), PostgresBidLedgerTests.bid(2, 1_200, from: 1_000, user: 2)]
        guard case .committed = PostgresBidLedgerTests.outcome(ledger, LedgerSubmission(bids: bids)) else {
            Issue.record("bids at the stored price must commit"); return
        }
        let store = try CatalogueStore(target: .postgres(url))
        defer { store.close() }
        // Until the copy, lists order by the keys as they were; the lots themselves show the new prices.
        #expect(try Self.order(store, .price) == [1, 2, 3])
        #expect(try Self.order(store, .bids) == [1, 2, 3])
        #expect(try check.scalarInteger("SELECT current_price FROM products WHERE id = 1") == 2_000)
        #expect(try check.query("SELECT product_id FROM products_unsorted ORDER BY product_id") { $0.int64(0) } == [1, 2, 3])
        // A price filter holds the live price too: lot 1 (2,000 now, key 1,000) is not listed under
        // 1,500; a lot that rose into a range waits for the copy (every key is still 1,000).
        let upTo1500 = CatalogueQuery(sort: .price, maximumPrice: Money(1_500), status: .all)
        #expect(try store.query(CatalogueQueryRequest(upTo1500, limit: 50), now: Self.now).ids.map(\.rawValue) == [2, 3])
        let from1100 = CatalogueQuery(sort: .price, minimumPrice: Money(1_100), status: .all)
        #expect(try store.query(CatalogueQueryRequest(from1100, limit: 50), now: Self.now).ids.isEmpty)

        let duty = PostgresClient(store: url, clock: ManualClock()).closingDuty()
        defer { duty.close() }
        #expect(try await offPool { try duty.refreshSortKeys() } == 0, "only the holder copies")
        #expect(await offPool { duty.takeOver() })
        #expect(try await offPool { try duty.refreshSortKeys() } == 3)
        #expect(try Self.order(store, .price) == [2, 3, 1])
        #expect(try Self.order(store, .change) == [1, 3, 2])
        #expect(try store.query(CatalogueQueryRequest(from1100, limit: 50), now: Self.now).ids.map(\.rawValue) == [2, 3, 1])
        #expect(try Self.keys(check).allSatisfy { $0[1] == $0[2] && $0[3] == $0[4] && $0[5] == $0[6] })
        #expect(try check.scalarInteger("SELECT COUNT(*) FROM products_unsorted") == 0)
        #expect(try await offPool { try duty.refreshSortKeys() } == 0)
    }

    @Test func anyOtherUpdateOrInsertOfAProductCopiesItsKeysAtOnce() throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 2)
        let check = try PostgresConnection(fixture.url)
        defer { check.close() }
        // A seller's edit of the start price of a lot without bids moves its current price too.
        try check.run("UPDATE products SET start_price = 700, current_price = 700 WHERE id = 2")
        try check.run("""
            INSERT INTO products (id, name, seller, start_price, current_price, last_change_at, listed_at) VALUES (3, 'New', 's', 50, 50, 0, 0)
            """)
        let store = try CatalogueStore(target: .postgres(try PostgresConnectionString(fixture.url)))
        defer { store.close() }
        #expect(try Self.order(store, .price) == [3, 2, 1])
        #expect(try check.scalarInteger("SELECT COUNT(*) FROM products_unsorted") == 0)
    }

    /// Batches on a few lots race the copy, round after round; neither ever waits on the other in a
    /// cycle (PostgreSQL would abort one as a deadlock) and after each round's copy every key is the live value.
    @Test func theCopyRacesBatchesWithoutDeadlockAndEndsWithEveryKeyLive() async throws {
        let fixture = try PostgresFixture()
        let lots = 4
        try PostgresBidLedgerTests.makeStore(fixture, products: lots)
        let url = try PostgresConnectionString(fixture.url)
        let ledger = try PostgresClient(store: url).ledger()
        defer { ledger.shutdown() }
        let duty = PostgresClient(store: url, clock: ManualClock()).closingDuty()
        defer { duty.close() }
        #expect(await offPool { duty.takeOver() })
        let failures = try await offPool { () throws -> [String] in
            try Self.race(rounds: 200, lots: lots, ledger: ledger, duty: duty, url: fixture.url)
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// The race's rounds (on a thread of its own: every round waits for a commit and for the copy).
    private static func race(rounds: Int, lots: Int, ledger: PostgresBidLedger, duty: PostgresClosingDuty,
                             url: String) throws -> [String] {
        let check = try PostgresConnection(url)
        defer { check.close() }
        var prices = [Int64](repeating: 1_000, count: lots + 1)
        var failures: [String] = []
        for round in 0..<rounds {
            let copying = Latch<String?>()
            let thread = WorkerThread(name: "sort-copy")
            _ = thread.submit {
                do { _ = try duty.refreshSortKeys(); copying.fulfil(nil) } catch { copying.fulfil("\(error)") }
            }
            var bids: [AcceptedBid] = []
            for lot in [round % lots + 1, (round + 1) % lots + 1, (round + 2) % lots + 1] {
                bids.append(PostgresBidLedgerTests.bid(lot, prices[lot] + 10, from: prices[lot], user: Int64(lot % 3 + 1)))
                prices[lot] += 10
            }
            let outcome = PostgresBidLedgerTests.outcome(ledger, LedgerSubmission(bids: bids))
            if case .committed = outcome {} else { failures.append("round \(round): the batch did not commit: \(outcome)") }
            if let failure = copying.wait() { failures.append("round \(round): the copy failed: \(failure)") }
            thread.shutdown()
            _ = try duty.refreshSortKeys()
            let keys = try Self.keys(check)
            if !keys.allSatisfy({ $0[1] == $0[2] && $0[3] == $0[4] && $0[5] == $0[6] }) || keys.map({ $0[2] }) != Array(prices[1...]) {
                failures.append("round \(round): keys \(keys), prices \(prices[1...])")
            }
            if failures.count > 3 { break }
        }
        return failures
    }
}
