import AuctionInfrastructure
import AuctionServer
import Foundation
import Glibc
import AuctionTestSupport
import Testing

/// Issue 22, health: a node is not ready, with the reason `migrating`, while its start migrates the
/// shared store's schema — here held by the test, which takes the migration's advisory lock first, as
/// another node migrating would — and its HTTP port says so meanwhile. Real PostgreSQL; no sleeps: the
/// lock decides when the start goes on.
@Suite struct MigratingReadinessTests {
    @Test func aNodeWaitingForTheSchemaMigrationSaysMigratingUntilItIsDone() async throws {
        let fixture = try PostgresFixture()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: folder.file("unused.sqlite"))
        configuration.store = try PostgresConnectionString(fixture.url)
        configuration.simulation = nil
        // A free port of the test's choosing, so it can ask the node before `start()` returns.
        let (claimed, port) = try #require(LoopbackPort.claim())
        close(claimed)
        configuration.httpPort = port
        let holder = try PostgresConnection(fixture.url)
        defer { holder.close() }
        _ = try holder.run("SELECT pg_advisory_lock(?)", [.integer(PostgresSchema.migrationLock)])

        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        defer { server.stop() }
        let failure = Mutex<String?>(nil)
        // The start runs on a thread of its own from here on, not from a task: a task waits for a thread
        // of Swift's pool, which other tests' blocking work may hold for longer than the wait below.
        let started = Latch<Bool>()
        Thread {
            do {
                try server.start()
                started.fulfil(true)
            } catch {
                failure.withLock { $0 = "\(error)" }
                started.fulfil(false)
            }
        }.start()
        #expect(await eventually { server.readiness.notReadyBecause == [.starting, .migrating] },
                "readiness \(server.readiness.notReadyBecause); start failed: \(failure.withLock { $0 } ?? "not (yet)")")
        // The HTTP port already answers why: live, not ready (starting, migrating); other routes 503.
        let live = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/health/live") }
        #expect(live?.status == 200, "\(live.debugDescription)")
        let ready = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/health/ready") }
        #expect(ready?.status == 503 && ready?.body.contains(#""reasons":["starting","migrating"]"#) == true, "\(ready.debugDescription)")
        let list = await offPool { LoopbackHTTP.exchange(port: port, "POST", "/products/alllist", json: #"{"index":1}"#) }
        #expect(list?.status == 503, "\(list.debugDescription)")
        _ = try holder.run("SELECT pg_advisory_unlock(?)", [.integer(PostgresSchema.migrationLock)])
        #expect(await offPool { started.wait(milliseconds: 60_000) } == true, "the start goes on once the lock is free")
        #expect(!server.readiness.notReadyBecause.contains(.migrating) && !server.readiness.notReadyBecause.contains(.starting))
        // Ready once the cluster listener has reached the store too.
        #expect(await eventually { server.readiness.notReadyBecause.isEmpty })
        #expect(server.addresses?.http.port == port, "the real listener took the same port")
        let readyNow = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/health/ready") }
        #expect(readyNow?.status == 200, "\(readyNow.debugDescription)")
    }
}
