import AuctionCore
import AuctionServer
import Testing

@Suite struct PriceLimitSettingsTests {
    @Test func maxPriceAndMaxRaiseComeFromFlagsEnvironmentAndFile() throws {
        #expect(try ServerOptionsTests.parse([]).priceLimits == PriceLimits())
        let flags = try ServerOptionsTests.parse(["--max-price", "5,000,000", "--max-raise=100_000"])
        #expect(flags.priceLimits == PriceLimits(maximumPrice: 5_000_000, maximumRaise: 100_000))
        let environment = try ServerOptionsTests.parse([], environment: ["AUCTION_SERVER_MAX_PRICE": "9007199254740991"])
        #expect(environment.priceLimits.maximumPrice == Money.largestExact)
        let file = try ServerOptionsTests.parse(["--config", "a.conf"], files: ["a.conf": "max_raise = 7\n"])
        #expect(file.priceLimits.maximumRaise == 7)
    }

    @Test func limitsAboveTwoToTheFiftyThirdOrBelowOneAreRefused() {
        for value in ["9007199254740992", "9223372036854775807", "0", "-5", "1.5", "1e6", "lots"] {
            #expect(throws: (any Error).self, "\(value)") { try ServerOptionsTests.parse(["--max-price", value]) }
            #expect(throws: (any Error).self, "\(value)") { try ServerOptionsTests.parse(["--max-raise", value]) }
        }
    }
}
