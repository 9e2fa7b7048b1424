import AuctionFuzzing
import AuctionServer
import Glibc
import Testing

/// The CI's bounded fuzz run: a fixed seed (override with `AUCTION_FUZZ_SEED`) and a fixed number of
/// cases per target, so it never depends on the machine's speed and never flakes. `scripts/fuzz`
/// runs the same targets for hours on fresh seeds.
@Suite(.serialized) struct FuzzCampaignTests {
    static let seed: UInt64 = getenv("AUCTION_FUZZ_SEED").flatMap { UInt64(String(cString: $0)) } ?? 0x5EED_2026

    private func fuzz(_ target: FuzzTarget, cases: Int) {
        if let failure = FuzzCampaign(seed: Self.seed).run(target, cases: 0..<cases) {
            Issue.record("\(failure)")
        }
    }

    @Test func framesAndJSON() { fuzz(.frames, cases: 2_000) }

    @Test func httpRequestsAndCatalogueBodies() { fuzz(.http, cases: 2_000) }

    @Test func bidPathWithArbitraryPricesAndLimits() { fuzz(.bids, cases: 2_000) }

    @Test func moneyAndTimeArithmetic() { fuzz(.money, cases: 2_000) }

    /// Fewer cases: each is a burst of requests to a live server, committed to SQLite.
    @Test func idempotentRequestsGetOneReplyEach() { fuzz(.keys, cases: 150) }

    @Test func catalogueQueryStrings() { fuzz(.query, cases: 600) }

    @Test func sellingBodiesJSONAndMultipart() { fuzz(.selling, cases: 1_000) }

    @Test func pngFilesThroughTheDecoder() { fuzz(.png, cases: 2_000) }

    @Test func aFailureNamesItsSeedCaseAndInputAndReplaysExactly() throws {
        let fragile = FuzzTarget(name: "fragile", generate: { random in [UInt8.random(in: 0...255, using: &random)] },
                                 run: { bytes in bytes.first.map { $0 > 250 ? "byte \($0) too large" : nil } ?? nil })
        let campaign = FuzzCampaign(seed: 7)
        let failure = try #require(campaign.run(fragile, cases: 0..<10_000))

        #expect(failure.description.contains("seed 7, case \(failure.caseNumber)"))
        #expect(failure.description.contains("--target fragile --seed 7 --case \(failure.caseNumber)"))
        #expect(failure.description.contains(FuzzCampaign.hex(failure.input)))
        #expect(campaign.input(of: fragile, case: failure.caseNumber) == failure.input)
        #expect(FuzzCampaign.bytes(hex: FuzzCampaign.hex(failure.input)) == failure.input)
    }
}
