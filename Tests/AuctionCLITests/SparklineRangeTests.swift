import AuctionCLI
import Testing

/// A price history from a server may hold any Int64 (an old store with an absurd bid): drawing it never traps.
@Suite struct SparklineRangeTests {
    @Test func extremePricesDrawWithoutTrapping() {
        let histories: [[Int64]] = [
            [Int64.min, Int64.max], [-1, 9_223_372_036_854_775_000], [Int64.max, Int64.max - 1, Int64.max],
            Array(repeating: Int64.max, count: 50) + [0], [Int64.min, 0, Int64.max, Int64.min],
        ]
        for values in histories {
            #expect(Sparkline.render(values).count == values.count)
            #expect(Sparkline.render(values, width: 4).count == min(4, values.count))
            #expect(Sparkline.chart(values, height: 3, width: 4).count == 3)
        }
        #expect(Sparkline.render([Int64.min, Int64.max]) == "▁█")
    }
}
