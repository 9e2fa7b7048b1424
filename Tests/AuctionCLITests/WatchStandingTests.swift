import AuctionCLI
import AuctionCore
import Testing

/// Issue 33, item 3: the watch's standing markers follow the server's standing pushes (11) and re-reads,
/// and vanish when the login ends.
@Suite struct WatchStandingTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)

    func model() -> WatchModel {
        WatchModel(pages: [Fixtures.page()], pageable: true, reachedEnd: true, interactive: true, json: false,
                   size: TerminalSize(rows: 24, columns: 80), color: false, title: "auction watch · test")
    }

    @Test func aStandingPushMarksTheLotAndTheNextOneReplacesIt() {
        var watch = model()
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.feed(.standing(.lot(2, standing: .outbid, price: 35_000))), now: start)
        #expect(watch.standings[2] == .outbid)
        _ = watch.handle(.feed(.standing(.lot(2, standing: .leading, price: 60_000))), now: start)
        #expect(watch.standings[2] == .leading, "taking the lead from another terminal shows at once")
    }

    @Test func aReReadReplacesEveryStandingAndAnEndedLoginClearsThem() {
        var watch = model()
        _ = watch.handle(.standings([2: .outbid, 3: .leading]), now: start)
        _ = watch.handle(.standingsRead([2: .leading]), now: start)
        #expect(watch.standings == [2: .leading], "`r` shows what the server lists now, nothing stale")
        _ = watch.handle(.feed(.standing(.loginEnded(reason: "suspended", message: "suspended until 14:00 UTC: shill bidding"))), now: start)
        #expect(watch.standings.isEmpty)
        #expect(watch.message?.contains("no longer logged in: suspended until 14:00 UTC") == true, "\(String(describing: watch.message))")
    }
}
