import AuctionCLI
import AuctionCore
import Testing

/// `watch`'s `/` filter and `s` sort as values: the effects they ask for, what the status line shows,
/// and how answers replace the board.
@Suite struct WatchQueryKeysTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)

    func model(pageable: Bool = true) -> WatchModel {
        WatchModel(pages: [Fixtures.page()], pageable: pageable, reachedEnd: true, interactive: true,
                   size: TerminalSize(rows: 24, columns: 120), title: "auction watch · test")
    }

    func requeries(_ effects: [WatchEffect]) -> [CatalogueQuery] {
        effects.compactMap { if case .requery(let query) = $0 { return query } else { return nil } }
    }

    func type(_ text: String, on watch: inout WatchModel) -> [WatchEffect] {
        text.flatMap { watch.handle(.key(.character($0)), now: now) }
    }

    @Test func slashTypesAFilterAndEnterAsksTheServer() {
        var watch = model()
        _ = watch.handle(.key(.character("/")), now: now)
        #expect(watch.filterPrompt != nil)
        #expect(requeries(type("lamp", on: &watch)).isEmpty, "typing asks nothing yet")
        #expect(WatchRenderer.statusLine(watch.state, now: now).hasPrefix("filter: lamp▏"))
        let effects = watch.handle(.key(.enter), now: now)
        #expect(requeries(effects) == [CatalogueQuery(search: "lamp")])
        #expect(watch.filterPrompt == nil)
        #expect(WatchRenderer.statusLine(watch.state, now: now).contains("\"lamp\" · sort rank"))
    }

    @Test func escCancelsAndEmptyClears() {
        var watch = model()
        _ = watch.handle(.key(.character("/")), now: now)
        _ = type("oak", on: &watch)
        #expect(requeries(watch.handle(.key(.escape), now: now)).isEmpty)
        #expect(watch.filterPrompt == nil && watch.requestedQuery == nil)
        _ = watch.handle(.queried(CatalogueQuery(search: "x"), []), now: now)
        #expect(watch.query.isPlain, "an answer nobody asked for is ignored")
        _ = watch.handle(.key(.character("/")), now: now)
        _ = type("oak", on: &watch)
        _ = watch.handle(.key(.enter), now: now)
        _ = watch.handle(.queried(CatalogueQuery(search: "oak"), [CatalogueQueryPage(products: [Fixtures.page()[1]], nextCursor: "c1")]), now: now)
        #expect(watch.query.search == "oak")
        #expect(watch.visibleProducts.map(\.id) == [Fixtures.page()[1].id])
        _ = watch.handle(.key(.character("/")), now: now)
        for _ in 0..<3 { _ = watch.handle(.key(.backspace), now: now) }
        #expect(requeries(watch.handle(.key(.enter), now: now)) == [CatalogueQuery()])
    }

    @Test func sCyclesTheSortThroughEveryOrderAndBack() {
        var watch = model()
        var seen: [CatalogueQuery.Sort] = []
        for _ in 0..<6 {
            let asked = requeries(watch.handle(.key(.character("s")), now: now))
            #expect(asked.count == 1)
            guard let query = asked.first else { return }
            seen.append(query.sort)
            _ = watch.handle(.queried(query, [CatalogueQueryPage(products: Fixtures.page(), nextCursor: nil)]), now: now)
        }
        #expect(seen == [.ending, .price, .new, .change, .bids, .id])
    }

    @Test func theAnswerReplacesTheBoardAndAnnouncesTheQueryState() {
        var watch = model()
        let query = CatalogueQuery(sort: .price)
        _ = watch.handle(.key(.character("s")), now: now)
        _ = watch.handle(.key(.character("s")), now: now)
        #expect(watch.requestedQuery == query)
        let effects = watch.handle(.queried(query, [CatalogueQueryPage(products: Array(Fixtures.page().prefix(2)), nextCursor: "next")]), now: now)
        #expect(effects.contains(.announceQuery(query, pages: 1)))
        #expect(watch.visibleProducts.count == 2)
        #expect(watch.queryCursor == "next" && !watch.reachedEnd)
        #expect(WatchRenderer.statusLine(watch.state, now: now).contains("sort price"))
        // The screen is not full: the next page follows the cursor at once.
        #expect(effects.contains(.loadQueryPage(index: 1, query, cursor: "next")))
    }

    @Test func typedEscapesAreDroppedAndFilteringNeedsPages() {
        var watch = model()
        _ = watch.handle(.key(.character("/")), now: now)
        _ = type("a\u{1B}[2Jb\u{07}", on: &watch)
        #expect(watch.filterPrompt?.text == "a[2Jb")
        var fixed = model(pageable: false)
        #expect(requeries(fixed.handle(.key(.character("s")), now: now)).isEmpty)
        _ = fixed.handle(.key(.character("/")), now: now)
        #expect(fixed.filterPrompt == nil)
    }

    @Test func aFailedQueryKeepsTheBoardAndSaysWhy() {
        var watch = model()
        _ = watch.handle(.key(.character("s")), now: now)
        _ = watch.handle(.queryFailed("searching and sorting are not supported by this server"), now: now)
        #expect(watch.query.isPlain && watch.requestedQuery == nil)
        #expect(WatchRenderer.statusLine(watch.state, now: now).contains("not supported"))
    }
}
