import AuctionCLI
import AuctionCore
import Testing

@Suite struct CommandWatchModelTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)
    let size = TerminalSize(rows: 24, columns: 80)

    func model(pages: Int = 1, interactive: Bool = true, reachedEnd: Bool = false) -> WatchModel {
        WatchModel(pages: (0..<pages).map { Fixtures.page(from: 1 + $0 * 15) }, pageable: true, reachedEnd: reachedEnd,
                   interactive: interactive, size: size, color: true, title: "auction watch · test")
    }

    func update(_ id: Int, to price: Int64, change: Int64) -> PriceUpdate {
        PriceUpdate(productID: ProductID(id), price: Money(price), change: Money(change), direction: PriceDirection(change: Money(change)),
                    auctionDate: "2026-11-22")
    }

    func bytes(_ effects: [WatchEffect]) -> String {
        effects.map { effect -> String in
            if case .write(let bytes) = effect { return String(decoding: bytes, as: UTF8.self) }
            return ""
        }.joined()
    }

    /// The text without colour sequences.
    func plain(_ text: String) -> String {
        var out = "", inColour = false
        var pending = ""
        for character in text {
            if inColour {
                pending.append(character)
                if character.isLetter {
                    if character != "m" { out += pending }
                    inColour = false
                }
            } else if character == "\u{1B}" {
                inColour = true
                pending = "\u{1B}"
            } else {
                out.append(character)
            }
        }
        return out
    }

    @Test func firstTickPaintsTheWholeTable() {
        var watch = model()
        let paint = bytes(watch.handle(.tick, now: start))
        #expect(paint.contains("auction watch · test"))
        #expect(paint.contains("Mechanical keyboard"))
        #expect(paint.contains("connecting"))
        #expect(paint.utf8.count > 1_000)
    }

    @Test func aPushRewritesOnlyThatProductsLine() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.feed(.connection(.connected)), now: start)
        let output = bytes(watch.handle(.feed(.price(update(5, to: 40_000, change: 12_500))), now: start.adding(milliseconds: 10)))
        #expect(output.contains("40,000"))
        #expect(output.contains("\u{1B}[7;"), "row 7 holds product 5 (rows 1–2 are title and header)")
        #expect(!output.contains("Mechanical keyboard"))
        #expect(output.utf8.count < 80, "\(output.utf8.count) bytes")
        #expect(watch.board.updatesApplied == 1)
    }

    @Test func aReplayedPushChangesNothing() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.feed(.price(update(5, to: 40_000, change: 12_500))), now: start)
        #expect(watch.handle(.feed(.price(update(5, to: 40_000, change: 12_500))), now: start).isEmpty)
        #expect(watch.board.updatesApplied == 1)
    }

    @Test func withoutATerminalEachChangeIsOneLine() {
        var watch = model(interactive: false)
        let snapshot = bytes(watch.handle(.tick, now: start))
        #expect(snapshot.split(separator: "\n").count == Fixtures.page().count, "the snapshot first, a line a lot: \(snapshot)")
        let output = bytes(watch.handle(.feed(.price(update(2, to: 30_000, change: 500))), now: start))
        #expect(output == "00:00:00\t2\tMechanical keyboard\t30000\t↑ +500\n")
        #expect(watch.handle(.feed(.price(update(99, to: 30_000, change: 500))), now: start).isEmpty)
    }

    @Test func aScreenTallerThanAPageLoadsTheNextThenAnnouncesTheListState() {
        var watch = model()
        // 20 rows fit 24 lines: the first tick asks for the second page, once.
        #expect(watch.handle(.tick, now: start).contains(.loadPage(1)))
        #expect(!watch.handle(.key(.character("n")), now: start).contains(.loadPage(1)), "one load at a time")
        let effects = watch.handle(.pageLoaded(index: 1, ProductPage(index: 1, products: Fixtures.page(from: 16))), now: start)
        #expect(effects.first == .announcePages(2))
        #expect(watch.visibleProducts.count == 30)
        #expect(bytes(effects).contains("+"), "a full page: more may follow")
        // Back and forth between loaded rows needs no load.
        #expect(!watch.handle(.key(.character("g")), now: start).contains(.loadPage(0)))
        #expect(watch.firstVisible == 0)
    }

    @Test func pastTheLastPageNothingMoreIsLoaded() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.key(.character("n")), now: start)
        _ = watch.handle(.pageLoaded(index: 1, nil), now: start)
        #expect(watch.reachedEnd)
        #expect(watch.currentPage == 0)
        #expect(watch.handle(.key(.character("n")), now: start).isEmpty)
    }

    @Test func reconnectingShowsInTheStatusThenReloads() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.feed(.connection(.connected)), now: start)
        let lost = bytes(watch.handle(.feed(.connection(.reconnecting(inMilliseconds: 2_000))), now: start))
        #expect(lost.contains("reconnecting in 2 s"))
        let back = watch.handle(.feed(.connection(.connected)), now: start)
        #expect(back.first == .reload)
        #expect(bytes(back).contains("connected"))
        var changed = Fixtures.page()
        changed[2] = Fixtures.bid(changed[2], by: 1_000)
        let reloaded = bytes(watch.handle(.reloaded([changed]), now: start))
        #expect(plain(reloaded).contains(changed[2].currentPrice.description))
        #expect(!reloaded.contains(ANSI.clearScreen), "a reload with the same products is not a full repaint")
    }

    @Test func quitKeysQuit() {
        for key in [Key.character("q"), .interrupt, .endOfInput] {
            var watch = model()
            #expect(watch.handle(.key(key), now: start) == [.quit])
        }
    }

    @Test func resizeRepaintsEverything() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        let output = bytes(watch.handle(.resized(TerminalSize(rows: 30, columns: 100)), now: start))
        #expect(output.contains(ANSI.clearScreen))
        #expect(watch.size == TerminalSize(rows: 30, columns: 100))
    }

    @Test func theFlashFadesOnALaterTick() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        let flash = bytes(watch.handle(.feed(.price(update(5, to: 40_000, change: 12_500))), now: start))
        #expect(flash.contains(ANSI.green))
        #expect(bytes(watch.handle(.tick, now: start.adding(milliseconds: 300))).isEmpty)
        let fade = bytes(watch.handle(.tick, now: start.adding(milliseconds: 1_100)))
        #expect(fade.contains("40,000") && !fade.contains(ANSI.green))
    }
}

extension CommandWatchModelTests {
    @Test func aPushDuringAReloadIsNotUndoneByTheReloadedPrices() {
        var watch = model(interactive: false)
        _ = watch.handle(.tick, now: start)  // the snapshot
        #expect(watch.handle(.key(.character("r")), now: start).contains(.reload))
        // The push arrives while the reload is in flight; the reload read the prices before it.
        _ = watch.handle(.feed(.price(update(4, to: 90_000, change: 64_000))), now: start)
        _ = watch.handle(.reloaded([Fixtures.page()]), now: start)
        #expect(watch.board.rows[3].currentPrice == 90_000)
        // Once no reload is pending, a reload's prices stand.
        _ = watch.handle(.key(.character("r")), now: start)
        _ = watch.handle(.reloaded([Fixtures.page()]), now: start)
        #expect(watch.board.rows[3].currentPrice == Fixtures.page()[3].currentPrice)
    }
}
