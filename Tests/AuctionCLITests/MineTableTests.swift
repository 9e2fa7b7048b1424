import AuctionCLI
import AuctionCore
import Testing

@Suite struct MineTableTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_000_000)

    func row(_ id: Int, _ name: String, _ status: MyBidStatus, maximum: Money? = nil, endsIn: Int64 = 90_000) -> MyBid {
        MyBid(productID: ProductID(id), productName: name, myHighest: 35_000, myMaximum: maximum, currentPrice: 1_250_000,
              endTime: now.adding(milliseconds: endsIn), status: status)
    }

    @Test func showsMoneyStatusAndTimeLeftAndStripsControlsFromNames() {
        let lines = MineTable.render([row(4, "Lamp\u{1B}[2J", .leading, maximum: 40_000), row(12, "Radio", .endedNoWinner)],
                                     width: nil, color: false, now: now)
        #expect(lines[0] == "ID  PRODUCT   MY HIGHEST  MY MAX      PRICE  STATUS               LEFT")
        #expect(lines[1] == " 4  Lamp\u{FFFD}[2J      35,000  40,000  1,250,000  leading            1m 30s")
        #expect(lines[2] == "12  Radio         35,000       -  1,250,000  ended · no winner   ended")
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func shrinksTheNameToTheWidthAndColoursTheStatus() {
        let lines = MineTable.render([row(1, "A very long product name indeed", .outbid)], width: 60, color: true, now: now)
        #expect(lines[1].contains("\u{1B}[31moutbid"))
        #expect(!lines[1].contains("indeed"))
    }
}
