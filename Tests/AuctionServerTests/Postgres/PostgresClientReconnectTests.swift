import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// A node whose PostgreSQL is down tries again only when its backoff, on the server's clock, says so:
/// in between, every call fails at once without touching the network.
@Suite struct PostgresClientReconnectTests {
    private static func client(_ refuser: RefusingListener, clock: ManualClock) throws -> PostgresClient {
        var options = PostgresOptions.answering(within: 5_000)
        options.reconnect = ReconnectBackoff(initialMilliseconds: 1_000, maximumMilliseconds: 4_000, jitter: 0)
        return PostgresClient(store: try PostgresConnectionString("postgresql://127.0.0.1:\(refuser.port)/none"), options: options, clock: clock)
    }

    @Test func thePoolWaitsOutEachPauseBeforeConnectingAgain() throws {
        let refuser = try RefusingListener()
        defer { refuser.close() }
        let clock = ManualClock()
        let client = try Self.client(refuser, clock: clock)
        defer { client.close() }
        let ask = { try client.pool.withConnection { connection throws(StoreError) in try connection.scalarInteger("SELECT 1") } }

        #expect(throws: StoreError.self) { try ask() }
        #expect(refuser.connections == 1)
        #expect(throws: StoreError.self) { try ask() }  // within the first pause: no attempt
        #expect(refuser.connections == 1)
        clock.advance(milliseconds: 999)
        #expect(throws: StoreError.self) { try ask() }
        #expect(refuser.connections == 1)
        clock.advance(milliseconds: 1)
        #expect(throws: StoreError.self) { try ask() }
        #expect(refuser.connections == 2)
        clock.advance(milliseconds: 1_999)  // the second pause is twice the first
        #expect(throws: StoreError.self) { try ask() }
        #expect(refuser.connections == 2)
        clock.advance(milliseconds: 1)
        #expect(throws: StoreError.self) { try ask() }
        #expect(refuser.connections == 3)
    }

    @Test func theClosingDutyWaitsOutThePauseToo() throws {
        let refuser = try RefusingListener()
        defer { refuser.close() }
        let clock = ManualClock()
        let client = try Self.client(refuser, clock: clock)
        defer { client.close() }
        let duty = client.closingDuty(retryMilliseconds: 10)
        defer { duty.close() }

        #expect(!duty.takeOver())
        #expect(refuser.connections == 1)
        clock.advance(milliseconds: 500)  // past its own retry period, within the backoff's pause
        #expect(!duty.takeOver())
        #expect(refuser.connections == 1)
        clock.advance(milliseconds: 500)
        #expect(!duty.takeOver())
        #expect(refuser.connections == 2)
    }
}
