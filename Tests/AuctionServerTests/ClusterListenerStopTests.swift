import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// A cluster listener that cannot reach its store backs off between attempts; `stop` ends the
/// backoff at once (it waits on the stop signal), however long the pause was meant to last. A
/// listening one waits for notifications with no timeout to poll on: `stop` wakes that wait too.
@Suite struct ClusterListenerStopTests {
    @Test func stopEndsABackoffPauseAtOnce() throws {
        // Port 1 on loopback: nothing listens, so every attempt is refused at once.
        var configuration = ClusterListener.Configuration(store: try PostgresConnectionString("postgresql://127.0.0.1:1/none"))
        configuration.reconnect = ReconnectBackoff(initialMilliseconds: 600_000, maximumMilliseconds: 600_000, jitter: 0)
        let listener = ClusterListener(configuration: configuration, sequences: ProductSequences(), log: .silent) { _ in }
        listener.start()
        var waited = 0
        while listener.statistics.failedAttempts == 0, waited < 10_000 {
            usleep(5_000)
            waited += 5
        }
        #expect(listener.statistics.failedAttempts == 1)  // and now in a ten-minute pause
        let before = MonotonicClock.milliseconds()
        listener.stop()
        // Far under the pause: the bound only absorbs a loaded machine's scheduling.
        #expect(MonotonicClock.milliseconds() - before < 5_000)
        #expect(listener.statistics.failedAttempts == 1)
    }

    /// Real PostgreSQL: the listener is connected and waiting for notifications, each wait up to ten
    /// minutes; `stop` still returns at once (its wake signal ends the wait, no 100 ms poll does).
    @Test func stopWakesAListenerWaitingForNotifications() throws {
        let fixture = try PostgresFixture()
        let setup = try PostgresConnection(fixture.url)
        try PostgresSchema.migrate(setup)
        setup.close()
        var configuration = ClusterListener.Configuration(store: try PostgresConnectionString(fixture.url))
        configuration.waitMilliseconds = 600_000
        let listener = ClusterListener(configuration: configuration, sequences: ProductSequences(), log: .silent) { _ in }
        listener.start()
        var waited = 0
        while !listener.statistics.listening, waited < 20_000 {
            usleep(5_000)
            waited += 5
        }
        #expect(listener.statistics.listening)
        let before = MonotonicClock.milliseconds()
        listener.stop()
        #expect(MonotonicClock.milliseconds() - before < 5_000)
    }
}
