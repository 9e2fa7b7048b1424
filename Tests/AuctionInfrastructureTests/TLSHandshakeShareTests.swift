import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// Handshakes in progress are bounded per address (a share of `tls_max_handshakes`, 1/16 by
/// default): a few addresses stalling handshakes cannot fill the listener, and another address's
/// fresh handshake still completes.
@Suite struct TLSHandshakeShareTests {
    @Test func stalledHandshakesFromAFewAddressesLeaveRoomForAnother() async throws {
        let clock = ManualClock()  // neither the rate window nor the deadline moves during the test
        var limits = TLSServerSettings.Limits()
        limits.maximumPendingHandshakes = 64  // 4 per address at the default share of 1/16
        let server = try TLSTestServer(limits: limits, clock: clock)
        defer { server.stop() }
        // Given 4 addresses that each start 16 handshakes and stall them after half a record header
        let stallers = (2...5).flatMap { address in
            (0..<16).map { _ in BlockingLoopbackSocket.connect(port: server.port, source: "127.0.0.\(address)") }
        }
        defer { for fd in stallers where fd >= 0 { close(fd) } }
        #expect(stallers.allSatisfy { $0 >= 0 })
        for fd in stallers { _ = send(fd, [0x16, 0x03, 0x01] as [UInt8], 3, CInt(MSG_NOSIGNAL)) }
        // When a fifth address connects after them, then its handshake completes
        let fresh = try await server.curl("/health", host: "127.0.0.1", extra: ["--interface", "127.0.0.9"])
        #expect(fresh.stdout == "ok", "\(fresh.stderr)")
    }
}
