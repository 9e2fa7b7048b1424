@testable import AuctionCLI
import AuctionCore
import Testing

/// Paging by screen as a value, and the model moving by screenfuls: the table fills the terminal's
/// height, `n`/`p`/`g`/`G` move a screen and load pages as needed, the position line is the server's count.
@Suite struct ScreenPagingTests {
    @Test func nextIsAScreenfulOnAndLoadsFirstWhenItsRowsAreMissing() {
        let paging = ScreenPaging(count: 45, capacity: 30, reachedEnd: false)
        #expect(paging.next(from: 0) == .load(top: 30))
        #expect(ScreenPaging(count: 60, capacity: 30, reachedEnd: false).next(from: 0) == .show(top: 30))
        // At the end the last screen ends full: 41–70 of 70, not 61–70.
        #expect(ScreenPaging(count: 70, capacity: 30, reachedEnd: true).next(from: 30) == .show(top: 40))
    }

    @Test func previousFirstAndLastStayWithinTheRows() {
        let paging = ScreenPaging(count: 70, capacity: 30, reachedEnd: true)
        #expect(paging.previous(from: 40) == .show(top: 10))
        #expect(paging.previous(from: 10) == .show(top: 0))
        #expect(paging.first == .show(top: 0))
        #expect(paging.last == .show(top: 40))
        #expect(ScreenPaging(count: 70, capacity: 30, reachedEnd: false).last == .load(top: .max))
    }

    @Test func positionLineNamesTheServersCountOrSaysMoreMayFollow() {
        #expect(ScreenPaging.positionLabel(shown: 30..<60, total: 1_204, more: true) == "lots 31–60 of 1,204")
        #expect(ScreenPaging.positionLabel(shown: 30..<60, total: nil, more: true) == "lots 31–60+")
        #expect(ScreenPaging.positionLabel(shown: 6..<7, total: 9, more: false) == "lot 7 of 9")
        #expect(ScreenPaging.positionLabel(shown: 0..<0, total: 0, more: false) == "no lots of 0")
    }

    /// A watch over `pages` full pages at `rows` × 120.
    static func watch(pages: Int, rows: Int, total: Int? = nil) -> WatchModel {
        var model = WatchModel(pages: (0..<pages).map { Fixtures.page(from: 1 + $0 * 15) }, pageable: true, reachedEnd: false,
                               interactive: true, size: TerminalSize(rows: rows, columns: 120))
        model.total = total
        return model
    }

    static let now = Timestamp(millisecondsSinceEpoch: 1_000)

    @Test func theTableFillsTheHeightLoadingThePagesItNeeds() {
        // 35 rows hold 31 lots: two pages loaded are not enough, so the third is asked for at once.
        var watch = Self.watch(pages: 2, rows: 35, total: 1_204)
        let effects = watch.handle(.tick, now: Self.now)
        #expect(effects.contains(.loadPage(2)))
        _ = watch.handle(.pageLoaded(index: 2, ProductPage(index: 2, products: Fixtures.page(from: 31), total: 1_204)), now: Self.now)
        #expect(WatchLayout(watch.state).shown == 0..<31)
        #expect(watch.state.positionLabel(shown: WatchLayout(watch.state).shown) == "lots 1–31 of 1,204")
    }

    @Test func nAndPMoveAScreenfulAndGAndShiftGGoToTheEnds() {
        var watch = Self.watch(pages: 4, rows: 24)  // 20 lots to a screen, 60 loaded
        _ = watch.handle(.key(.character("n")), now: Self.now)
        #expect(watch.firstVisible == 20 && watch.selected == 20)
        _ = watch.handle(.key(.pageDown), now: Self.now)
        #expect(watch.firstVisible == 40)
        _ = watch.handle(.key(.character("p")), now: Self.now)
        #expect(watch.firstVisible == 20)
        _ = watch.handle(.key(.character("g")), now: Self.now)
        #expect(watch.firstVisible == 0 && watch.selected == 0)
        // G loads up to the end first (a short page ends it), then shows the last full screen, its last line selected.
        let asked = watch.handle(.key(.character("G")), now: Self.now)
        #expect(asked.contains(.loadPage(4)))
        _ = watch.handle(.pageLoaded(index: 4, ProductPage(index: 4, products: Array(Fixtures.page(from: 61).prefix(5)))), now: Self.now)
        #expect(watch.firstVisible == 45 && watch.selected == 64)
        #expect(watch.state.positionLabel(shown: WatchLayout(watch.state).shown) == "lots 46–65")
    }

    @Test func nNeverGoesPastTheLastScreen() {
        var watch = WatchModel(pages: [Fixtures.page(), Fixtures.page(from: 16)], pageable: true, reachedEnd: true,
                               interactive: true, size: TerminalSize(rows: 24, columns: 120))
        for _ in 0..<5 { _ = watch.handle(.key(.character("n")), now: Self.now) }
        #expect(watch.firstVisible == 10)
        #expect(watch.state.positionLabel(shown: WatchLayout(watch.state).shown) == "lots 11–30")
    }

    @Test func afterASortThePositionIsTheQuerysCountAndNPagesItsAnswer() {
        var watch = Self.watch(pages: 2, rows: 24, total: 67)
        _ = watch.handle(.key(.character("s")), now: Self.now)
        let query = CatalogueQuery(sort: .ending)
        let answer = [CatalogueQueryPage(products: Fixtures.page(from: 31), nextCursor: "c1", total: 45)]
        let effects = watch.handle(.queried(query, answer), now: Self.now)
        #expect(watch.state.positionLabel(shown: WatchLayout(watch.state).shown) == "lots 1–15 of 45")
        #expect(effects.contains(.loadQueryPage(index: 1, query, cursor: "c1")), "20 lines want a second page at once")
        _ = watch.handle(.queryPageLoaded(index: 1, query, CatalogueQueryPage(products: Fixtures.page(from: 46), nextCursor: "c2")), now: Self.now)
        #expect(watch.state.positionLabel(shown: WatchLayout(watch.state).shown) == "lots 1–20 of 45", "a later page keeps the first page's count")
        _ = watch.handle(.key(.character("n")), now: Self.now)
        _ = watch.handle(.queryPageLoaded(index: 2, query, CatalogueQueryPage(products: Fixtures.page(from: 61), nextCursor: nil)), now: Self.now)
        #expect(watch.state.positionLabel(shown: WatchLayout(watch.state).shown) == "lots 21–40 of 45")
    }

    @Test func aResizeReflowsTheRowsShown() {
        var watch = Self.watch(pages: 4, rows: 24)
        #expect(WatchLayout(watch.state).shown.count == 20)
        _ = watch.handle(.resized(TerminalSize(rows: 10, columns: 40)), now: Self.now)
        #expect(WatchLayout(watch.state).shown.count == 6)
    }
}
