import AuctionCLI
import AuctionCore
import Testing

/// Issue 23 in `auction show`: a retracted bid says so in words (a pipe has no strike-through) and is
/// struck through on a colour terminal; the price a retraction set says where it came from; ids show.
@Suite struct BidHistoryRetractionTests {
    static let bids = [
        BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: 3_000), bidder: nil, price: 2_000, isAutomatic: true, id: 9,
                        isRepricing: true),
        BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: 2_000), bidder: "b…b", price: 30_000, isAutomatic: false, id: 8,
                        isRetracted: true),
        BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: 1_000), bidder: "al…e", price: 2_000, isAutomatic: false, id: 7),
    ]

    @Test func aRetractedBidSaysSoAndIsStruckThroughOnlyInColour() {
        let plain = BidHistoryView.render(Self.bids, width: 100, clock: .utc, productID: 5)
        #expect(plain[3].contains("retracted") && plain[3].hasSuffix("#8"), "\(plain)")
        #expect(plain[2].contains("repriced by moderation"))
        #expect(!plain.joined().contains("\u{1B}"))
        let colour = BidHistoryView.render(Self.bids, width: 100, clock: .utc, productID: 5, color: true)
        #expect(colour[3].hasPrefix("\u{1B}[9m") && colour[3].hasSuffix("\u{1B}[0m"))
        #expect(!colour[4].contains("\u{1B}"), "only the retracted bid is struck through")
    }
}
