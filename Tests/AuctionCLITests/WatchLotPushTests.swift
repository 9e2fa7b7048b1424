import AuctionCLI
import AuctionCore
import Testing

/// Push 9 in the watch model: where a listed lot goes on the loaded pages, what an edit changes, how a
/// withdrawal shrinks a page, and that the selection stays on the lot it was on.
@Suite struct WatchLotPushTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)

    func model(pages: Int, pageable: Bool = true) -> WatchModel {
        WatchModel(pages: (0..<pages).map { Fixtures.page(from: 1 + $0 * 15) }, pageable: pageable, reachedEnd: true,
                   interactive: true, size: TerminalSize(rows: 40, columns: 100), title: "auction watch · test")
    }

    func listed(_ id: Int, name: String, place: ListingPlace?) -> WatchEvent {
        .feed(.catalogue(.listed(Fixtures.product(id, name: name), place: place)))
    }

    @Test func aListedLotGoesAfterTheLotTheServerNamedOnThatLotsPage() {
        var watch = model(pages: 2)
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(listed(101, name: "Brass samovar", place: .after(ProductID(7))), now: start)
        #expect(watch.board.rows.map(\.id.rawValue).prefix(9) == [1, 2, 3, 4, 5, 6, 7, 101, 8])
        #expect(watch.pageRanges == [0..<16, 16..<31])
        var placedFirst = model(pages: 1)
        _ = placedFirst.handle(listed(102, name: "Kettle", place: .first), now: start)
        #expect(placedFirst.board.rows.first?.id == ProductID(102))
    }

    @Test func withoutAPlaceTheCatalogueOrderPlacesItByID() {
        var watch = model(pages: 2)
        _ = watch.handle(listed(31, name: "Lamp", place: nil), now: start)
        #expect(watch.board.rows.last?.id == ProductID(31))
        #expect(watch.pageRanges == [0..<15, 15..<31])
        // The same lot pushed again is an edit, not a second line.
        _ = watch.handle(listed(31, name: "Lamp, polished", place: nil), now: start)
        #expect(watch.board.rows.count == 31 && watch.board.rows.last?.name == "Lamp, polished")
    }

    @Test func theSelectionStaysOnItsLotWhenALotIsInsertedAboveIt() {
        var watch = model(pages: 1)
        _ = watch.handle(.key(.down), now: start)
        _ = watch.handle(.key(.down), now: start)
        #expect(watch.visibleProducts[watch.selected].id == ProductID(3))
        _ = watch.handle(listed(50, name: "New", place: .first), now: start)
        #expect(watch.visibleProducts[watch.selected].id == ProductID(3))
    }

    @Test func anEditRewritesTheLineButKeepsAHigherPriceShown() {
        var watch = model(pages: 1)
        let shown = watch.board.rows[4]
        var edited = shown
        edited.name = "Renamed"
        edited.currentPrice = Money(shown.currentPrice.minorUnits - 1)
        _ = watch.handle(.feed(.catalogue(.edited(edited))), now: start)
        #expect(watch.board.rows[4].name == "Renamed")
        #expect(watch.board.rows[4].currentPrice == shown.currentPrice)
    }

    @Test func aWithdrawnLotLeavesItsPageWithANoteAndAnEmptiedPageGoes() {
        var watch = model(pages: 2)
        _ = watch.handle(.feed(.catalogue(.withdrawn(ProductID(20)))), now: start)
        #expect(!watch.board.rows.contains { $0.id == ProductID(20) })
        #expect(watch.pageRanges == [0..<15, 15..<29])
        #expect(watch.message?.contains("lot 20") == true && watch.message?.contains("withdrawn by its seller") == true)

        var single = WatchModel(pages: [[Fixtures.product(1)], [Fixtures.product(2)]], pageable: true, reachedEnd: true,
                                interactive: true, size: TerminalSize(rows: 5, columns: 100))
        _ = single.handle(.key(.character("n")), now: start)
        #expect(single.currentPage == 1, "one lot to a screen: the second")
        _ = single.handle(.feed(.catalogue(.withdrawn(ProductID(2)))), now: start)
        #expect(single.pageRanges == [0..<1] && single.currentPage == 0)
        #expect(single.visibleProducts.map(\.id) == [ProductID(1)])
    }

    @Test func watchingGivenIDsTakesNoListedLots() {
        var watch = model(pages: 1, pageable: false)
        _ = watch.handle(listed(101, name: "Elsewhere", place: .first), now: start)
        #expect(!watch.board.rows.contains { $0.id == ProductID(101) })
    }

    @Test func pipedAndJSONWatchesReportLotsAsNoticesAndLines() {
        var piped = WatchModel(pages: [Fixtures.page()], pageable: true, reachedEnd: true, interactive: false)
        _ = piped.handle(.tick, now: start)  // the snapshot
        #expect(piped.handle(listed(16, name: "Lamp", place: nil), now: start) == [.notice("new lot 16: Lamp")])
        #expect(piped.handle(.feed(.catalogue(.withdrawn(ProductID(16)))), now: start)
            == [.notice("lot 16 (Lamp) was withdrawn by its seller")])

        var json = WatchModel(pages: [Fixtures.page()], pageable: true, reachedEnd: true, interactive: false, json: true)
        _ = json.handle(.tick, now: start)  // the snapshot
        let lines = json.handle(listed(16, name: "Lamp", place: nil), now: start) + json.handle(.feed(.catalogue(.withdrawn(ProductID(16)))), now: start)
        let text = lines.map { effect -> String in
            if case .write(let bytes) = effect { return String(decoding: bytes, as: UTF8.self) }
            return ""
        }.joined()
        #expect(text.hasPrefix(#"{"event":"listed","#) && text.contains(#""name":"Lamp""#))
        #expect(text.contains(#"{"event":"withdrawn","#) && text.contains(#""id":16,"name":"Lamp"}"#))
    }
}
