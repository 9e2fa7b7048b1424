import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 22, health: `/health/live` answers while the process does; `/health/ready` is 503 with its
/// reasons while starting, with the shared store out of reach, or draining, and 200 otherwise.
@Suite struct HealthEndpointsTests {
    @Test func readinessNamesEveryReasonUntilItsCleared() {
        let readiness = Readiness()
        #expect(readiness.notReadyBecause == [.starting])
        readiness.set(.starting, false)
        #expect(readiness.notReadyBecause.isEmpty)
        readiness.set(.draining, true)
        #expect(readiness.notReadyBecause == [.draining])
    }

    @Test func aStartedServerIsLiveAndReadyOverHTTP() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: folder.file("auction.sqlite"))
        configuration.simulation = nil
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        #expect(server.readiness.notReadyBecause == [.starting])
        let addresses = try server.start()
        defer { server.stop() }
        let port = addresses.http.port
        let live = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/health/live") }
        #expect(live?.status == 200 && live?.body.contains("\"live\"") == true, "\(live.debugDescription)")
        let ready = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/health/ready") }
        #expect(ready?.status == 200 && ready?.body.contains("\"ready\"") == true, "\(ready.debugDescription)")
        server.readiness.set(.draining, true)
        let draining = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/health/ready") }
        #expect(draining?.status == 503 && draining?.body.contains("draining") == true, "\(draining.debugDescription)")
    }
}
