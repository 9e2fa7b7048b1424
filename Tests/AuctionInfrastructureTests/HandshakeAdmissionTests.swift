@testable import AuctionInfrastructure
import Testing

/// `HandshakeAdmission` as a value: the per-address share, the total, and displacement of the
/// largest holder's oldest handshake when the listener is full.
@Suite struct HandshakeAdmissionTests {
    private func limits(total: Int, perAddress: Int? = nil) -> TLSServerSettings.Limits {
        var limits = TLSServerSettings.Limits()
        limits.maximumPendingHandshakes = total
        limits.maximumPendingHandshakesPerAddress = perAddress
        limits.handshakesPerAddressPerSecond = 1_000
        return limits
    }

    @Test func anAddressPastItsShareIsRefusedWhileOthersAreAdmitted() {
        var admission = HandshakeAdmission(limits: limits(total: 64))  // a share of 4
        for _ in 0..<4 { #expect(admission.admit("10.0.0.1", now: 0) != .refusedForAddress) }
        #expect(admission.admit("10.0.0.1", now: 0) == .refusedForAddress)
        #expect(admission.admit("10.0.0.2", now: 0) == .start(id: 5, displacing: nil))
        #expect(admission.inProgress == 5)
    }

    @Test func aFullListenerMakesRoomForAnAddressHoldingFewerByDroppingTheLargestHoldersOldest() {
        var admission = HandshakeAdmission(limits: limits(total: 6, perAddress: 4))
        for _ in 0..<4 { _ = admission.admit("flood-a", now: 0) }  // ids 1…4
        for _ in 0..<2 { _ = admission.admit("flood-b", now: 0) }  // ids 5, 6: full
        #expect(admission.admit("outsider", now: 0) == .start(id: 7, displacing: 1))
        #expect(admission.holding("flood-a") == 3 && admission.inProgress == 6)
        #expect(admission.end(1) == false)  // the displaced one's end is not counted twice
        // flood-b (2) may not displace flood-a (3): that would only swap who holds more
        #expect(admission.admit("flood-b", now: 0) == .refusedAsBusy)
        #expect(admission.admit("another", now: 0) == .start(id: 8, displacing: 2))
        #expect(admission.holding("flood-a") == 2)
        // Everyone holds at most two now; an address holding one cannot displace one holding two.
        #expect(admission.admit("outsider", now: 0) == .refusedAsBusy)
    }

    @Test func endingHandshakesFreesTheirSlots() {
        var admission = HandshakeAdmission(limits: limits(total: 2, perAddress: 2))
        #expect(admission.admit("a", now: 0) == .start(id: 1, displacing: nil))
        #expect(admission.admit("a", now: 0) == .start(id: 2, displacing: nil))
        #expect(admission.admit("b", now: 0) == .start(id: 3, displacing: 1))
        #expect(admission.end(2) && admission.end(3))
        #expect(admission.inProgress == 0 && admission.holding("a") == 0)
        #expect(admission.admit("a", now: 0) == .start(id: 4, displacing: nil))
    }

    @Test func theRateWindowCountsStartsPerSecond() {
        var small = limits(total: 64)
        small.handshakesPerAddressPerSecond = 2
        var admission = HandshakeAdmission(limits: small)
        #expect(admission.admit("a", now: 1_000) != .refusedByRate)
        #expect(admission.admit("a", now: 1_500) != .refusedByRate)
        #expect(admission.admit("a", now: 1_999) == .refusedByRate)
        #expect(admission.admit("a", now: 2_000) != .refusedByRate)
    }
}
