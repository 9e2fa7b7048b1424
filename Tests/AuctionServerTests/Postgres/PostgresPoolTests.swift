import AuctionCore
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// The pool a node's stores share: a borrower beyond its size waits for a connection to come back,
/// a broken one is replaced, and once closed nothing is lent.
@Suite struct PostgresPoolTests {
    /// A pool of `size` on the fixture's database; borrowers wait at most `timeoutMilliseconds` + 1 s
    /// (long by default: a test waits for a waiting borrower on a loaded machine).
    static func pool(_ fixture: PostgresFixture, size: Int, timeoutMilliseconds: Int64 = 60_000) throws -> PostgresPool {
        var store = try PostgresConnectionString(fixture.url)
        store.link = PostgresLinkPolicy(timeoutMilliseconds: timeoutMilliseconds)
        return PostgresPool(store: store, size: size)
    }

    /// The backend serving the borrowed connection.
    static func backend(_ connection: PostgresConnection) throws(StoreError) -> Int64 {
        try connection.scalarInteger("SELECT pg_backend_pid()") ?? -1
    }

    /// Whether `condition` holds within 30 s, polled on this thread (not on Swift's pool, which
    /// other tests' blocking calls may hold).
    static func soon(_ condition: () throws -> Bool) rethrows -> Bool {
        for _ in 0..<6_000 {
            if try condition() { return true }
            usleep(5_000)
        }
        return try condition()
    }

    /// One connection of a pool, borrowed on a thread of its own and held until `release()`.
    final class Holder: Sendable {
        /// The backend serving it (nil when none was lent within 10 s, -1 when borrowing failed).
        let backend: Int64?
        private let thread: WorkerThread
        private let released: Latch<Void>

        /// Borrows from `pool` on a new thread named `name` and waits until the connection is held.
        init(_ pool: PostgresPool, name: String = "pool-test") {
            let thread = WorkerThread(name: name), held = Latch<Int64>(), released = Latch<Void>()
            self.thread = thread
            self.released = released
            _ = thread.submit {
                do throws(StoreError) {
                    try pool.withConnection { connection throws(StoreError) in
                        held.fulfil(try PostgresPoolTests.backend(connection))
                        _ = released.wait(milliseconds: 30_000)
                    }
                } catch {
                    held.fulfil(-1)
                }
            }
            backend = held.wait(milliseconds: 10_000)
        }

        /// Gives the connection back.
        func release() { released.fulfil(()) }

        /// Gives it back and joins the thread.
        func stop() {
            release()
            thread.shutdown()
        }
    }

    @Test func aBorrowerBeyondTheSizeWaitsThenGetsAConnectionThatCameBack() throws {
        let fixture = try PostgresFixture()
        let pool = try Self.pool(fixture, size: 2)
        defer { pool.close() }
        let holders = [Holder(pool, name: "pool-test-0"), Holder(pool, name: "pool-test-1")]
        defer { holders.forEach { $0.stop() } }
        let backends = holders.map(\.backend)
        #expect(backends[0] != nil && backends[0] != backends[1] && backends.allSatisfy { ($0 ?? -1) > 0 })
        let waiter = WorkerThread(name: "pool-test-2")
        defer { waiter.shutdown() }

        let third = Latch<Int64>()
        _ = waiter.submit { third.fulfil((try? pool.withConnection { connection throws(StoreError) in try Self.backend(connection) }) ?? -1) }
        #expect(Self.soon { pool.waitingCount == 1 })
        #expect(third.wait(milliseconds: 0) == nil)
        #expect(pool.openCount == 2)

        holders[0].release()
        // The third borrower ran on the first one's connection, once it came back: no third backend.
        #expect(third.wait(milliseconds: 10_000) == backends[0])
        #expect(pool.openCount == 2)
    }

    @Test func aBorrowerThatWaitsPastTheAnswerDeadlineIsUnavailable() throws {
        let fixture = try PostgresFixture()
        let pool = try Self.pool(fixture, size: 1, timeoutMilliseconds: 100)
        defer { pool.close() }
        let holder = Holder(pool)
        defer { holder.stop() }
        #expect((holder.backend ?? -1) > 0)
        do {
            _ = try pool.withConnection { connection throws(StoreError) in try Self.backend(connection) }
            Issue.record("a borrower must not wait forever")
        } catch {
            guard case .unavailable(_, let reason) = error else { Issue.record("expected unavailable, got \(error)"); return }
            #expect(reason.contains("busy"))
        }
    }

    @Test func aBrokenConnectionIsReplacedAndOneLeftInATransactionIsNotLentAgain() throws {
        let fixture = try PostgresFixture()
        let pool = try Self.pool(fixture, size: 1)
        defer { pool.close() }
        let first = try pool.withConnection { connection throws(StoreError) in try Self.backend(connection) }
        let admin = try PostgresConnection(fixture.url)
        defer { admin.close() }
        _ = try admin.scalarInteger("SELECT COUNT(pg_terminate_backend(?))", [.integer(first)])
        for _ in 0..<1_000 where try admin.scalarInteger("SELECT COUNT(*) FROM pg_stat_activity WHERE pid = ?", [.integer(first)]) != 0 {
            usleep(5_000)  // pg_terminate_backend only signals: wait until the backend is gone
        }

        let second = try pool.withConnection { connection throws(StoreError) in try Self.backend(connection) }
        #expect(second != first)
        #expect(pool.openCount == 1)

        // A body that left a transaction open (or failed inside one) gives back a connection nobody may reuse.
        try pool.withConnection { connection throws(StoreError) in try connection.execute("BEGIN") }
        let third = try pool.withConnection { connection throws(StoreError) in try Self.backend(connection) }
        #expect(third != second)
        #expect(pool.openCount == 1)
    }

    @Test func aClosedPoolLendsNothingAndClosesWhatComesBack() throws {
        let fixture = try PostgresFixture()
        let pool = try Self.pool(fixture, size: 1)
        let holder = Holder(pool)
        defer { holder.stop() }
        #expect((holder.backend ?? -1) > 0)
        let waiter = WorkerThread(name: "pool-test-waiter")
        defer { waiter.shutdown() }
        let waited = Latch<String>()
        _ = waiter.submit {
            do throws(StoreError) {
                try pool.withConnection { _ throws(StoreError) in }
                waited.fulfil("lent")
            } catch {
                if case .closed = error { waited.fulfil("closed") } else { waited.fulfil("\(error)") }
            }
        }
        #expect(Self.soon { pool.waitingCount == 1 })

        pool.close()
        // The waiting borrower and every later one fail `.closed`; the lent connection closes when it comes back.
        #expect(waited.wait(milliseconds: 10_000) == "closed")
        do {
            try pool.withConnection { _ throws(StoreError) in }
            Issue.record("a closed pool must not lend")
        } catch {
            guard case .closed = error else { Issue.record("expected closed, got \(error)"); return }
        }
        holder.release()
        #expect(Self.soon { pool.openCount == 0 })
        let admin = try PostgresConnection(fixture.url)
        defer { admin.close() }
        #expect(Self.soon {
            (try? NodeConnectionBoundTests.backends(admin)) == 0
        })
    }

    @Test func aClientsLedgerReadsThroughTheClientsPoolWithoutAReaderOfItsOwn() throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture)
        var options = PostgresOptions.answering(within: 60_000)
        options.poolSize = 1
        let client = PostgresClient(store: try PostgresConnectionString(fixture.url), options: options)
        let pool = client.pool
        defer { client.close() }
        let ledger = try client.ledger()
        #expect(throws: Never.self) { try PostgresBidLedgerTests.submit(ledger, [PostgresBidLedgerTests.bid(1, 1_100, from: 1_000)]).get() }
        #expect(try ledger.bids(for: ProductID(1)).map(\.price) == [1_100])
        #expect(try ledger.storedLot(ProductID(1)).price == 1_100)
        #expect(pool.openCount == 1)
        let admin = try PostgresConnection(fixture.url)
        defer { admin.close() }
        // The writer's connection and the pool's one: no third (the set-up's own backend may still be leaving).
        #expect(Self.soon {
            (try? NodeConnectionBoundTests.backends(admin)) == 2
        })
        ledger.shutdown()
        // The ledger leaves the node's pool open: the stores still borrow from it.
        #expect(try pool.withConnection { connection throws(StoreError) in try connection.scalarInteger("SELECT 1") } == 1)
    }
}
