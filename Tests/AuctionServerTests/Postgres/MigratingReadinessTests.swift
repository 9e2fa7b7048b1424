import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 22, health: a node is not ready, with the reason `migrating`, while its start migrates the
/// shared store's schema — here held by the test, which takes the migration's advisory lock first, as
/// another node migrating would. Real PostgreSQL; no sleeps: the lock decides when the start goes on.
@Suite struct MigratingReadinessTests {
    @Test func aNodeWaitingForTheSchemaMigrationSaysMigratingUntilItIsDone() async throws {
        let fixture = try PostgresFixture()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: folder.file("unused.sqlite"))
        configuration.store = try PostgresConnectionString(fixture.url)
        configuration.simulation = nil
        let holder = try PostgresConnection(fixture.url)
        defer { holder.close() }
        _ = try holder.run("SELECT pg_advisory_lock(?)", [.integer(PostgresSchema.migrationLock)])

        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        defer { server.stop() }
        let start = Task { await offPool { (try? server.start()) != nil } }
        #expect(await eventually { server.readiness.notReadyBecause == [.starting, .migrating] })
        _ = try holder.run("SELECT pg_advisory_unlock(?)", [.integer(PostgresSchema.migrationLock)])
        #expect(await start.value, "the start goes on once the lock is free")
        #expect(!server.readiness.notReadyBecause.contains(.migrating) && !server.readiness.notReadyBecause.contains(.starting))
        // Ready once the cluster listener has reached the store too.
        #expect(await eventually { server.readiness.notReadyBecause.isEmpty })
    }
}
