import AuctionCore
import Testing

@Suite struct IncrementTableTests {
    @Test func stepsGrowWithThePriceBand() {
        let table = IncrementTable.standard
        #expect(table.increment(at: 500) == 10)
        #expect(table.increment(at: 9_999) == 100)
        #expect(table.increment(at: 10_000) == 500)
        #expect(table.increment(at: 35_000) == 500)
        #expect(table.increment(at: 250_000) == 5_000)
        #expect(table.increment(at: Money(Int64.max)) == 100_000)
        #expect(table.increment(at: -5) == 10)
    }

    @Test func anAmountPlusItsIncrementNeverFallsAsTheAmountGrows() {
        let table = IncrementTable.standard
        var previous = Money(Int64.min)
        var falls: [Int64] = []
        for amount in stride(from: Int64(0), through: 6_000_000, by: 10) {
            let next = Money(amount) + table.increment(at: Money(amount))
            if next < previous { falls.append(amount) }
            previous = next
        }
        #expect(falls.isEmpty)
    }

    @Test func aProductsOwnIncrementWinsWhenPositive() {
        #expect(IncrementTable.standard.increment(at: 35_000, minimumIncrement: 70) == 70)
        #expect(IncrementTable.standard.increment(at: 35_000, minimumIncrement: 0) == 500)
        #expect(IncrementTable.standard.increment(at: 35_000, minimumIncrement: nil) == 500)
    }
}
