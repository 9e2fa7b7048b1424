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

    /// Borrows on `thread` and holds the connection until `release` opens; its backend goes to `held`.
    static func hold(_ pool: PostgresPool, on thread: WorkerThread, held: Latch<Int64>, until release: Latch<Void>) {
        _ = thread.submit {
            do {
                try pool.withConnection { connection throws(StoreError) in
                    held.fulfil(try backend(connection))
                    _ = release.wait(milliseconds: 10_000)
                }
            } catch {
                held.fulfil(-1)
            }
        }
    }

    @Test func aBorrowerBeyondTheSizeWaitsThenGetsAConnectionThatCameBack() throws {
        let fixture = try PostgresFixture()
        let pool = try Self.pool(fixture, size: 2)
        defer { pool.close() }
        let threads = (0..<3).map { WorkerThread(name: "pool-test-\($0)") }
        defer { threads.forEach { $0.shutdown() } }
        let held = [Latch<Int64>(), Latch<Int64>()], release = [Latch<Void>(), Latch<Void>()]
        defer { release.forEach { $0.fulfil(()) } }
        for index in 0..<2 { Self.hold(pool, on: threads[index], held: held[index], until: release[index]) }
        let backends = held.map { $0.wait(milliseconds: 10_000) }
        #expect(backends[0] != nil && backends[0] != backends[1] && backends.allSatisfy { ($0 ?? -1) > 0 })

        let third = Latch<Int64>()
        _ = threads[2].submit { third.fulfil((try? pool.withConnection { connection throws(StoreError) in try Self.backend(connection) }) ?? -1) }
        #expect(Self.soon { pool.waitingCount == 1 })
        #expect(third.wait(milliseconds: 0) == nil)
        #expect(pool.openCount == 2)

        release[0].fulfil(())
        // The third borrower ran on the first one's connection, once it came back: no third backend.
        #expect(third.wait(milliseconds: 10_000) == backends[0])
        #expect(pool.openCount == 2)
    }

    @Test func aBorrowerThatWaitsPastTheAnswerDeadlineIsUnavailable() throws {
        let fixture = try PostgresFixture()
        let pool = try Self.pool(fixture, size: 1, timeoutMilliseconds: 100)
        defer { pool.close() }
        let thread = WorkerThread(name: "pool-test")
        defer { thread.shutdown() }
        let held = Latch<Int64>(), release = Latch<Void>()
        defer { release.fulfil(()) }
        Self.hold(pool, on: thread, held: held, until: release)
        #expect((held.wait(milliseconds: 10_000) ?? -1) > 0)
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
        let thread = WorkerThread(name: "pool-test")
        defer { thread.shutdown() }
        let held = Latch<Int64>(), release = Latch<Void>()
        defer { release.fulfil(()) }
        Self.hold(pool, on: thread, held: held, until: release)
        #expect((held.wait(milliseconds: 10_000) ?? -1) > 0)
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
        release.fulfil(())
        #expect(Self.soon { pool.openCount == 0 })
        let admin = try PostgresConnection(fixture.url)
        defer { admin.close() }
        #expect(Self.soon {
            (try? admin.scalarInteger("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")) == 0
        })
    }
}
