import Foundation
import AuctionCLI
import AuctionCore
import Testing

@Suite struct WatchRendererTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)
    let size = TerminalSize(rows: 24, columns: 80)

    func state(_ products: [Product] = Fixtures.page(), page: Int = 1, connection: ConnectionState = .connected,
               updates: Int = 0, last: Timestamp? = nil, size: TerminalSize? = nil, color: Bool = true) -> WatchState {
        WatchState(products: products, total: 45, connection: connection, updatesReceived: updates,
                   lastUpdateAt: last, size: size ?? self.size, color: color, title: "auction watch · 127.0.0.1:3200")
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The output without colour sequences (`ESC [ … m`); other sequences are kept.
    func plain(_ output: String) -> String {
        var out = ""
        var sequence: String?
        for character in output {
            if var current = sequence {
                current.append(character)
                sequence = current
                if character.isLetter || character == "~" {
                    if character != "m" { out += current }
                    sequence = nil
                }
            } else if character == "\u{1B}" {
                sequence = "\u{1B}"
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The cursor-addressing sequences (`ESC [ row ; col H`) in some output.
    func addresses(_ output: String) -> [String] {
        var found: [String] = []
        var rest = Substring(output)
        while let range = rest.range(of: "\u{1B}[") {
            let after = rest[range.upperBound...]
            let body = after.prefix { $0.isNumber || $0 == ";" }
            if after.dropFirst(body.count).first == "H" { found.append(String(body)) }
            rest = after
        }
        return found
    }

    @Test func positionShowsAPlusWhileMoreMayFollowWithoutTheServersCount() {
        var open = state()
        open.total = nil
        open.morePages = true
        let (bytes, screen) = WatchRenderer.render(previous: nil, state: open, now: start)
        #expect(text(bytes).contains("lots 1–15+"))
        // The server's count replaces the plus.
        var counted = open
        counted.total = 45
        let (after, _) = WatchRenderer.render(previous: screen, state: counted, now: start)
        #expect(text(after).contains("lots 1–15 of 45"))
        #expect(!text(after).contains("lots 1–15+"))
    }

    @Test func firstDrawPaintsEverythingAndAFifteenRowPageCostsOverAKilobyte() {
        let (bytes, _) = WatchRenderer.render(previous: nil, state: state(), now: start)
        let output = text(bytes)
        #expect(output.contains(ANSI.clearScreen))
        for product in Fixtures.page() { #expect(output.contains(product.name)) }
        #expect(output.contains("lots 1–15 of 45"))
        #expect(output.contains("connected · 0 updates · ? keys"))
        #expect(bytes.count > 1024)
    }

    @Test func aPriceChangeRewritesOnlyThatProductsCellsInUnderEightyBytes() {
        let page = Fixtures.page()
        let (_, screen) = WatchRenderer.render(previous: nil, state: state(page), now: start)
        var changed = page
        changed[4] = Fixtures.bid(page[4], by: 500)
        let (bytes, _) = WatchRenderer.render(previous: screen, state: state(changed, updates: 1, last: start), now: start.adding(milliseconds: 100))
        let output = text(bytes)
        // One cursor move, to the fifth product's row (row 3 is the first product), within the price cell:
        // only the digits that changed, then a jump along the row (`ESC [ n C`) to the change cell.
        let priceColumn = screen.columns.priceColumn + 2
        #expect(addresses(output).count == 1 && addresses(output).allSatisfy { $0.hasPrefix("7;") })
        let column = Int(addresses(output).first?.split(separator: ";").last ?? "") ?? 0
        #expect((priceColumn..<(priceColumn + screen.columns.price)).contains(column), "\(output.debugDescription)")
        var terminal = VirtualScreen(rows: 24, columns: 80)
        terminal.apply(WatchRenderer.fullPaint(state: state(page), now: start).bytes)
        terminal.apply(bytes)
        var repainted = VirtualScreen(rows: 24, columns: 80)
        repainted.apply(WatchRenderer.fullPaint(state: state(changed, updates: 1, last: start), now: start.adding(milliseconds: 100)).bytes)
        #expect(terminal.row(7) == repainted.row(7), "the cells written leave the row as a full paint draws it")
        #expect(terminal.row(7).contains(changed[4].currentPrice.description + "        ↑ +500"), "\(terminal.row(7))")
        #expect(!output.contains(ANSI.clearScreen))
        #expect(!output.contains(page[3].name) && !output.contains(page[5].name))
        #expect(bytes.count < 80, "a price change cost \(bytes.count) bytes")
    }

    @Test func coloursOnlyTheChangedDigitsGreenUpAndRedDown() {
        let page = [Fixtures.product(1, price: 35_000), Fixtures.product(2, price: 35_000)]
        let (_, screen) = WatchRenderer.render(previous: nil, state: state(page), now: start)
        let changed = [Fixtures.bid(page[0], by: 500), Fixtures.bid(page[1], by: -1_000)]
        let output = text(WatchRenderer.render(previous: screen, state: state(changed), now: start).bytes)
        #expect(output.contains(ANSI.green + "500" + ANSI.reset), "only the changed digits, green: \(output.debugDescription)")
        #expect(output.contains(ANSI.red + "4,000" + ANSI.reset), "\(output.debugDescription)")
        #expect(!output.contains("35,"), "the unchanged digits are not written again")
        #expect(output.contains(ANSI.green + TerminalText.fit("↑ +500", toWidth: screen.columns.change, alignment: .right)))
    }

    @Test func fadesTheFlashAfterASecondRewritingJustThatLine() throws {
        let page = Fixtures.page()
        let (_, first) = WatchRenderer.render(previous: nil, state: state(page), now: start)
        var changed = page
        changed[2] = Fixtures.bid(page[2], by: 1_000)
        let (_, flashed) = WatchRenderer.render(previous: first, state: state(changed), now: start)
        #expect(flashed.nextDeadline == start.adding(milliseconds: WatchRenderer.flashMilliseconds))

        // Nothing to do before the flash ends.
        let (early, _) = WatchRenderer.render(previous: flashed, state: state(changed), now: start.adding(milliseconds: 999))
        #expect(early.isEmpty)

        let (fade, faded) = WatchRenderer.render(previous: flashed, state: state(changed), now: start.adding(milliseconds: 1_000))
        let output = text(fade)
        // Only the digits that were coloured are written again, plain.
        let flash = try #require(flashed.flashes[changed[2].id])
        #expect(addresses(output) == ["5;\(first.columns.priceColumn + 2 + flash.firstChangedIndex)"])
        #expect(!output.contains(ANSI.green) && !output.contains(ANSI.red))
        #expect(output.hasSuffix(String(first.columns.priceCell(changed[2]).dropFirst(flash.firstChangedIndex))))
        #expect(faded.flashes.isEmpty)
    }

    @Test func refreshesTheStatusLineOncePerSecondAndAtOnceOnConnectionChanges() {
        let (_, first) = WatchRenderer.render(previous: nil, state: state(), now: start)
        // More updates within the same second: the status waits for its tick.
        let (quiet, _) = WatchRenderer.render(previous: first, state: state(updates: 3, last: start), now: start.adding(milliseconds: 400))
        #expect(quiet.isEmpty)
        let (tick, _) = WatchRenderer.render(previous: first, state: state(updates: 3, last: start), now: start.adding(milliseconds: 2_000))
        var screen = VirtualScreen(rows: 19, columns: 80)
        screen.apply(WatchRenderer.fullPaint(state: state(), now: start).bytes)
        screen.apply(tick)
        #expect(screen.row(19) == "connected · 3 updates · last 2 s ago · ? keys", "\(screen.text)")
        #expect(addresses(text(tick)).allSatisfy { $0.hasPrefix("19;") }, "only the status line, from what changed: \(text(tick).debugDescription)")

        let (lost, _) = WatchRenderer.render(previous: first, state: state(connection: .reconnecting(inMilliseconds: 2_000)), now: start.adding(milliseconds: 10))
        #expect(text(lost).contains("reconnecting in 2 s"))
    }

    @Test func repaintsFullyOnResizePageChangeAndNewProducts() {
        let (_, first) = WatchRenderer.render(previous: nil, state: state(), now: start)
        let resized = WatchRenderer.render(previous: first, state: state(size: TerminalSize(rows: 30, columns: 100)), now: start)
        #expect(text(resized.bytes).contains(ANSI.clearScreen))
        var second = state(Fixtures.page() + Fixtures.page(from: 16))
        second.firstVisible = 15
        let nextPage = WatchRenderer.render(previous: first, state: second, now: start)
        #expect(text(nextPage.bytes).contains(ANSI.clearScreen))
        #expect(text(nextPage.bytes).contains("lots 11–30 of 45"), "the last full screen of the 30 rows")
    }

    @Test func writesNoColourWhenColourIsOff() {
        let page = Fixtures.page()
        let (full, screen) = WatchRenderer.render(previous: nil, state: state(page, color: false), now: start)
        var changed = page
        changed[0] = Fixtures.bid(page[0], by: 500)
        let (bytes, after) = WatchRenderer.render(previous: screen, state: state(changed, color: false), now: start)
        for output in [text(full), text(bytes)] {
            #expect(!output.contains("m\u{1B}") && !output.contains(ANSI.reset))
        }
        #expect(after.flashes.isEmpty)
    }

    @Test func showsOnlyTheRowsThatFitAShortTerminal() {
        let (bytes, _) = WatchRenderer.render(previous: nil, state: state(size: TerminalSize(rows: 8, columns: 80)), now: start)
        let output = text(bytes)
        #expect(output.contains(Fixtures.page()[3].name))
        #expect(!output.contains(Fixtures.page()[4].name))
        #expect(addresses(output).last == "8")
    }

    /// The bytes up to the second cursor address (the changed line without the detail line under the table).
    static func firstAddressBytes(_ output: String) -> Int {
        let parts = output.components(separatedBy: "\u{1B}[")
        var count = 0, addresses = 0
        for (index, part) in parts.enumerated() {
            let isAddress = index > 0 && (part.first?.isNumber ?? false) && part.contains("H")
                && part.prefix { $0 != "H" }.allSatisfy { $0.isNumber || $0 == ";" }
            if isAddress { addresses += 1 }
            if addresses == 2 { break }
            count += (index > 0 ? 2 : 0) + part.utf8.count
        }
        return count
    }

    @Test func everySinglePriceChangeCostsUnderEightyBytes() {
        // Every row, small and large moves, up and down, prices gaining a digit, Korean and emoji names.
        // Each with the minimum next bid a server would state (any figure: the client only shows it).
        let page = Fixtures.page().enumerated().map { index, product in
            var row = index == 7 ? Fixtures.product(product.id.rawValue, price: 9_999) : product
            row.nextMinimum = row.currentPrice + Money(100)
            return row
        }
        let (_, screen) = WatchRenderer.render(previous: nil, state: state(page), now: start)
        var worst = 0
        for index in page.indices {
            for change: Int64 in [1, 500, -1_000, 99_999, 1_234_567] {
                var changed = page
                changed[index] = Fixtures.bid(page[index], by: change)
                changed[index].nextMinimum = changed[index].currentPrice + Money(100)
                let (bytes, _) = WatchRenderer.render(previous: screen, state: state(changed, updates: 1, last: start), now: start)
                // The selected line's next bid follows at once: its digits under the table are the second address.
                let selected = index == screen.state.selected
                #expect(addresses(text(bytes)).count == (selected ? 2 : 1))
                let line = selected ? Self.firstAddressBytes(text(bytes)) : bytes.count
                if selected { #expect(bytes.count - line < 64, "the detail line's changed digits only: \(text(bytes).debugDescription)") }
                worst = max(worst, line)
            }
        }
        #expect(worst < 80, "the costliest single change wrote \(worst) bytes")
    }

    @Test func dropsWholeColumnsOnNarrowTerminalsAndStillRewritesOnlyThePriceCells() {
        let narrow = TerminalSize(rows: 24, columns: 44)
        let (bytes, screen) = WatchRenderer.render(previous: nil, state: state(size: narrow), now: start)
        #expect(screen.columns.start == 0)
        #expect(screen.columns.totalWidth <= 44)
        #expect(!text(bytes).contains("START"))

        let tiny = TerminalSize(rows: 24, columns: 30)
        let page = Fixtures.page()
        let (full, small) = WatchRenderer.render(previous: nil, state: state(page, size: tiny), now: start)
        for line in plain(text(full)).components(separatedBy: "\u{1B}[") {
            #expect(TerminalText.width(line.drop { $0.isNumber || $0 == ";" }.dropFirst()) <= 30)
        }
        var changed = page
        changed[1] = Fixtures.bid(page[1], by: 500)
        let (update, _) = WatchRenderer.render(previous: small, state: state(changed, size: tiny), now: start)
        // Nothing is cut, so a change still rewrites its cells, from the price column on.
        let at = Int(addresses(text(update)).first?.split(separator: ";").last ?? "") ?? 0
        #expect(addresses(text(update)).count == 1 && addresses(text(update)).first?.hasPrefix("4;") == true)
        #expect(at >= 2 + small.columns.priceColumn && at < 2 + small.columns.priceColumn + small.columns.price)
    }
}
