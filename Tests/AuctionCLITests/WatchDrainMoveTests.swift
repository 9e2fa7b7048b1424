import AuctionCLI
import AuctionCore
import Testing

/// Issue 22: a draining node tells the client to reconnect elsewhere, and the client goes from
/// connected straight to connecting (no backoff). `watch` still counts it as an outage: once connected
/// to the next node it reloads its pages (pushes may have been missed meanwhile) and, printing lines,
/// says so.
@Suite struct WatchDrainMoveTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)

    func model(interactive: Bool) -> WatchModel {
        WatchModel(pages: [Fixtures.page(from: 1)], pageable: true, reachedEnd: false, interactive: interactive,
                   size: TerminalSize(rows: 24, columns: 80), color: false, title: "auction watch · test")
    }

    func notices(_ effects: [WatchEffect]) -> [String] {
        effects.compactMap { if case .notice(let text) = $0 { text } else { nil } }
    }

    @Test func movingToTheNextNodeWithoutABackoffStillReloadsThePages() {
        var watch = model(interactive: true)
        _ = watch.handle(.tick, now: start)
        _ = watch.handle(.feed(.connection(.connected)), now: start)
        _ = watch.handle(.feed(.connection(.connecting)), now: start)
        let back = watch.handle(.feed(.connection(.connected)), now: start)
        #expect(back.first == .reload)
    }

    @Test func aPipedWatchSaysItLostAndRegainedTheConnection() {
        var watch = model(interactive: false)
        _ = watch.handle(.feed(.connection(.connected)), now: start)
        #expect(notices(watch.handle(.feed(.connection(.connecting)), now: start)) == ["not connected; reconnecting…"])
        let back = watch.handle(.feed(.connection(.connected)), now: start)
        #expect(back.first == .reload)
        #expect(notices(back) == ["connected again"])
    }

    @Test func theFirstConnectIsNoOutage() {
        var watch = model(interactive: false)
        #expect(notices(watch.handle(.feed(.connection(.connecting)), now: start)).isEmpty)
        #expect(!watch.handle(.feed(.connection(.connected)), now: start).contains(.reload))
    }
}
