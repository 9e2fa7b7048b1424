import AuctionCLI
import AuctionDemo
import AuctionCore
import AuctionEngine
import Testing

/// The watch screen's features as pure functions of (state, now): ended auctions, the time left, the
/// minimum raise, the bid prompt, scrolling, the reconnect countdown, stale prices, the help, JSON.
@Suite struct WatchScreenFeatureTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)

    func model(_ products: [Product] = Fixtures.page(), interactive: Bool = true, json: Bool = false, rows: Int = 24,
               color: Bool = false, hint: String? = nil) -> WatchModel {
        WatchModel(pages: [products], pageable: true, reachedEnd: true, interactive: interactive, json: json,
                   size: TerminalSize(rows: rows, columns: 80), color: color, title: "auction watch · test", hint: hint)
    }

    func text(_ effects: [WatchEffect]) -> String {
        effects.map { effect -> String in
            if case .write(let bytes) = effect { return String(decoding: bytes, as: UTF8.self) }
            return ""
        }.joined()
    }

    /// Keys typed one after another; the effects of all of them.
    func press(_ keys: [Key], on watch: inout WatchModel, at now: Timestamp) -> [WatchEffect] {
        keys.flatMap { watch.handle(.key($0), now: now) }
    }

    func ending(_ product: Product, inMilliseconds: Int64, increment: Int64? = nil) -> Product {
        var copy = product
        copy.endsAt = start.adding(milliseconds: inMilliseconds)
        copy.minimumIncrement = increment.map { Money($0) }
        return copy
    }

    @Test func anEndedAuctionTurnsItsLineToSoldOrEndedWithoutAWinner() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        let sold = text(watch.handle(.feed(.closed(ProductID(4), finalPrice: Money(260_000), winner: "alice")), now: start))
        #expect(sold.contains("SOLD · 260,000 · al…e"))
        #expect(sold.contains("\u{1B}[6H"), "product 4's row (row 6) is rewritten whole")
        let ended = text(watch.handle(.feed(.closed(ProductID(6), finalPrice: Money(29_000), winner: nil)), now: start))
        #expect(ended.contains("ended · no winner"))
        #expect(watch.handle(.feed(.closed(ProductID(6), finalPrice: Money(29_000), winner: nil)), now: start).isEmpty, "a repeat changes nothing")
        // A late price push does not reopen it, nor does a reload that predates the close.
        _ = watch.handle(.feed(.price(PriceUpdate(productID: ProductID(4), price: Money(270_000), change: Money(10_000),
                                                  direction: .up, auctionDate: "2026-11-22"))), now: start)
        _ = watch.handle(.reloaded([Fixtures.page()]), now: start)
        #expect(watch.board.rows[3].isClosed && watch.board.rows[3].winner == "alice" && watch.board.rows[3].currentPrice == Money(260_000))
    }

    @Test func pipedAnEndedAuctionPrintsOneLine() {
        var watch = model(interactive: false)
        _ = watch.handle(.tick, now: start)  // the snapshot
        let line = text(watch.handle(.feed(.closed(ProductID(2), finalPrice: Money(30_000), winner: "bob")), now: start))
        #expect(line == "00:00:00\t2\tMechanical keyboard\t30000\tSOLD · b…b\n")
        let none = text(watch.handle(.feed(.closed(ProductID(3), finalPrice: Money(25_500), winner: nil)), now: start))
        #expect(none.hasSuffix("\t25500\tended · no winner\n"))
    }

    @Test func theTimeLeftColumnTicksAndTurnsRedUnderAMinute() {
        var products = Fixtures.page()
        products[0] = ending(products[0], inMilliseconds: 2 * 3_600_000 + 14 * 60_000 + 30_000)
        products[1] = ending(products[1], inMilliseconds: 61_000)
        let state = WatchState(products: products, connection: .connected, size: TerminalSize(rows: 24, columns: 80), color: true)
        let (first, screen) = WatchRenderer.render(previous: nil, state: state, now: start)
        let paint = String(decoding: first, as: UTF8.self)
        #expect(paint.contains("LEFT"))
        #expect(paint.contains("2h 14m"))
        #expect(paint.contains("1m 01s"))
        // Two seconds later: only product 2's cell changes, now under a minute and red.
        let (later, _) = WatchRenderer.render(previous: screen, state: state, now: start.adding(milliseconds: 2_000))
        let tick = String(decoding: later, as: UTF8.self)
        #expect(tick.contains(ANSI.red + "   59 s" + ANSI.reset))
        #expect(!tick.contains("2h 14m"), "an unchanged cell is not rewritten")
        #expect(tick.contains("\u{1B}[4;"), "row 4 holds product 2")
    }

    @Test func theSelectedLineShowsTheServersNextBid() {
        var products = Fixtures.page()
        products[0] = ending(products[0], inMilliseconds: 48_000, increment: 1_000)
        products[0].nextMinimum = 22_500  // as the server states them: the client works out no rule
        products[1].nextMinimum = 23_500
        var watch = model(products)
        var screen = VirtualScreen(rows: 24, columns: 80)
        screen.apply(watch.handle(.tick, now: start))
        #expect(screen.text.contains("› 1 빈티지 가죽 가방 · next bid 22,500 · ends in 48 s · b bid"))
        screen.apply(watch.handle(.key(.down), now: start))
        #expect(screen.text.contains("› 2 Mechanical keyboard · next bid 23,500"), "\(screen.text)")
    }

    @Test func bOpensAPromptWithTheMinimumEnterBidsAndTheOutcomeShows() {
        var products = Fixtures.page()
        products[1].nextMinimum = 23_500
        var watch = model(products)
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.key(.down), now: start)
        let opened = text(watch.handle(.key(.character("b")), now: start))
        #expect(opened.contains("bid on 2 (min 23,500): 23,500▏ · Enter bid · Esc cancel"))
        // The price moves while the prompt is untouched: the prefilled minimum follows it.
        var update = PriceUpdate(productID: ProductID(2), price: Money(24_000), change: Money(1_000),
                                 direction: .up, auctionDate: "2026-11-22")
        update.nextMinimum = 24_500  // the push states the new minimum
        _ = watch.handle(.feed(.price(update)), now: start)
        #expect(watch.prompt?.price == Money(24_500))
        _ = press([.character("2"), .character("8"), .character("0"), .character("0"), .character("0")], on: &watch, at: start)
        #expect(watch.prompt?.price == Money(28_000), "the first digit replaces the prefilled minimum")
        let sent = watch.handle(.key(.enter), now: start)
        #expect(sent.first == .placeBid(Bid(productID: ProductID(2), price: Money(28_000))))
        #expect(watch.prompt == nil)
        var screen = VirtualScreen(rows: 24, columns: 80)
        screen.apply(watch.handle(.key(.character("r")), now: start))  // a full paint, then the answer over it
        screen.apply(watch.handle(.bidAnswered("accepted: product 2 is now 28,000"), now: start))
        #expect(screen.text.contains("accepted: product 2 is now 28,000 · connecting"), "\(screen.text)")
    }

    @Test func escCancelsTheBidPromptWithoutBidding() {
        var watch = model()
        var screen = VirtualScreen(rows: 24, columns: 80)
        screen.apply(watch.handle(.tick, now: start))
        screen.apply(watch.handle(.key(.character("b")), now: start))
        let effects = press([.character("5"), .escape], on: &watch, at: start)
        screen.apply(effects)
        #expect(!effects.contains { if case .placeBid = $0 { true } else { false } })
        #expect(watch.prompt == nil)
        #expect(screen.text.contains("\nbid cancelled · connecting · "), "\(screen.text)")
    }

    @Test func aShortTerminalScrollsToTheLastProductOfThePage() {
        var watch = model(rows: 10)
        let first = text(watch.handle(.tick, now: start))
        #expect(first.contains("lots 1–6"))
        #expect(!first.contains("전자책 리더기"))
        let scrolled = text(press(Array(repeating: .character("j"), count: 14), on: &watch, at: start))
        #expect(watch.selected == 14)
        #expect(watch.firstVisible == 9)
        #expect(scrolled.contains("15  전자책 리더기"))
        let back = text(press(Array(repeating: .up, count: 14), on: &watch, at: start))
        #expect(watch.firstVisible == 0 && watch.selected == 0)
        #expect(back.contains("빈티지 가죽 가방"))
    }

    @Test func reconnectingCountsDownAndRReconnectsNow() {
        var watch = model()
        var screen = VirtualScreen(rows: 24, columns: 80)
        screen.apply(watch.handle(.tick, now: start))
        screen.apply(watch.handle(.feed(.connection(.connected)), now: start))
        screen.apply(watch.handle(.feed(.connection(.reconnecting(inMilliseconds: 5_000))), now: start))
        #expect(screen.text.contains("reconnecting in 5 s (r: now)"), "\(screen.text)")
        screen.apply(watch.handle(.tick, now: start.adding(milliseconds: 1_100)))
        #expect(screen.text.contains("reconnecting in 4 s (r: now)"), "\(screen.text)")
        #expect(watch.handle(.key(.character("r")), now: start.adding(milliseconds: 1_200)).first == .reconnectNow)
    }

    @Test func pricesShownWhileDisconnectedAreDimmedAndMarkedStale() {
        var watch = WatchModel(pages: [Fixtures.page()], pageable: true, reachedEnd: true, interactive: true,
                               size: TerminalSize(rows: 24, columns: 100), color: true, title: "t",
                               clock: TimeOfDay(utcOffsetSeconds: 16 * 3_600 + 2 * 60))
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.feed(.connection(.connected)), now: start)
        let lost = text(watch.handle(.feed(.connection(.reconnecting(inMilliseconds: 2_000))), now: start))
        #expect(lost.contains("stale since 16:02"))
        #expect(lost.contains(ANSI.dim + "     21,500" + ANSI.reset), "the prices are dimmed")
        _ = watch.handle(.feed(.connection(.connected)), now: start.adding(milliseconds: 3_000))
        let live = text(watch.handle(.reloaded([Fixtures.page()]), now: start.adding(milliseconds: 3_100)))
        #expect(watch.staleSince == nil)
        #expect(!live.contains(ANSI.dim + "     21,500"), "live again: not dimmed")
        #expect(!live.contains("stale since"))
    }

    @Test func questionMarkShowsTheKeysAndAnyKeyClosesThem() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        let help = text(watch.handle(.key(.character("?")), now: start))
        #expect(help.contains("bid on the selected line"))
        #expect(help.contains("reconnect now"))
        #expect(!help.contains("Mechanical keyboard"))
        let closed = text(watch.handle(.key(.character("x")), now: start))
        #expect(closed.contains("Mechanical keyboard"))
        #expect(!watch.showsHelp)
    }

    @Test func jsonStartsWithASnapshotAndWritesSlashesPlainly() {
        var products = Fixtures.page()
        products[0].name = "AC/DC vinyl \\u002f box"
        var watch = model(products, interactive: false, json: true)
        let snapshot = text(watch.handle(.tick, now: start))
        #expect(snapshot.hasPrefix("{\"event\":\"snapshot\",\"time\":\"2025-11-22T00:00:00.000Z\",\"products\":[{\"id\":1,\"name\":\"AC/DC vinyl \\\\u002f box\""))
        #expect(snapshot.filter { $0 == "\n" }.count == 1, "one line")
        #expect(snapshot.contains("\"closed\":false"))
        let change = text(watch.handle(.feed(.price(PriceUpdate(productID: ProductID(2), price: Money(30_000), change: Money(500),
                                                                 direction: .up, auctionDate: "2026-11-22"))), now: start))
        #expect(change == "{\"event\":\"price\",\"time\":\"2025-11-22T00:00:00.000Z\",\"id\":2,\"name\":\"Mechanical keyboard\",\"price\":30000,\"change\":500,\"direction\":\"up\"}\n")
        let closed = text(watch.handle(.feed(.closed(ProductID(2), finalPrice: Money(30_000), winner: nil)), now: start))
        #expect(closed.contains("\"event\":\"closed\"") && closed.contains("\"winner\":null"))
    }

    @Test func theDemoHintFitsEightyColumns() {
        let hint = DemoCommand.hint(http: "127.0.0.1:41234", socket: "127.0.0.1:41235")
        #expect(TerminalText.width(hint) <= 80)
        var watch = model(hint: hint)
        let paint = text(watch.handle(.tick, now: start))
        #expect(paint.contains(hint))
    }

    @Test func theDemoHintBidsTheMinimumWhichOutbidsEverySimulatedProxysMaximum() {
        // CI saw `bid 5 +1000` refused "outbid — another bidder's maximum answered": proxies bid up to four raises
        // over their offer. From 100,000 (lot 5 starts in the hundreds of thousands) the minimum raise is over that headroom.
        let raise = BidderSimulation.Configuration.demoFeed.raise.minorUnits
        #expect(IncrementTable.standard.increment(at: Money(100_000)).minorUnits > 4 * raise)
        #expect(DemoCommand.hint(http: "h", socket: "s").hasSuffix("bid 5 --min"))
    }

    @Test func onlyATerminalThatAddressesTheCursorGetsTheFullScreen() {
        #expect(WatchCommand.addressesCursor(environment: ["TERM": "xterm-256color"]))
        #expect(!WatchCommand.addressesCursor(environment: ["TERM": "dumb"]))
        #expect(!WatchCommand.addressesCursor(environment: ["TERM": ""]))
        #expect(!WatchCommand.addressesCursor(environment: [:]))
    }

    @Test func watchTakesJSONFromItsSpec() throws {
        guard case .run(let invocation) = try ArgumentParser().parse(["watch", "--ids", "16,17", "--json"]) else {
            Issue.record("expected a watch to run")
            return
        }
        let watch = try WatchCommand(invocation)
        #expect(watch.json)
        #expect(watch.ids == [ProductID(16), ProductID(17)])
    }
}
