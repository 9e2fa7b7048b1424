import AuctionCLI
import AuctionCore
import Testing

@Suite struct TerminalTextTests {
    @Test func countsHangulCJKAndEmojiAsTwoCells() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("가방") == 4)
        #expect(TerminalText.width("漢字") == 4)
        #expect(TerminalText.width("🏃") == 2)
        #expect(TerminalText.width("❤️") == 2)
        #expect(TerminalText.width("🇰🇷") == 2)
        #expect(TerminalText.width("é") == 1) // e + combining acute
        #expect(TerminalText.width("👩‍💻") == 2)
    }

    @Test func truncatesByCellsWithAnEllipsis() {
        #expect(TerminalText.truncate("빈티지 가죽 가방", toWidth: 8) == "빈티지…")
        #expect(TerminalText.truncate("Mechanical keyboard", toWidth: 8) == "Mechani…")
        #expect(TerminalText.truncate("short", toWidth: 8) == "short")
        // A wide character that would straddle the edge is dropped, not split.
        #expect(TerminalText.truncate("가나다라", toWidth: 6) == "가나…")
        #expect(TerminalText.width(TerminalText.truncate("가나다라", toWidth: 6)) == 5)
    }

    @Test func fitsToExactWidthBothWays() {
        #expect(TerminalText.fit("가방", toWidth: 6) == "가방  ")
        #expect(TerminalText.fit("35,000", toWidth: 8, alignment: .right) == "  35,000")
        #expect(TerminalText.width(TerminalText.fit("게이밍 모니터 27인치", toWidth: 11)) == 11)
    }

    @Test func neutralisesControlCharactersFromTheServer() {
        #expect(TerminalText.sanitized("evil\u{1B}[2Jname") == "evil\u{FFFD}[2Jname")
        #expect(TerminalText.sanitized("two\nlines\ttab") == "two lines tab")
        #expect(TerminalText.sanitized("plain 가방 🏃") == "plain 가방 🏃")
        #expect(TerminalText.sanitized("bidi\u{202E}txet") == "bidi\u{FFFD}txet")
    }
}

@Suite struct ListTableTests {
    @Test func alignsColumnsByCellsWithKoreanAndEmojiNames() {
        let lines = ListTable.render(Fixtures.page(), width: nil, color: false)
        #expect(lines.count == 16)
        #expect(lines[0].hasPrefix("ID  NAME"))
        let widths = Set(lines.map { TerminalText.width($0) })
        #expect(widths.count == 1, "every row is as wide as the header: \(widths)")
        #expect(lines[3].contains("한정판 운동화 🏃"))
        #expect(lines[3].contains("↑ +500"))
    }

    @Test func fitsNarrowTerminalsByLeavingColumnsOutBeforeCuttingNames() {
        let lines = ListTable.render(Fixtures.page(), width: 40, color: false)
        for line in lines { #expect(TerminalText.width(line) <= 40) }
        #expect(!lines.contains { $0.contains("…") }, "the names (at most 20 cells) stay whole: \(lines)")
        #expect(!lines[0].contains("START") && lines[0].contains("PRICE"))
        let cut = ListTable.render([Fixtures.product(1, name: String(repeating: "long name ", count: 5))], width: 40, color: false)
        #expect(cut[1].contains("…") && cut[1].contains("35,000"), "a long name is cut, the price is not: \(cut)")
    }

    @Test func showsDirectionArrowsAndColoursOnlyWhenAsked() {
        let products = [Fixtures.product(1, price: 35_500, change: 500), Fixtures.product(2, price: 34_000, change: -1_000)]
        let plain = ListTable.render(products, width: nil, color: false)
        #expect(plain[1].contains("35,500") && plain[1].contains("↑ +500") && plain[1].contains("10,000"))
        #expect(plain[2].contains("↓ -1,000"))
        #expect(!plain.joined().contains("\u{1B}"))
        let coloured = ListTable.render(products, width: nil, color: true)
        #expect(coloured[1].contains(ANSI.green) && coloured[2].contains(ANSI.red))
    }
}

@Suite struct WatchLineTests {
    @Test func printsOneTabSeparatedLinePerChange() {
        let product = Fixtures.bid(Fixtures.product(5, name: "무선 이어폰", price: 35_000), by: 500)
        let time = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000 + 3_723_000) // 01:02:03 UTC
        #expect(WatchLine.format(product, at: time) == "01:02:03\t5\t무선 이어폰\t35500\t↑ +500")
        #expect(WatchLine.format(product, at: time, clock: TimeOfDay(utcOffsetSeconds: 9 * 3600)).hasPrefix("10:02:03\t"))
        #expect(!WatchLine.format(Fixtures.product(1, name: "a\nb"), at: time).contains("\n"))
        let big = Fixtures.bid(Fixtures.product(6, name: "Leica", price: 1_250_000), by: 12_500)
        #expect(WatchLine.format(big, at: time) == "01:02:03\t6\tLeica\t1262500\t↑ +12500", "no thousands separators")
    }
}
