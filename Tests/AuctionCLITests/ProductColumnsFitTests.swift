@testable import AuctionCLI
import AuctionCore
import Testing

/// The table's columns on narrow terminals: whole columns go, a price is never cut, NAME keeps its room
/// before CHANGE, START, BIDS or LEFT take any.
@Suite struct ProductColumnsFitTests {
    static let products = [
        Fixtures.product(1, name: "Leica M3 rangefinder (1958)", price: 1_206_500, start: 940_000, change: 50_000),
        Fixtures.product(11, name: "Carbon road bike, 54 cm", price: 1_415_000, start: 1_200_000, change: 41_000),
    ].map { product -> Product in
        var counted = product
        counted.bidCount = 12
        return counted
    }

    @Test func atFortyColumnsNameKeepsPriorityOverChange() {
        let columns = ProductColumns(fitting: Self.products, maximumWidth: 38, minimumMoneyWidth: 11, minimumChangeWidth: 12, leftWidth: 7)
        #expect(columns.name >= 20, "NAME keeps 20 cells: \(columns)")
        #expect(columns.change == 0 && columns.start == 0, "CHANGE and START go first: \(columns)")
        #expect(columns.price >= "1,415,000".count)
        #expect(columns.totalWidth + (columns.left > 0 ? 2 + columns.left : 0) <= 38)
    }

    @Test func aPriceIsShownWholeOrLeftOut() {
        for width in [18, 20, 24, 30, 40, 60, 80] {
            let columns = ProductColumns(fitting: Self.products, maximumWidth: width, minimumMoneyWidth: 11, minimumChangeWidth: 12)
            for product in Self.products {
                let row = columns.row(for: product)
                #expect(TerminalText.width(row) <= width, "width \(width): \(row)")
                #expect(columns.price == 0 || row.contains(product.currentPrice.description), "width \(width): \(row)")
                #expect(!row.contains("…") || columns.price == 0 || !row.hasSuffix("…"), "width \(width): \(row)")
            }
        }
        #expect(ProductColumns(fitting: Self.products, maximumWidth: 18).price == 0, "at 20×5 the price column goes rather than be cut")
    }

    @Test func aWideTerminalShowsEveryColumnWithBids() {
        let columns = ProductColumns(fitting: Self.products, maximumWidth: 118, minimumMoneyWidth: 11, minimumChangeWidth: 12, leftWidth: 7)
        #expect(columns.change > 0 && columns.bids > 0 && columns.start > 0 && columns.left == 7)
        #expect(columns.header.contains("BIDS"))
        #expect(columns.row(for: Self.products[0]).contains("  12  "))
    }

    @Test func withoutBidCountsThereIsNoBidsColumn() {
        let columns = ProductColumns(fitting: [Fixtures.product(1)], maximumWidth: nil)
        #expect(columns.bids == 0 && !columns.header.contains("BIDS"))
    }

    @Test func theHelpFitsFortyByTenAndScrolls() {
        let help = HelpOverlay(rows: 10, columns: 40)
        #expect(help.room == 8)
        #expect(help.lines.allSatisfy { TerminalText.width($0) <= 40 }, "\(help.lines)")
        #expect(help.lines.count > help.room)
        #expect(help.window(from: 100).last == help.lines.last, "scrolled to the end, the last line shows")
        #expect(!help.lines.joined().contains("…"), "wrapped, not cut")
    }
}
