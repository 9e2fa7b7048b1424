import AuctionCore
import Testing

@Suite struct MoneyArithmeticTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_000_000)

    @Test func plusAndMinusSaturateInsteadOfTrapping() {
        #expect(Money(Int64.max) + Money(500) == Money(Int64.max))
        #expect(Money(Int64.min) - Money(1) == Money(Int64.min))
        #expect(Money(Int64.min) + Money(-1) == Money(Int64.min))
        #expect(Money(0) - Money(Int64.min) == Money(Int64.max))
        #expect(Money(Int64.max) - Money(-1) == Money(Int64.max))
        #expect(Money(35_000) + Money(500) == Money(35_500))
    }

    @Test func checkedFormsReportOverflowAsNil() {
        #expect(Money(Int64.max).adding(Money(1)) == nil)
        #expect(Money(Int64.min).subtracting(Money(1)) == nil)
        #expect(Money(Int64.max / 2 + 1).multiplied(by: 2) == nil)
        #expect(Money(Int64.max / 2 + 1).saturatingMultiplied(by: -2) == Money(Int64.min))
        #expect(Money(9_223_372_036_854_775_000).adding(Money(500)) == Money(9_223_372_036_854_775_500))
        #expect(Money(100).multiplied(by: 3) == Money(300))
    }

    @Test func bidAbovetheMaximumPriceIsRefusedPriceTooHigh() {
        let rules = BidRules(limits: PriceLimits(maximumPrice: 1_000_000, maximumRaise: 1_000_000))
        #expect(rules.decide(Bid(productID: 1, price: 1_000_001), current: 35_000, minimum: 35_001, endsAt: nil, now: now)
            == .refused(.priceTooHigh, currentPrice: 35_000))
        #expect(rules.decide(Bid(productID: 1, price: Money(Int64.max)), current: 35_000, minimum: 35_001, endsAt: nil, now: now)
            == .refused(.priceTooHigh, currentPrice: 35_000))
        #expect(rules.decide(Bid(productID: 1, price: 1_000_000), current: 35_000, minimum: 35_001, endsAt: nil, now: now)
            == .accepted(price: 1_000_000))
    }

    @Test func raiseAboveTheMaximumRaiseIsRefusedRaiseTooLarge() {
        let rules = BidRules(limits: PriceLimits(maximumPrice: 10_000_000, maximumRaise: 100_000))
        #expect(rules.decide(Bid(productID: 1, price: 135_001), current: 35_000, minimum: 35_001, endsAt: nil, now: now)
            == .refused(.raiseTooLarge, currentPrice: 35_000))
        #expect(rules.decide(Bid(productID: 1, price: 135_000), current: 35_000, minimum: 35_001, endsAt: nil, now: now)
            == .accepted(price: 135_000))
    }

    @Test func defaultsRefuseTheAbsurdBidsOfIssue8() {
        let rules = BidRules()
        for price in [Money(9_223_372_036_854_775_000), Money(Int64.max), Money.largestExact] {
            #expect(rules.decide(Bid(productID: 3, price: price), current: 30_000, minimum: 30_001, endsAt: nil, now: now)
                == .refused(.priceTooHigh, currentPrice: 30_000))
        }
        #expect(PriceLimits().maximumPrice < Money.largestExact)
        #expect(PriceLimits().maximumRaise <= PriceLimits().maximumPrice)
    }

    @Test func currentPriceOutsideTheLimitsMakesTheProductUnavailableWithoutTrapping() {
        let rules = BidRules()
        for current in [Money(Int64.max), Money(9_223_372_036_854_775_000), Money(-1), Money(Int64.min)] {
            for offer in [Money(Int64.max), Money(Int64.min), Money(0), Money(35_000)] {
                let outcome = rules.decide(Bid(productID: 3, price: offer), current: current, minimum: Money(Int64.max),
                                           endsAt: nil, now: now)
                #expect(outcome == .refused(.productUnavailable, currentPrice: nil))
            }
        }
    }

    @Test func hugeMinimumDoesNotTrap() {
        let rules = BidRules()
        #expect(rules.decide(Bid(productID: 1, price: 35_001), current: 35_000, minimum: Money(Int64.max), endsAt: nil, now: now)
            == .refused(.priceTooLow, currentPrice: 35_000))
        #expect(rules.decide(Bid(productID: 1, price: 35_001), current: 0, minimum: Money(Int64.min), endsAt: nil, now: now)
            == .accepted(price: 35_001))
    }

    @Test func limitsAreClampedToExactIntegers() {
        let limits = PriceLimits(maximumPrice: Money(Int64.max), maximumRaise: Money(-5))
        #expect(limits.maximumPrice == Money.largestExact)
        #expect(limits.maximumRaise == Money(1))
    }
}

@Suite struct TimestampArithmeticTests {
    @Test func extremeTimesFormatWithoutTrapping() {
        // A corrupt `last_change_at` or `ends_at` row must not stop the server from starting.
        for ms in [Int64.min, Int64.min + 1, -1, 0, Int64.max] {
            let time = Timestamp(millisecondsSinceEpoch: ms)
            #expect(!time.calendarDate.isEmpty)
            #expect(!time.description.isEmpty)
        }
        #expect(Timestamp(millisecondsSinceEpoch: -1).calendarDate == "1969-12-31")
        #expect(Timestamp(millisecondsSinceEpoch: -86_400_000).calendarDate == "1969-12-31")
        #expect(Timestamp(millisecondsSinceEpoch: -86_400_001).calendarDate == "1969-12-30")
    }

    @Test func addingSaturates() {
        #expect(Timestamp(millisecondsSinceEpoch: Int64.max).adding(milliseconds: 1).millisecondsSinceEpoch == Int64.max)
        #expect(Timestamp(millisecondsSinceEpoch: Int64.min).adding(milliseconds: -1).millisecondsSinceEpoch == Int64.min)
        #expect(Timestamp(millisecondsSinceEpoch: 5).adding(milliseconds: -10).millisecondsSinceEpoch == -5)
    }
}
