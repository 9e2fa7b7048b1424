import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer

/// Money, time and the rules on arbitrary 64-bit values: checked forms agree with exact 128-bit
/// arithmetic, saturating forms clamp it, and nothing traps.
extension FuzzTarget {
    /// Money and time arithmetic.
    public static let money = FuzzTarget(name: "money", generate: generateMoney, run: runMoney)

    private static func generateMoney(_ random: inout SplitMix64) -> [UInt8] {
        (0..<Int.random(in: 8...256, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    private static func runMoney(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        while input.hasMore {
            let a = input.edgyInt64(), b = input.edgyInt64()
            let exactSum = Int128(a) + Int128(b), exactDifference = Int128(a) - Int128(b), exactProduct = Int128(a) * Int128(b)
            let left = Money(a), right = Money(b)
            if left.adding(right)?.minorUnits != Int64(exactly: exactSum) { return "\(a) + \(b): checked sum wrong" }
            if left.subtracting(right)?.minorUnits != Int64(exactly: exactDifference) { return "\(a) - \(b): checked difference wrong" }
            if left.multiplied(by: b)?.minorUnits != Int64(exactly: exactProduct) { return "\(a) * \(b): checked product wrong" }
            if (left + right).minorUnits != Int64(clamping: exactSum) { return "\(a) + \(b) does not saturate" }
            if (left - right).minorUnits != Int64(clamping: exactDifference) { return "\(a) - \(b) does not saturate" }
            if left.saturatingMultiplied(by: b).minorUnits != Int64(clamping: exactProduct) { return "\(a) * \(b) does not saturate" }
            let next = BidMinimum.afterStep(at: left, minimumIncrement: right)
            if next < left || (next == left && a != Int64.max) { return "minimum next bid \(next) not above \(a)" }
            let time = Timestamp(millisecondsSinceEpoch: a)
            if time.calendarDate.isEmpty || time.description.isEmpty { return "no date for \(a)" }
            if time.adding(milliseconds: b).millisecondsSinceEpoch != Int64(clamping: exactSum) { return "time \(a) + \(b) wrong" }
            let limits = PriceLimits(maximumPrice: Money(input.edgyInt64()), maximumRaise: Money(input.edgyInt64()))
            let minimum = BidMinimum.afterStep(at: right, minimumIncrement: Money(input.edgyInt64()))
            let outcome = BidRules(limits: limits).decide(Bid(productID: 1, price: left), current: right,
                                                          minimum: minimum, endsAt: nil, now: time)
            if case .accepted(let price) = outcome, price > limits.maximumPrice || price <= right {
                return "rules accepted \(price) over \(right) with limits \(limits)"
            }
        }
        return nil
    }
}
