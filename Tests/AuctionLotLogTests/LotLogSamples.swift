import AuctionCore
import AuctionLotLog

/// One entry of every kind, with every optional field both present and absent somewhere.
enum LotLogSamples {
    static let alice = LotAlias(bytes: [0xa4, 0x1c, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05])!
    static let bob = LotAlias(bytes: [0xb0, 0xb0, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15])!
    static let nonce = (0..<16).map { UInt8($0 * 3) }
    static let reserve = RevealedReserve(price: 2_000, nonce: nonce)
    static let time = Timestamp(millisecondsSinceEpoch: 1_764_800_000_000)

    static let fullTerms = LotLogTerms(startPrice: 1_000, endsAt: time.adding(milliseconds: 3_600_000), buyNow: 9_000,
                                       minimumIncrement: 25, extendWindowMilliseconds: 60_000, extendByMilliseconds: 120_000,
                                       maximumExtensions: 10, reserveCommitment: reserve.commitment)
    static let bareTerms = LotLogTerms(startPrice: 1, endsAt: nil)

    /// Every kind once (twice where optional fields matter).
    static let events: [LotLogEvent] = [
        .listed(fullTerms, price: 1_000, bidCount: 0),
        .listed(bareTerms, price: 5_000, bidCount: 7),
        .bid(LotLogBid(bidSeq: 1, price: 1_000, previousPrice: 1_000, bidder: alice, isAutomatic: false)),
        .bid(LotLogBid(bidSeq: 2, price: 1_025, previousPrice: 1_000, bidder: .nobody, isAutomatic: true)),
        .bid(LotLogBid(bidSeq: 3, price: 1_075, previousPrice: 1_025, bidder: alice, isAutomatic: true,
                       answering: LotLogChallenge(bidder: bob, price: 1_050))),
        .extended(endsAt: time.adding(milliseconds: 120_000), extensions: 1),
        .edited(fullTerms),
        .edited(bareTerms),
        .retracted(entry: 3, reason: "shill_bidding: seller's second account ✓", price: 1_000, bidCount: 3),
        .removed(reason: "counterfeit"),
        .closed(LotLogClose(finalPrice: 2_500, winner: alice, reserveMet: true, bought: false, reserve: reserve)),
        .closed(LotLogClose(finalPrice: 1_000, winner: nil, reserveMet: true, bought: false)),
        .closed(LotLogClose(finalPrice: 9_000, winner: bob, reserveMet: false, bought: true)),
    ]

    /// `event` as entry `seq` of lot 5.
    static func entry(_ event: LotLogEvent, seq: UInt64 = 1) -> LotLogEntry {
        LotLogEntry(lot: ProductID(5), seq: seq, time: time, event: event)
    }
}
