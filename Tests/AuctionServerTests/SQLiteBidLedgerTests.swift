import AuctionCore
import AuctionServer
import AuctionTestSupport
import CSQLite
import Dispatch
import Foundation
import Testing

@Suite struct SQLiteBidLedgerTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    /// A store holding products 1…count at 1,000 won each.
    static func makeStore(at path: String, products count: Int) throws {
        let store = try CatalogueStore(path: path)
        try store.add((1...count).map {
            ProductListing(id: ProductID($0), name: "Item \($0)", seller: "s", startPrice: 1_000, listedAt: now)
        })
        store.close()
    }

    /// Submits every bid from `threads` threads (each bid list in order on one thread) and waits for all completions.
    static func submitConcurrently(_ ledger: SQLiteBidLedger, _ perThread: [[AcceptedBid]]) -> [Result<Void, StoreError>] {
        let results = ResultLog()
        let group = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: perThread.count) { index in
            for bid in perThread[index] {
                group.enter()
                ledger.submit([bid]) { result in
                    results.append(result)
                    group.leave()
                }
            }
        }
        group.wait()
        return results.all
    }

    static func rising(product: Int, count: Int, from start: Int64 = 1_000, step: Int64 = 500) -> [AcceptedBid] {
        (1...count).map { n in
            AcceptedBid(productID: ProductID(product), price: Money(start + Int64(n) * step),
                        previousPrice: Money(start + Int64(n - 1) * step), bidder: nil,
                        acceptedAt: now.adding(milliseconds: Int64(n)))
        }
    }

    @Test func thousandBidsFromSeveralThreadsAreDurableWhenCompletionsFire() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("ledger.sqlite")
        try Self.makeStore(at: path, products: 8)
        let ledger = try SQLiteBidLedger(path: path)
        let perThread = (1...8).map { Self.rising(product: $0, count: 125) }

        let results = Self.submitConcurrently(ledger, perThread)

        #expect(results.count == 1_000)
        #expect(results.allSatisfy { if case .success = $0 { true } else { false } })
        // Committed already: another connection sees every bid before shutdown.
        let observer = try SQLiteDatabase.openStore(at: path)
        #expect(try observer.scalarInteger("SELECT COUNT(*) FROM bids") == 1_000)
        observer.close()
        #expect(ledger.statistics.committedBids == 1_000 && ledger.statistics.failedBids == 0)
        #expect((1...1_000).contains(ledger.statistics.commits))
        ledger.shutdown()

        let reopened = try SQLiteBidLedger(path: path)
        defer { reopened.shutdown() }
        let prices = try reopened.currentPrices()
        for product in 1...8 {
            let bids = try reopened.bids(for: ProductID(product))
            #expect(bids == perThread[product - 1])
            #expect(prices[ProductID(product)] == bids.map(\.price).max())
        }
        #expect(try reopened.bidCount() == 1_000)
        let check = try SQLiteDatabase.openStore(at: path)
        #expect(try check.integrityCheck() == ["ok"])
    }

    @Test func recordReturnsAfterCommitAndUpdatesTheProduct() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("record.sqlite")
        try Self.makeStore(at: path, products: 2)
        let ledger = try SQLiteBidLedger(path: path)
        defer { ledger.shutdown() }
        let bidder = try SQLiteDatabase.openStore(at: path)
        try bidder.run("INSERT INTO users (id, name, password_hash, created_at) VALUES (7, 'carol', 'h', 1)")

        try ledger.record([AcceptedBid(productID: 2, price: 4_000, previousPrice: 1_000, bidder: UserID(rawValue: 7), acceptedAt: Self.now)])

        #expect(try ledger.currentPrices() == [1: 1_000, 2: 4_000])
        #expect(try ledger.bids(for: 2).first?.bidder == UserID(rawValue: 7))
        let row = try bidder.query("SELECT current_price, last_change, last_change_at FROM products WHERE id = 2") {
            [$0.int64(0), $0.int64(1), $0.int64(2)]
        }
        #expect(row == [[4_000, 3_000, Self.now.millisecondsSinceEpoch]])
    }

    @Test func lockedDatabaseFailsEveryCompletionAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("locked.sqlite")
        try Self.makeStore(at: path, products: 4)
        let ledger = try SQLiteBidLedger(path: path, busyTimeoutMilliseconds: 20)
        defer { ledger.shutdown() }
        let holder = try SQLiteDatabase.openStore(at: path)
        try holder.execute("BEGIN IMMEDIATE")

        let results = Self.submitConcurrently(ledger, (1...4).map { Self.rising(product: $0, count: 10) })
        try holder.execute("ROLLBACK")

        #expect(results.count == 40)
        for result in results {
            guard case .failure(let error) = result else { Issue.record("a bid succeeded under a held lock"); continue }
            #expect(error.sqliteCode == SQLITE_BUSY)
            #expect(error.description.contains("database is locked"))
        }
        #expect(try ledger.bidCount() == 0)
        #expect(ledger.statistics.failedBids == 40 && ledger.statistics.committedBids == 0)
        #expect(try ledger.currentPrices().values.allSatisfy { $0 == 1_000 })
        // The ledger recovers once the lock is gone.
        try ledger.record(Self.rising(product: 1, count: 1))
        #expect(try ledger.bidCount() == 1)
    }

    @Test func aBidForAMissingProductFailsAloneInItsBatch() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("missing.sqlite")
        try Self.makeStore(at: path, products: 3)
        let ledger = try SQLiteBidLedger(path: path)
        defer { ledger.shutdown() }
        var perThread = (1...3).map { Self.rising(product: $0, count: 50) }
        perThread.append(Self.rising(product: 99, count: 5))

        let results = Self.submitConcurrently(ledger, perThread)

        let failures = results.compactMap { result -> StoreError? in
            if case .failure(let error) = result { return error }
            return nil
        }
        #expect(failures.count == 5)
        #expect(failures.allSatisfy { $0.sqliteCode == SQLITE_CONSTRAINT })
        #expect(try ledger.bidCount() == 150)
        #expect(try ledger.currentPrices()[3] == Money(1_000 + 50 * 500))
    }

    @Test func shutdownDrainsTheQueueThenRefuses() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("drain.sqlite")
        try Self.makeStore(at: path, products: 1)
        let ledger = try SQLiteBidLedger(path: path)
        let results = ResultLog()
        for bid in Self.rising(product: 1, count: 200) {
            ledger.submit([bid]) { results.append($0) }
        }

        ledger.shutdown()

        #expect(results.all.count == 200)
        #expect(results.all.allSatisfy { if case .success = $0 { true } else { false } })
        let late = ResultLog()
        ledger.submit(Self.rising(product: 1, count: 1)) { late.append($0) }
        #expect(late.all.count == 1)
        if case .failure(let error)? = late.all.first {
            #expect(error == .closed(path: path))
        } else {
            Issue.record("a bid was taken after shutdown")
        }
        #expect(throws: StoreError.closed(path: path)) { try ledger.record(Self.rising(product: 1, count: 1)) }
        let reopened = try SQLiteBidLedger(path: path)
        defer { reopened.shutdown() }
        #expect(try reopened.bidCount() == 200)
    }

    @Test func recordFromACompletionCommitsWithoutDeadlock() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("reentrant.sqlite")
        try Self.makeStore(at: path, products: 1)
        let ledger = try SQLiteBidLedger(path: path)
        defer { ledger.shutdown() }
        let bids = Self.rising(product: 1, count: 2)
        let inner = ResultLog()
        let done = DispatchSemaphore(value: 0)

        ledger.submit([bids[0]]) { _ in
            do throws(StoreError) {
                try ledger.record([bids[1]])
                inner.append(.success(()))
            } catch {
                inner.append(.failure(error))
            }
            done.signal()
        }
        done.wait()

        #expect(inner.all.count == 1)
        #expect(try ledger.allBids() == bids)
    }

    @Test func aSecondProcessStyleConnectionReadsWhileTheLedgerWrites() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("shared.sqlite")
        try Self.makeStore(at: path, products: 1)
        let ledger = try SQLiteBidLedger(path: path)
        defer { ledger.shutdown() }
        let reader = try SQLiteDatabase(path: path, options: [.readOnly])
        try reader.execute("BEGIN")
        _ = try reader.scalarInteger("SELECT COUNT(*) FROM bids")

        // A reader holding a snapshot does not block the writer (WAL).
        try ledger.record(Self.rising(product: 1, count: 3))

        #expect(try reader.scalarInteger("SELECT COUNT(*) FROM bids") == 0)
        try reader.execute("COMMIT")
        #expect(try reader.scalarInteger("SELECT COUNT(*) FROM bids") == 3)
    }
}

/// Completion results gathered from many threads.
final class ResultLog: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Void, StoreError>] = []

    func append(_ result: Result<Void, StoreError>) {
        lock.lock()
        results.append(result)
        lock.unlock()
    }

    var all: [Result<Void, StoreError>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
