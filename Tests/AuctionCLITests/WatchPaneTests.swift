@testable import AuctionCLI
import AuctionCore
import AuctionData
import Testing

/// The detail pane of `watch` as a value: what Enter, the lot keys and the chat input ask the shell to
/// do, where the panes go at each size, and what reaches the terminal (through `VirtualScreen`).
@Suite struct WatchPaneTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)

    func model(_ products: [Product] = Fixtures.page(), rows: Int = 35, columns: Int = 120, color: Bool = false) -> WatchModel {
        var watch = WatchModel(pages: [products], pageable: true, reachedEnd: true, interactive: true,
                               size: TerminalSize(rows: rows, columns: columns), color: color, title: "auction watch · test")
        watch.viewer = "alice"
        watch.chatUnavailable = nil
        return watch
    }

    func lotEffects(_ effects: [WatchEffect]) -> [WatchEffect] {
        effects.filter { if case .write = $0 { false } else { true } }
    }

    func detail(_ product: Product) -> ProductDetail {
        ProductDetail(product: product, sellerName: "bob", description: "", listedAt: nil, priceHistory: [])
    }

    func push(_ id: Int, _ price: Int64, change: Int64 = 500) -> WatchEvent {
        .feed(.price(PriceUpdate(productID: ProductID(id), price: Money(price), change: Money(change), direction: .up,
                                 auctionDate: "2026-11-22")))
    }

    @Test func enterOpensThePaneWhichLoadsTheLotAndJoinsItsRoomAndEscClosesIt() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        let opened = lotEffects(watch.handle(.key(.enter), now: start))
        #expect(opened == [.loadLot(ProductID(1)), .chat(.join("product-1"))])
        #expect(watch.pane?.productID == ProductID(1))
        #expect(lotEffects(watch.handle(.key(.escape), now: start)) == [])
        #expect(watch.pane == nil, "the room was never joined: nothing to leave")
        _ = watch.handle(.key(.right), now: start)
        _ = watch.handle(.lotRoomJoined(room: "product-1", members: ["alice"]), now: start)
        #expect(lotEffects(watch.handle(.key(.left), now: start)) == [.chat(.leave)])
    }

    @Test func thePaneFollowsTheSelectionAndALateAnswerForAnotherLotIsDropped() {
        var watch = model()
        _ = watch.handle(.key(.enter), now: start)
        #expect(lotEffects(watch.handle(.key(.down), now: start)) == [.loadLot(ProductID(2)), .chat(.join("product-2"))])
        _ = watch.handle(.lotLoaded(ProductID(1), detail(Fixtures.product(1)), bids: nil), now: start)
        #expect(watch.pane?.detail == nil, "lot 1's answer does not fill lot 2's pane")
        _ = watch.handle(.lotLoaded(ProductID(2), detail(Fixtures.product(2)), bids: nil), now: start)
        #expect(watch.pane?.detail?.sellerName == "bob")
    }

    @Test func thePaneShowsTheServersNextMinimumAndStandingNotFiguresOfItsOwn() {
        var lot = Fixtures.product(1, price: 35_000)
        lot.nextMinimum = Money(37_777)  // not price + any increment: only the server's field can say it
        lot.buyNowPrice = Money(90_000)
        var watch = model([lot] + Fixtures.page().dropFirst())
        var screen = VirtualScreen(rows: 35, columns: 120)
        screen.apply(watch.handle(.key(.enter), now: start))
        screen.apply(watch.handle(.lotLoaded(ProductID(1), detail(lot), bids: [
            BidHistoryEntry(time: start, bidder: "al…e", price: Money(35_000), isAutomatic: true),
        ]), now: start))
        screen.apply(watch.handle(.standings([ProductID(1): .leading]), now: start))
        let text = screen.text
        #expect(text.contains("Next bid  37,777 or more"), "\(text)")
        #expect(text.contains("You       lead ★"), "\(text)")
        #expect(text.contains("Buy now   90,000 · u buys"), "\(text)")
        #expect(text.contains("al…e") && text.contains("35,000 auto"), "the bid history:\n\(text)")
        #expect(text.contains("── product-1"), "the lot's room under it:\n\(text)")
    }

    @Test func aPriceChangeBesideThePaneRewritesItsCellsAndThePanesPriceAndNeverClearsThePane() {
        var watch = model()
        var screen = VirtualScreen(rows: 35, columns: 120)
        screen.apply(watch.handle(.key(.enter), now: start))
        screen.apply(watch.handle(.lotLoaded(ProductID(1), detail(Fixtures.product(1)), bids: []), now: start))
        let other = watch.handle(push(3, 99_500), now: start)
        let bytes = other.reduce(into: [UInt8]()) { if case .write(let written) = $1 { $0 += written } }
        #expect(!String(decoding: bytes, as: UTF8.self).contains(ANSI.clearToEndOfLine), "no clear reaches the pane")
        screen.apply(other)
        #expect(screen.text.contains("#1  "), "the pane stays:\n\(screen.text)")
        // The pane's own lot: its price line follows, and its history is read again.
        let own = watch.handle(push(1, 88_000), now: start)
        #expect(lotEffects(own) == [.loadBidHistory(ProductID(1))])
        screen.apply(own)
        #expect(screen.text.contains("Price     88,000  ↑ +500"), "\(screen.text)")
    }

    @Test func capitalBSendsTheServersMinimumWithTheMaximumTyped() {
        var lot = Fixtures.product(1, price: 40_000)
        lot.nextMinimum = Money(41_000)
        var watch = model([lot])
        _ = watch.handle(.key(.character("B")), now: start)
        #expect(watch.prompt?.isMaximum == true && watch.prompt?.price == nil, "the maximum is typed, not prefilled")
        for digit in "45000" { _ = watch.handle(.key(.character(digit)), now: start) }
        let sent = lotEffects(watch.handle(.key(.enter), now: start))
        #expect(sent == [.placeBid(Bid(productID: ProductID(1), price: Money(41_000), maximum: Money(45_000)))])
    }

    @Test func uAsksBeforeBuyingAtTheServersBuyNowPriceAndOnlyYBuys() {
        var lot = Fixtures.product(1)
        lot.buyNowPrice = Money(120_000)
        var watch = model([lot, Fixtures.product(2)])
        _ = watch.handle(.key(.character("u")), now: start)
        #expect(WatchRenderer.statusLine(watch.state, now: start).hasPrefix("buy 1 (빈티지 가죽 가방) now for 120,000? [y/N]"))
        #expect(lotEffects(watch.handle(.key(.character("n")), now: start)) == [])
        #expect(watch.message == "nothing bought")
        _ = watch.handle(.key(.character("u")), now: start)
        #expect(lotEffects(watch.handle(.key(.character("y")), now: start)) == [.buyNow(ProductID(1))])
        _ = watch.handle(.key(.down), now: start)
        #expect(lotEffects(watch.handle(.key(.character("u")), now: start)) == [])
        #expect(watch.message?.contains("no buy-now price") == true)
    }

    @Test func wTogglesByTheWatchlistTheServerListedAndBangSendsTheReasonTyped() {
        var watch = model()
        _ = watch.handle(.watchlistRead([ProductID(1)]), now: start)
        #expect(lotEffects(watch.handle(.key(.character("w")), now: start)) == [.setWatched(ProductID(1), false)])
        _ = watch.handle(.watchlistAnswered(ProductID(1), watched: false, "product 1 is not on your watchlist"), now: start)
        #expect(lotEffects(watch.handle(.key(.character("w")), now: start)) == [.setWatched(ProductID(1), true)])
        _ = watch.handle(.key(.character("!")), now: start)
        #expect(lotEffects(watch.handle(.key(.enter), now: start)) == [], "an empty reason is not sent")
        for character in "fake" { _ = watch.handle(.key(.character(character)), now: start) }
        #expect(lotEffects(watch.handle(.key(.enter), now: start)) == [.report(ProductID(1), reason: "fake")])
    }

    @Test func theChatInputTakesEveryKeyUntilEscAndEnterSendsInTheLotsRoom() {
        var watch = model()
        _ = watch.handle(.key(.character("c")), now: start)
        #expect(watch.pane?.chatFocused == true, "c opens the pane and focuses its chat")
        for character in "bq!" { #expect(lotEffects(watch.handle(.key(.character(character)), now: start)) == []) }
        #expect(watch.prompt == nil && watch.reportPrompt == nil, "b and ! were typed, not acted on")
        #expect(lotEffects(watch.handle(.key(.enter), now: start)) == [.chat(.send("bq!"))])
        _ = watch.handle(.key(.up), now: start)
        #expect(watch.pane?.editor.text == "bq!", "Up recalls the line sent")
        _ = watch.handle(.key(.escape), now: start)
        #expect(watch.pane?.chatFocused == false && watch.pane != nil, "Esc returns to the table, the pane stays")
        _ = watch.handle(.lotChat(room: "product-1", .lot(ChatLotEvent(room: "product-1", productID: ProductID(1), kind: .bid, price: Money(50_000), bidder: "b…b", time: start))),
                         now: start)
        #expect(watch.pane?.chat.entries.last == .lot(ChatLotEvent(room: "product-1", productID: ProductID(1), kind: .bid, price: Money(50_000), bidder: "b…b", time: start)))
        _ = watch.handle(.lotChat(room: "product-9", .message(ChatMessage(room: "product-9", sender: "x", text: "elsewhere", time: start,
                                                                          sequence: 1))), now: start)
        #expect(watch.pane?.chat.entries.count == 1, "another room's line is not the pane's")
    }

    @Test func bracketsCycleTheLotsImagesEachFetchedOnceAndTheLabelCountsThem() {
        var lot = Fixtures.product(1)
        lot.imageIDs = [7, 8]
        var watch = model([lot], color: true)
        _ = watch.handle(.key(.enter), now: start)
        #expect(lotEffects(watch.handle(.lotLoaded(ProductID(1), detail(lot), bids: nil), now: start)) == [.loadPicture(7)])
        #expect(LotPaneView.pictureLabel(watch.pane!, color: true, width: 40) == "image 1 of 2 · [ ] cycle · loading…")
        #expect(lotEffects(watch.handle(.key(.character("]")), now: start)) == [.loadPicture(8)])
        _ = watch.handle(.pictureLoaded(imageID: 8, .notShown("GIF is not supported")), now: start)
        #expect(LotPaneView.pictureLabel(watch.pane!, color: true, width: 60) == "image 2 of 2 · [ ] cycle · not shown: GIF is not supported")
        #expect(lotEffects(watch.handle(.key(.character("]")), now: start)) == [], "image 7 is on its way already")
        #expect(watch.pane?.imageIndex == 0)
        #expect(lotEffects(watch.handle(.key(.character("[")), now: start)) == [], "image 8 was fetched")
    }

    @Test func thePanesFiguresAreWholeOrLeftOutAtEveryWidth() {
        var lot = Fixtures.product(1, price: 1_234_567, change: 12_500)
        lot.nextMinimum = Money(1_244_567)
        lot.buyNowPrice = Money(9_876_543)
        lot.bidCount = 1_204
        lot.endsAt = start.adding(milliseconds: 7_200_000)
        var pane = LotPane(productID: ProductID(1))
        pane.detail = detail(lot)
        pane.bids = [BidHistoryEntry(time: start, bidder: "a-very-long-bidder-name", price: Money(1_234_567), isAutomatic: false)]
        let facts = LotPaneView.Facts(product: lot, standing: .leading, watched: true, viewer: nil, color: false, clock: .utc, now: start)
        for width in 4...70 {
            let text = LotPaneView.textLines(pane, facts, width: width).map(\.text)
            for line in text {
                #expect(TerminalText.width(line) <= width, "\(width): \(line)")
                // A cut figure would end in a digit or comma right before the ellipsis.
                #expect(!line.contains(",…") && line.range(of: "[0-9]…", options: .regularExpression) == nil,
                        "\(width): \(line)")
            }
            for figure in ["1,234,567", "1,244,567", "9,876,543", "1,204"] {
                let parts = text.filter { $0.contains(figure.prefix(3)) && !$0.contains(figure) && $0.hasPrefix("#") == false }
                #expect(parts.allSatisfy { !$0.contains(figure.prefix(5)) }, "\(width): \(figure) cut in \(parts)")
            }
        }
    }

    @Test func panesGoBesideOrBelowAndAreDroppedChatFirstThenDetailAtSmallSizes() {
        let side = AppLayout(size: TerminalSize(rows: 35, columns: 120), detailOpen: true, chat: true)
        #expect(side.separatorColumn != nil && side.detail != nil && side.chat != nil && side.table.rows == 35)
        let sideNoChat = AppLayout(size: TerminalSize(rows: 12, columns: 120), detailOpen: true, chat: true)
        #expect(sideNoChat.detail != nil && sideNoChat.chat == nil, "a short terminal drops the chat first")
        let below = AppLayout(size: TerminalSize(rows: 24, columns: 80), detailOpen: true, chat: true)
        #expect(below.separatorColumn == nil && below.detail?.top == below.table.rows + 1 && below.chat != nil)
        let belowNoChat = AppLayout(size: TerminalSize(rows: 18, columns: 80), detailOpen: true, chat: true)
        #expect(belowNoChat.detail != nil && belowNoChat.chat == nil)
        for size in [TerminalSize(rows: 10, columns: 40), TerminalSize(rows: 5, columns: 20)] {
            let small = AppLayout(size: size, detailOpen: true, chat: true)
            #expect(small.detail == nil && small.chat == nil && small.dropsDetail && small.table == size)
        }
        #expect(AppLayout(size: TerminalSize(rows: 35, columns: 120), detailOpen: false, chat: true).table.columns == 120)
    }

    @Test func aResizeMovesThePaneFromBesideTheTableToBelowIt() {
        var watch = model()
        var screen = VirtualScreen(rows: 35, columns: 120)
        screen.apply(watch.handle(.key(.enter), now: start))
        #expect(screen.row(1).contains("│#1  "), "\(screen.text)")
        var small = VirtualScreen(rows: 24, columns: 80)
        small.apply(watch.handle(.resized(TerminalSize(rows: 24, columns: 80)), now: start))
        #expect(!small.text.contains("│"), "\(small.text)")
        #expect(small.row(watch.appLayout.table.rows + 1).hasPrefix("#1  "), "the pane below the table:\n\(small.text)")
    }

    /// As `auction-bench cli` watches: 100×30 in colour, a change every 200 ms round the page, ticks every
    /// 250 ms (the time left, the status line, fades); every byte after the first paint over the changes.
    func allInBytesPerChange(paneOpen: Bool) -> Int {
        let products = Fixtures.page().map { product -> Product in
            var copy = product
            copy.endsAt = start.adding(milliseconds: 3_600_000 + Int64(product.id.rawValue) * 97_000)
            copy.nextMinimum = Money(product.currentPrice.minorUnits + 500)
            copy.bidCount = 1
            return copy
        }
        var watch = WatchModel(pages: [products], pageable: true, reachedEnd: true, interactive: true,
                               size: TerminalSize(rows: 30, columns: 100), color: true, title: "auction watch · bench")
        _ = watch.handle(.tick, now: start)
        if paneOpen {
            _ = watch.handle(.key(.enter), now: start)
            _ = watch.handle(.lotLoaded(ProductID(1), detail(products[0]), bids: []), now: start)
        }
        var now = start, nextTick = start.adding(milliseconds: 250), bytes = 0
        var prices = products.map(\.currentPrice.minorUnits)
        func count(_ effects: [WatchEffect]) { for case .write(let written) in effects { bytes += written.count } }
        let changes = 300
        for number in 0..<changes {
            let at = start.adding(milliseconds: Int64(number) * 200)
            while nextTick <= at {
                count(watch.handle(.tick, now: nextTick))
                nextTick = nextTick.adding(milliseconds: 250)
            }
            now = at
            let index = number % products.count
            prices[index] += 100_000 + Int64(number)
            var update = PriceUpdate(productID: products[index].id, price: Money(prices[index]), change: Money(100_000 + Int64(number)),
                                     direction: .up, auctionDate: "2026-11-22", sequence: Int64(2 + number / products.count))
            update.nextMinimum = Money(prices[index] + 500)
            count(watch.handle(.feed(.price(update)), now: now))
        }
        let end = now.adding(milliseconds: 1_300)
        while nextTick <= end {
            count(watch.handle(.tick, now: nextTick))
            nextTick = nextTick.adding(milliseconds: 250)
        }
        return bytes / changes
    }

    @Test func aPriceChangeCostsAtMostEightyBytesAllInWithThePaneClosed() {
        let closed = allInBytesPerChange(paneOpen: false)
        #expect(closed <= 80, "all-in bytes per change: \(closed)")
        let open = allInBytesPerChange(paneOpen: true)
        // Beside the table the pane's price line of the selected lot and its ticking time left add a little.
        #expect(open <= 120, "with the pane open: \(open)")
        print("all-in bytes per price change: \(closed) (pane closed), \(open) (pane open)")
    }
}
