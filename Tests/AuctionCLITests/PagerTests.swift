import AuctionCore
@testable import AuctionCLI
import Testing

/// Which pager a long page goes through, from the environment, and when a page is long.
@Suite struct PagerTests {
    @Test func lessWithFRXUnlessAnotherIsNamed() {
        #expect(Pager(environment: [:]) == Pager(arguments: ["less"], adding: ["LESS": "FRX"]))
        #expect(Pager(environment: ["LESS": "-S"])?.adding == [:], "the user's LESS is kept")
        #expect(Pager(environment: ["PAGER": "more  -d"])?.arguments == ["more", "-d"])
        #expect(Pager(environment: ["PAGER": "more", "AUCTION_PAGER": "most"])?.arguments == ["most"], "AUCTION_PAGER first")
    }

    @Test func anEmptyPagerOrCatIsNone() {
        #expect(Pager(environment: ["PAGER": ""]) == nil)
        #expect(Pager(environment: ["AUCTION_PAGER": "   "]) == nil)
        #expect(Pager(environment: ["PAGER": "less", "AUCTION_PAGER": "cat"]) == nil)
    }

    @Test func aPageIsLongWhenItLeavesNoRowForThePrompt() {
        #expect(!Pager.overflows(23, rows: 24))
        #expect(Pager.overflows(24, rows: 24))
        #expect(!Pager.overflows(1, rows: 1) && Pager.overflows(2, rows: 1))
    }

    @Test func theCaptionNamesTheNextImageAndWrapsAround() {
        #expect(ProductImageCaption.text(showing: 1, of: 1, product: ProductID(5)) == nil)
        #expect(ProductImageCaption.text(showing: 2, of: 3, product: ProductID(5)) == "image 2 of 3 · next: auction show 5 --image 3")
        #expect(ProductImageCaption.text(showing: 3, of: 3, product: ProductID(5)) == "image 3 of 3 · next: auction show 5 --image 1")
    }
}
