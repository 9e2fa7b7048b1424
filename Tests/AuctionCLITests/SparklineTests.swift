import AuctionCLI
import AuctionCore
import AuctionImage
import Testing

@Suite struct SparklineTests {
    @Test func mapsLowestToOneEighthAndHighestToFull() {
        #expect(Sparkline.render([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.render([10_000, 35_000]) == "▁█")
        #expect(Sparkline.render([]) == "")
        #expect(Sparkline.render([5, 5, 5]) == "▄▄▄")
    }

    @Test func resamplesLongHistoriesToTheWidth() {
        let history = (0..<100).map { PricePoint(date: "2026-11-\($0)", price: Money(Int64($0) * 100)) }
        let line = Sparkline.render(history: history, width: 10)
        #expect(line.count == 10)
        #expect(line.first == "▁" && line.last == "█")
    }

    @Test func drawsASmallChartWithLabels() {
        let rows = Sparkline.chart([0, 8, 16], height: 2)
        #expect(rows.count == 2)
        #expect(rows[0] == " ▁█ 16") // 8 is just over half of 16: one eighth into the top row
        #expect(rows[1] == "▁██ 0")
    }
}

@Suite struct HalfBlockImageTests {
    @Test func drawsTwoPixelRowsPerLineWithTopAsForeground() {
        // 2×2: red over blue in the left column, green over white on the right.
        let image = RGBAImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255,
                                                             0, 0, 255, 255, 255, 255, 255, 255])
        let lines = HalfBlockImage.render(image, width: 2)
        #expect(lines == [ANSI.foreground(red: 255, green: 0, blue: 0) + ANSI.background(red: 0, green: 0, blue: 255) + "▀"
                          + ANSI.foreground(red: 0, green: 255, blue: 0) + ANSI.background(red: 255, green: 255, blue: 255) + "▀"
                          + ANSI.reset])
    }

    @Test func scalesToTheWidthKeepingTheAspectRatioAndBlendsTransparency() {
        let image = RGBAImage(width: 40, height: 20, pixels: [UInt8](repeating: 0, count: 40 * 20 * 4))
        let lines = HalfBlockImage.render(image, width: 10, background: (255, 255, 255))
        #expect(lines.count == 3) // 10 columns × 5 pixel rows → rounded up to 6 → 3 lines
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 10 })
        #expect(lines[0].hasPrefix(ANSI.foreground(red: 255, green: 255, blue: 255)))
    }
}
