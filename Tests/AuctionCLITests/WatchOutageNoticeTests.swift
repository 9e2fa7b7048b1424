import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// Piped `watch` and a server that goes away: the client's reconnect backoff runs on a manual clock the
/// test moves, so the failed attempts of an outage follow one another without real time passing.
@Suite struct WatchOutageNoticeTests {
    /// `not connected; reconnecting…` once per outage, however many attempts fail in it (the old client
    /// printed `not connected; reconnecting in 1 s` for each one).
    @Test func pipedWatchSaysNotConnectedOncePerOutage() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let clock = ManualClock(SystemClock().now())
        let piped = try PipedWatch(server, clock: clock)  // the client's own backoff: 250 ms doubling to 10 s, with jitter
        defer { piped.close() }
        let attempts = Mutex(0), errors = piped.errors
        piped.client.onStateChange { state in if case .reconnecting = state { attempts.withLock { $0 += 1 } } }
        let (running, keys) = try await piped.start()
        #expect(await eventually { server.received.withLock { !$0.isEmpty } }, "connected and subscribed")

        server.dropConnections()
        server.stop()  // nothing listens any more: every attempt is refused
        #expect(await eventually { errors.text.contains("not connected; reconnecting…") }, "\(errors.text)")
        for failed in 1...4 {
            clock.advance(milliseconds: 10_000)  // past any backoff delay: the next attempt is made, and refused
            #expect(await eventually { attempts.withLock { $0 } > failed }, "attempt \(failed + 1) of the outage")
        }
        #expect(errors.text.components(separatedBy: "not connected").count == 2, "once for the outage: \(errors.text)")

        keys.yield(.key(.character("q")))
        _ = await running.value
    }
}
