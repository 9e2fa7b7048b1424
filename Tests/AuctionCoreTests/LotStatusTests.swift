import AuctionCore
import Testing

/// The server's one lot status: when an open lot is `ending`, and which statuses take bids.
@Suite struct LotStatusTests {
    let end = Timestamp(millisecondsSinceEpoch: 10_000_000)

    @Test func anOpenLotIsEndingWithinFiveMinutesOfItsEndAndPastIt() {
        let justOutside = Timestamp(millisecondsSinceEpoch: end.millisecondsSinceEpoch - LotStatus.endingWithin - 1)
        let atTheEdge = Timestamp(millisecondsSinceEpoch: end.millisecondsSinceEpoch - LotStatus.endingWithin)
        #expect(LotStatus.open.at(justOutside, endsAt: end) == .open)
        #expect(LotStatus.open.at(atTheEdge, endsAt: end) == .ending)
        #expect(LotStatus.open.at(Timestamp(millisecondsSinceEpoch: end.millisecondsSinceEpoch + 1), endsAt: end) == .ending)
        #expect(LotStatus.open.at(atTheEdge, endsAt: nil) == .open, "no end time, never ending")
        #expect(LotStatus.sold.at(atTheEdge, endsAt: end) == .sold, "only an open lot becomes ending")
    }

    @Test func extremeTimesNeverTrap() {
        let far = Timestamp(millisecondsSinceEpoch: .max), past = Timestamp(millisecondsSinceEpoch: .min)
        #expect(LotStatus.open.at(past, endsAt: far) == .open)
        #expect(LotStatus.open.at(far, endsAt: past) == .ending)
    }

    @Test func onlyOpenAndEndingLotsTakeBidsAndTheRestSayWhy() {
        #expect(LotStatus.allCases.filter(\.takesBids) == [.open, .ending])
        #expect(LotStatus.withdrawn.refusal == .withdrawn)
        #expect(LotStatus.removed.refusal == .lotRemoved)
        #expect([LotStatus.sold, .unsold, .bought].allSatisfy { $0.refusal == .auctionClosed })
        #expect(LotStatus.ended(bought: true, sold: true) == .bought)
        #expect(LotStatus.ended(bought: false, sold: true) == .sold)
        #expect(LotStatus.ended(bought: false, sold: false) == .unsold)
    }
}
