import AuctionCore
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 37, defect 4: with another process holding the SQLite write lock, `/health/ready` said 200
/// `ready` while no bid committed. Ready now means the ledger can commit: not ready (`store_busy`,
/// `store_unreachable`) once its writer has gone the bound without committing, ready again once it commits.
@Suite struct LedgerReadinessTests {
    @Test func readinessIsBusyWhileAnotherConnectionHoldsTheWriteLockAndReadyOnceABidCommits() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try ServerBidTests.serverWithUsers(listings: ServerFixture.listings(count: 3), clock: clock)
        defer { fixture.stop() }
        let port = fixture.addresses.http.port
        @Sendable func ready() -> LoopbackHTTP.Answer? { LoopbackHTTP.exchange(port: port, "GET", "/health/ready") }
        #expect(await offPool { ready() }?.status == 200)
        let client = try fixture.client()
        defer { client.close() }
        #expect(try await client.request(.login(token: "token-alice")).result)

        // Given: a second connection to the file holds its write lock (as another process did in the issue).
        let holder = try SQLiteDatabase(path: fixture.databasePath)
        defer { holder.close() }
        try holder.execute("BEGIN IMMEDIATE")
        // When: a bid waits for it and the server's clock passes the bound (2 s; the lock's own wait is SQLite's, 5 s).
        let bid = Task { try await client.bid(1, 20_000) }
        let busy = await clock.advancing(by: 100) {
            await eventually(timeout: 20) {
                guard let answer = ready() else { return false }
                return answer.status == 503 && answer.body.contains("\"store_busy\"")
            }
        }
        // Then: not ready, saying why.
        let seen = await offPool { ready() }
        #expect(busy, "never store_busy: \(seen.debugDescription)")

        // When: the lock is released. Then: the waiting bid (or, had SQLite given up, the probe) commits, and it is ready.
        try holder.execute("ROLLBACK")
        let again = await eventually(timeout: 20) { ready()?.status == 200 }
        let after = await offPool { ready() }
        #expect(again, "\(after.debugDescription)")
        _ = try? await bid.value
        #expect(try await client.bid(1, 30_000).result, "a bid commits again")
    }

    @Test func failedCommitsSayWhyOnceTheyLastTheBoundAndACommitClearsThem() {
        let clock = ManualClock()
        let health = LedgerHealth(clock: clock)
        health.began()
        health.ended(.failed(.sqlite(code: 13, message: "database or disk is full", path: "a.sqlite")))
        #expect(health.trouble(lastingAtLeast: 2_000) == nil, "not before the bound")
        clock.advance(milliseconds: 2_000)
        #expect(health.trouble(lastingAtLeast: 2_000) == .unreachable)
        #expect(health.wantsProbe() && !health.wantsProbe(), "one probe asked for at a time")
        #expect(health.takeProbe() && !health.takeProbe())
        health.began()
        health.ended(.failed(.sqlite(code: 5, message: "database is locked", path: "a.sqlite")))
        #expect(health.trouble(lastingAtLeast: 2_000) == .busy)
        health.began()
        health.ended(.stored)
        #expect(health.trouble(lastingAtLeast: 2_000) == nil)
        // A constraint is the store answering: no trouble. A commit in progress past the bound is.
        health.began()
        health.ended(.failed(.sqlite(code: 19, message: "constraint failed", path: "a.sqlite")))
        health.began()
        clock.advance(milliseconds: 2_000)
        #expect(health.trouble(lastingAtLeast: 2_000) == .busy)
        #expect(LedgerTrouble(.unavailable(target: "db", reason: "connection refused")) == .unreachable)
        #expect(LedgerTrouble(.postgres(sqlState: "55P03", message: "lock", target: "db")) == .busy)
    }
}
