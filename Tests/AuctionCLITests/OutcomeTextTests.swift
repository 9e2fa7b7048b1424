import AuctionCLI
import AuctionCore
import AuctionImage
import Testing

@Suite struct OutcomeTextTests {
    @Test func describesBidOutcomesWithPrices() {
        #expect(OutcomeText.bid(.accepted(price: 35_500), productID: 5) == "accepted: product 5 is now 35,500")
        #expect(OutcomeText.bid(.refused(.priceTooLow, currentPrice: 36_000), productID: 5)
                == "refused: the price is below the minimum next bid (current price 36,000)")
        #expect(OutcomeText.exitCode(for: .accepted(price: 1)) == .success)
        #expect(OutcomeText.exitCode(for: .refused(.unknownProduct, currentPrice: nil)) == .refused)
    }

    @Test func tellsTheUserWhatToDoWhenTheServerIsUnreachable() {
        #expect(OutcomeText.failure(.unreachable(address: "127.0.0.1:3200", detail: "connection refused"))
                == "cannot reach 127.0.0.1:3200: connection refused — is auction-server running? try `auction demo`")
    }

    @Test func mapsFailuresToTheDocumentedExitCodes() {
        #expect(OutcomeText.exitCode(for: .unreachable(address: "a", detail: "b"), requestMayHaveTakenEffect: true) == .unreachable)
        #expect(OutcomeText.exitCode(for: .connectionLost, requestMayHaveTakenEffect: true) == .unknownOutcome)
        #expect(OutcomeText.exitCode(for: .timedOut, requestMayHaveTakenEffect: true) == .unknownOutcome)
        #expect(OutcomeText.exitCode(for: .connectionLost, requestMayHaveTakenEffect: false) == .unreachable)
        #expect(OutcomeText.exitCode(for: .notFound("product 99"), requestMayHaveTakenEffect: false) == .refused)
        #expect(OutcomeText.exitCode(for: .refused(.unauthenticated), requestMayHaveTakenEffect: true) == .refused)
    }
}

@Suite struct ProductDetailViewTests {
    let detail = ProductDetail(
        product: Fixtures.product(5, name: "무선 이어폰", price: 35_500, start: 10_000, change: 500),
        sellerName: "alice", description: "Barely used.\nComes with the box and a spare set of tips.",
        listedAt: Timestamp(millisecondsSinceEpoch: 1_763_769_600_000),
        priceHistory: [10_000, 20_000, 30_000, 35_500].map { PricePoint(date: "2026-11-21", price: Money($0)) })

    @Test func showsEveryFieldAndTheHistorySparkline() {
        let lines = ProductDetailView.render(detail, width: 60, color: false)
        #expect(lines[0] == "#5  무선 이어폰")
        #expect(lines.contains("Seller    alice"))
        #expect(lines.contains("Price     35,500  ↑ +500"))
        #expect(lines.contains("Started   10,000"))
        #expect(lines.contains("Listed    2025-11-22 00:00 UTC"))
        #expect(lines.contains { $0.hasPrefix("History   ▁") && $0.contains("10,000 – 35,500, 4 prices") })
        #expect(lines.contains("Barely used."))
        for line in lines { #expect(TerminalText.width(line) <= 60) }
    }

    @Test func drawsTheImageOnlyInColour() {
        let image = RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64))
        #expect(!ProductDetailView.render(detail, width: 60, color: false, image: image).joined().contains("▀"))
        #expect(ProductDetailView.render(detail, width: 60, color: true, image: image).joined().contains("▀"))
    }

    @Test func wrapsTheDescriptionToTheWidth() {
        let lines = ProductDetailView.render(detail, width: 20, color: false)
        #expect(lines.contains("Comes with the box"))
        for line in lines { #expect(TerminalText.width(line) <= 20) }
    }
}
