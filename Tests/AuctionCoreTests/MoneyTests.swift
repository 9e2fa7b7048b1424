import AuctionCore
import Testing

@Suite struct MoneyTests {
    @Test func parsesPlainAndGroupedAmounts() {
        #expect(Money(parsing: "35000") == 35_000)
        #expect(Money(parsing: "35,000") == 35_000)
        #expect(Money(parsing: "1,234,567") == 1_234_567)
    }

    @Test func rejectsMalformedAmounts() {
        for text in ["", "-5", "3.5", "35,00", "3,5000", "abc", "99999999999999999999", ",000"] {
            #expect(Money(parsing: text) == nil, "\(text)")
        }
    }

    @Test func formatsWithSeparatorsAndSign() {
        #expect(Money(35_000).description == "35,000")
        #expect(Money(500).signedDescription == "+500")
        #expect(Money(-1_500).signedDescription == "-1,500")
        #expect(Money(0).signedDescription == "0")
    }

    @Test func timestampFormatsCivilDateAndTime() {
        let time = Timestamp(millisecondsSinceEpoch: 1_675_245_600_000) // 2023-02-01T10:00:00Z
        #expect(time.calendarDate == "2023-02-01")
        #expect(time.timeOfDay == "10:00:00")
        #expect(time.description == "2023-02-01T10:00:00.000Z")
    }

    @Test func priceBoardAppliesUpdateToItsRowOnly() {
        let products = (1...3).map {
            Product(id: ProductID($0), name: "p\($0)", startPrice: 100, currentPrice: 100, lastChange: 0,
                    direction: .unchanged, auctionDate: "2023-02-11")
        }
        var board = PriceBoard(products: products)
        let update = PriceUpdate(productID: 2, price: 600, change: 500, direction: .up, auctionDate: "2023-02-11")
        #expect(board.apply(update) == 1)
        #expect(board.rows[1].currentPrice == 600)
        #expect(board.rows[0].currentPrice == 100)
        #expect(board.apply(update) == nil) // a replay changes nothing
        #expect(board.apply(PriceUpdate(productID: 9, price: 1, change: 1, direction: .up, auctionDate: "")) == nil)
    }
}
