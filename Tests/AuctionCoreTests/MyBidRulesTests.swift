import AuctionCore
import Testing

@Suite struct MyBidRulesTests {
    let alice = UserID(rawValue: 1), bob = UserID(rawValue: 2)

    @Test func anOpenAuctionIsLeadingOnlyWhenTheLatestBidIsMine() {
        #expect(MyBidRules.status(of: alice, leader: alice, isClosed: false, winner: nil) == .leading)
        #expect(MyBidRules.status(of: alice, leader: bob, isClosed: false, winner: nil) == .outbid)
        #expect(MyBidRules.status(of: alice, leader: nil, isClosed: false, winner: nil) == .outbid, "an anonymous bid leads")
        #expect(MyBidRules.status(of: alice, leader: alice, isClosed: false, winner: bob) == .leading, "a winner counts only once closed")
    }

    @Test func aClosedAuctionIsWonLostOrEndedWithoutAWinnerByTheRecordedWinner() {
        #expect(MyBidRules.status(of: alice, leader: alice, isClosed: true, winner: alice) == .won)
        #expect(MyBidRules.status(of: alice, leader: alice, isClosed: true, winner: bob) == .lost, "the record wins over the last bid")
        #expect(MyBidRules.status(of: alice, leader: alice, isClosed: true, winner: nil) == .endedNoWinner)
    }

    @Test func ordersOpenBySoonestEndThenEndedByMostRecentEnd() {
        func row(_ id: Int, _ end: Int64?, _ status: MyBidStatus) -> MyBid {
            MyBid(productID: ProductID(id), productName: "p\(id)", myHighest: 1, myMaximum: nil, currentPrice: 1,
                  endTime: end.map(Timestamp.init(millisecondsSinceEpoch:)), status: status)
        }
        let rows = [row(1, 500, .won), row(2, 3_000, .outbid), row(3, nil, .leading), row(4, 900, .lost),
                    row(5, 1_000, .leading), row(6, 900, .endedNoWinner), row(7, nil, .lost)]
        #expect(MyBidRules.ordered(rows).map(\.productID.rawValue) == [5, 2, 3, 4, 6, 1, 7])
    }

    @Test func statusesHaveTheirWireNames() {
        #expect(MyBidStatus.allCases.map(\.rawValue) == ["leading", "outbid", "won", "lost", "ended_no_winner"])
    }
}
