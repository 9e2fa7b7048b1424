@testable import AuctionServer
import Testing

/// The starting listener holds only a fixed HTTP port. For port 0 it once took a free port, closed it
/// and let the real listener bind that number again — and a parallel test's server took it in between
/// ("address already in use" for port 0, seen under full parallel load). Now port 0 is never held.
@Suite struct StartingHealthPortTests {
    @Test func onlyAFixedPortIsHeldWhileStarting() {
        #expect(StartingHealth.holdsWhileStarting(8080))
        #expect(!StartingHealth.holdsWhileStarting(0))
    }
}
