import AuctionCLI
import AuctionCore
import Testing

/// `watch`'s `b` key keeps `auction bid`'s fat-finger guard: a price more than 20 % above the current
/// one is asked about in the status line, and only `y` sends it.
@Suite struct WatchBidGuardTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)
    let screen = WatchScreenFeatureTests()

    /// The bid prompt open on product 2 (current 23,000) with `digits` typed, then Enter.
    func promptedFarAbove(_ digits: String) -> (WatchModel, [WatchEffect]) {
        var watch = screen.model()
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.key(.down), now: start)
        _ = watch.handle(.key(.character("b")), now: start)
        _ = screen.press(digits.map { Key.character($0) }, on: &watch, at: start)
        let effects = watch.handle(.key(.enter), now: start)
        return (watch, effects)
    }

    static func bids(_ effects: [WatchEffect]) -> [Bid] {
        effects.compactMap { if case .placeBid(let bid) = $0 { bid } else { nil } }
    }

    @Test func aPriceFarAboveTheCurrentOneIsAskedAboutAndYSendsIt() {
        var (watch, effects) = promptedFarAbove("90000")
        #expect(Self.bids(effects).isEmpty, "nothing is sent before the answer")
        #expect(screen.text(effects).contains("product 2 is at 23,000: your bid 90,000 is 291% above it. Bid anyway? [y/N]"),
                "\(screen.text(effects))")
        let sent = watch.handle(.key(.character("y")), now: start)
        #expect(Self.bids(sent) == [Bid(productID: ProductID(2), price: Money(90_000))])
        #expect(watch.prompt == nil)
    }

    @Test func anyOtherAnswerCancelsWithoutBidding() {
        for key in [Key.character("n"), .enter, .escape, .character("9")] {
            var (watch, _) = promptedFarAbove("90000")
            let effects = watch.handle(.key(key), now: start)
            #expect(Self.bids(effects).isEmpty, "\(key)")
            #expect(watch.prompt == nil && screen.text(effects).contains("bid not sent"), "\(key)")
        }
    }

    @Test func aPriceWithinTwentyPercentIsSentAtOnce() {
        let (watch, effects) = promptedFarAbove("27000")
        #expect(Self.bids(effects) == [Bid(productID: ProductID(2), price: Money(27_000))])
        #expect(watch.prompt == nil)
    }
}
