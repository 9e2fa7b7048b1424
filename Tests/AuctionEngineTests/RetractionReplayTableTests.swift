import AuctionCore
import AuctionEngine
import Testing

/// Issue 33's retraction as eBay does it, as a table: each row is a lot's placements (the retracted
/// bidder's left out, as the store leaves them out) and the state the replay must give. Start price
/// 10,000, the standard increments (500 from 10,000 to 50,000).
@Suite struct RetractionReplayTableTests {
    static let ann = UserID(rawValue: 1), ben = UserID(rawValue: 2), cat = UserID(rawValue: 3)

    /// One row: a name, the remaining placements (oldest first), and the price, leader and maximum wanted.
    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var entries: [RetractionReplay.Entry]
        var price: Money
        var leader: UserID?
        var maximum: Money?
        var description: String { name }
    }

    static func plain(_ user: UserID, _ price: Money, refused: Bool = false) -> RetractionReplay.Entry {
        RetractionReplay.Entry(BidPlacement(bidder: user, price: price), wasRefused: refused)
    }

    static func proxy(_ user: UserID, _ price: Money, max: Money, refused: Bool = false) -> RetractionReplay.Entry {
        RetractionReplay.Entry(BidPlacement(bidder: user, price: price, maximum: max), wasRefused: refused)
    }

    static let rows: [Row] = [
        // ann 11,000, ben 12,000 (retracted): ann's bid stands and leads again.
        Row(name: "retracted leader: the next bid leads", entries: [plain(ann, 11_000)], price: 11_000, leader: ann),
        // ann 10,500; ben 11,000 max 20,000 (retracted); cat 12,000 max 18,000 refused by ben's proxy:
        // cat's maximum is restored and beats ann's bid, at cat's own 12,000.
        Row(name: "second maximum restored",
            entries: [plain(ann, 10_500), proxy(cat, 12_000, max: 18_000, refused: true)], price: 12_000, leader: cat, maximum: 18_000),
        // ben 11,000 max 20,000 (retracted, suspended); cat 11,500 max 18,000 refused: cat alone, at 11,500.
        Row(name: "the only other maximum restored, not the start price",
            entries: [proxy(cat, 11_500, max: 18_000, refused: true)], price: 11_500, leader: cat, maximum: 18_000),
        // ann 10,500; ben 11,000 max 20,000 (retracted); cat plain 15,000 refused: not revived, ann leads.
        Row(name: "a refused plain bid is not revived",
            entries: [plain(ann, 10_500), plain(cat, 15_000, refused: true)], price: 10_500, leader: ann),
        // ben 11,000 max 20,000 (retracted); cat plain 15,000 refused; nothing else: no bid stands.
        Row(name: "a refused plain bid alone leaves the start price", entries: [plain(cat, 15_000, refused: true)], price: 10_000),
        // ann 10,500 max 16,000; ben plain 12,000 refused by ann; cat 13,000 max 30,000 (retracted):
        // ben's refused bid still pushes ann's proxy, as it did: ann at 12,500.
        Row(name: "a refused plain bid a remaining proxy answers still counts",
            entries: [proxy(ann, 10_500, max: 16_000), plain(ben, 12_000, refused: true)], price: 12_500, leader: ann, maximum: 16_000),
        // ann 11,000 max 25,000; ben (retracted) led; cat 26,000 max 28,000 refused by ben: cat beats ann's maximum.
        Row(name: "a restored maximum beats the remaining leader's",
            entries: [proxy(ann, 11_000, max: 25_000), proxy(cat, 26_000, max: 28_000, refused: true)],
            price: 26_000, leader: cat, maximum: 28_000),
        // ann 11,000 max 30,000; cat 12,000 max 18,000 refused by ann; ben's later bid retracted:
        // cat's maximum still does not beat ann's, who answers it as before.
        Row(name: "a restored maximum still refused where the leader's covers it",
            entries: [proxy(ann, 11_000, max: 30_000), proxy(cat, 12_000, max: 18_000, refused: true)],
            price: 18_500, leader: ann, maximum: 30_000),
    ]

    @Test(arguments: rows)
    func aRetractionReplaysTheRemainingBidsAndMaximums(_ row: Row) {
        let outcome = RetractionReplay.replay(entries: row.entries, startPrice: 10_000, minimumIncrement: nil, reserve: nil)
        #expect(outcome.price == row.price, "\(row.name)")
        #expect(outcome.leader == row.leader, "\(row.name)")
        #expect(outcome.leaderMaximum == row.maximum, "\(row.name)")
        #expect(outcome.hasBids == (row.leader != nil), "\(row.name)")
    }
}
