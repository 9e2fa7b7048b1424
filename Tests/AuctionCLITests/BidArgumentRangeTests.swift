import AuctionCLI
import AuctionCore
import Testing

/// `auction bid` refuses prices and ids no server could take exactly, before connecting.
@Suite struct BidArgumentRangeTests {
    private func reason(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentParser().parse(arguments)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func pricesAboveTwoToTheFiftyThirdAreRefusedLocally() {
        #expect(reason(["bid", "3", "9223372036854775000"])
            == "<price> must be at most 9,007,199,254,740,991, not `9223372036854775000`")
        #expect(reason(["bid", "13", "9007199254740992"]) == "<price> must be at most 9,007,199,254,740,991, not `9007199254740992`")
        #expect(reason(["bid", "13", "9007199254740991"]) == nil)
    }

    @Test func productIDsAboveInt32AreRefusedLocally() {
        #expect(reason(["bid", "2147483648", "100"]) == "<id> must be a product id (a whole number from 1), not `2147483648`")
        #expect(reason(["bid", "2147483647", "100"]) == nil)
    }
}
