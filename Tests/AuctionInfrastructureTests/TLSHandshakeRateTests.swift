import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// `tls_handshakes_per_address`: one address may start so many handshakes in a second of the
/// server's clock; the next ones are dropped before any TLS work, other addresses are still
/// served, and the address may handshake again once the second has passed.
@Suite struct TLSHandshakeRateTests {
    @Test func handshakesPastTheBoundFromOneAddressAreDroppedUntilTheNextSecond() async throws {
        let clock = ManualClock()  // the window moves only when the test says so
        var limits = TLSServerSettings.Limits()
        limits.handshakesPerAddressPerSecond = 3
        let server = try TLSTestServer(limits: limits, clock: clock)
        defer { server.stop() }
        for _ in 0..<3 {
            let within = try await server.curl("/health", host: "127.0.0.1")
            #expect(within.stdout == "ok", "\(within.stderr)")
        }
        let past = try await server.curl("/health", host: "127.0.0.1")
        #expect(past.status != 0 && past.stdout.isEmpty)
        #expect(server.settings.counts.refusedByRate == 1)
        let bystander = try await server.curl("/health", host: "127.0.0.1", extra: ["--interface", "127.0.0.2"])
        #expect(bystander.stdout == "ok", "\(bystander.stderr)")
        clock.advance(milliseconds: 999)  // the same second still
        #expect(try await server.curl("/health", host: "127.0.0.1").status != 0)
        #expect(server.settings.counts.refusedByRate == 2)
        clock.advance(milliseconds: 1)
        let nextSecond = try await server.curl("/health", host: "127.0.0.1")
        #expect(nextSecond.stdout == "ok", "\(nextSecond.stderr)")
        let counts = server.settings.counts
        #expect(counts.refusedByRate == 2 && counts.completed == 5 && counts.started == 5)
    }
}
