import AuctionCore
import AuctionData
import Testing

@Suite struct BidderDTOTests {
    let row = MyBid(productID: 5, productName: "Lamp", myHighest: 35_000, myMaximum: nil, currentPrice: 36_000,
                    endTime: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000), status: .endedNoWinner)

    @Test func myBidsRoundTripWithNullMaximum() {
        let body = BidderDTO.bidsBody([row])
        #expect(String(decoding: body, as: UTF8.self) == #"{"bids":[{"product_id":5,"product_name":"Lamp","my_highest":35000,"#
                + #""my_maximum":null,"current_price":36000,"end_time":1800000000000,"status":"ended_no_winner"}]}"#)
        #expect(BidderDTO.bids(from: body) == [row])
    }

    @Test func refusesMyBidsOutOfRangeOrOfAnUnknownStatus() {
        let good = String(decoding: BidderDTO.bidsBody([row]), as: UTF8.self)
        for (from, to) in [("\"product_id\":5", "\"product_id\":-1"), ("\"product_id\":5", "\"product_id\":2147483648"),
                           ("\"my_highest\":35000", "\"my_highest\":-5"), ("\"my_maximum\":null", "\"my_maximum\":9007199254740992"),
                           ("\"my_maximum\":null", "\"my_maximum\":\"x\""), ("ended_no_winner", "winning"),
                           ("\"current_price\":36000", "\"current_price\":1.5")] {
            let bad = good.replacingOccurrences(of: from, with: to)
            #expect(BidderDTO.bids(from: Array(bad.utf8)) == nil, "\(to)")
        }
    }

    @Test func watchlistRoundTripsAndRefusesBadIDs() {
        #expect(BidderDTO.watchlist(from: BidderDTO.watchlistBody([3, 1])) == [3, 1])
        #expect(BidderDTO.watchlist(from: Array(#"{"product_ids":[-1]}"#.utf8)) == nil)
        #expect(BidderDTO.watchlist(from: Array(#"{"product_ids":["3"]}"#.utf8)) == nil)
        #expect(BidderDTO.watchlist(from: Array(#"{"ids":[3]}"#.utf8)) == nil)
    }
}
