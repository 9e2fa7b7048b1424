import AuctionCLI
import AuctionCore
import Testing

/// Pushes 7 (end time) and 8 (notification) in the watch model: the countdown that never goes back,
/// the `+N×` marker, the status line, the bell, JSON lines, and the notify command's slot and timeout.
@Suite struct WatchPushesTests {
    let start = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)

    func model(interactive: Bool = true, json: Bool = false, bell: Bool = false, command: Bool = false) -> WatchModel {
        var products = Fixtures.page()
        products[0].endsAt = start.adding(milliseconds: 30_000)
        var watch = WatchModel(pages: [products], pageable: true, reachedEnd: true, interactive: interactive, json: json,
                               size: TerminalSize(rows: 24, columns: 100), title: "auction watch · test")
        watch.alerts.bell = bell
        watch.alerts.runsCommand = command
        _ = watch.handle(.tick, now: start)
        return watch
    }

    func text(_ effects: [WatchEffect]) -> String {
        effects.map { effect -> String in
            if case .write(let bytes) = effect { return String(decoding: bytes, as: UTF8.self) }
            return ""
        }.joined()
    }

    func outbid(id: Int64 = 12, name: String? = "Nike Shoes") -> AuctionNotification {
        AuctionNotification(id: id, kind: .outbid, productID: ProductID(1), productName: name, price: Money(36_000),
                            maximum: Money(34_000), createdAt: start)
    }

    func runs(_ effects: [WatchEffect]) -> [AuctionNotification] {
        effects.compactMap { if case .runNotifyCommand(let notice) = $0 { notice } else { nil } }
    }

    @Test func anEndTimePushCountsDownToTheNewEndWithAnExtensionMarker() {
        var watch = model()
        let later = start.adding(milliseconds: 150_000)
        let painted = text(watch.handle(.feed(.endTime(ProductID(1), endsAt: later, extensions: 2)), now: start))
        #expect(painted.contains("2m 30s +2×"), "row: \(painted.debugDescription)")
        #expect(watch.board.rows[0].endsAt == later && watch.board.rows[0].extensions == 2)
        #expect(WatchRenderer.detailLine(watch.state, now: start).contains("ends in 2m 30s · extended 2×"))
    }

    @Test func anEarlierOrOlderEndTimeNeverReplacesALaterOne() {
        var watch = model()
        let later = start.adding(milliseconds: 150_000)
        _ = watch.handle(.feed(.endTime(ProductID(1), endsAt: later, extensions: 2)), now: start)
        #expect(watch.handle(.feed(.endTime(ProductID(1), endsAt: start.adding(milliseconds: 90_000), extensions: 1)), now: start).isEmpty)
        #expect(watch.board.rows[0].endsAt == later && watch.board.rows[0].extensions == 2)
        // A reload that read the product before the push keeps the pushed end.
        var stale = Fixtures.page()
        stale[0].endsAt = start.adding(milliseconds: 30_000)
        _ = watch.handle(.key(.character("r")), now: start)
        _ = watch.handle(.reloaded([stale]), now: start)
        #expect(watch.board.rows[0].endsAt == later && watch.board.rows[0].extensions == 2)
    }

    @Test func anEndTimeOutOfRangeChangesNothing() {
        var watch = model()
        #expect(watch.handle(.feed(.endTime(ProductID(1), endsAt: start, extensions: -1)), now: start).isEmpty)
        #expect(watch.handle(.feed(.endTime(ProductID(1), endsAt: Timestamp(millisecondsSinceEpoch: -5), extensions: 1)), now: start).isEmpty)
        #expect(watch.board.rows[0].endsAt == start.adding(milliseconds: 30_000))
    }

    @Test func anEndTimeWhenPipedIsAJSONLineOrANotice() {
        var json = model(interactive: false, json: true)
        let line = text(json.handle(.feed(.endTime(ProductID(1), endsAt: start.adding(milliseconds: 150_000), extensions: 1)), now: start))
        #expect(line.contains(#""event":"end_time""#) && line.contains(#""extensions":1"#) && line.contains(#""end_time":"2025-11-22T00:02:30.000Z""#))
        var lines = model(interactive: false)
        let effects = lines.handle(.feed(.endTime(ProductID(1), endsAt: start.adding(milliseconds: 150_000), extensions: 1)), now: start)
        #expect(effects.contains { if case .notice(let text) = $0 { text.contains("extended 1×") } else { false } })
    }

    @Test func aNotificationShowsInTheStatusLineAndRingsTheBellOnce() {
        var watch = model(bell: true)
        let painted = text(watch.handle(.feed(.notification(outbid())), now: start))
        #expect(painted.filter { $0 == "\u{07}" }.count == 1)
        #expect(WatchRenderer.statusLine(watch.state, now: start).hasPrefix("outbid on Nike Shoes — now 36,000 (your max 34,000)"))
        #expect(watch.handle(.feed(.notification(outbid())), now: start).isEmpty, "a repeated id is a replay: no second bell")
        let second = text(watch.handle(.feed(.notification(outbid(id: 13))), now: start))
        #expect(second.filter { $0 == "\u{07}" }.count == 1)
    }

    @Test func withoutTheBellNoBellRings() {
        var watch = model(bell: false)
        #expect(!text(watch.handle(.feed(.notification(outbid())), now: start)).contains("\u{07}"))
    }

    @Test func serverTextInANotificationIsNeutralised() {
        var watch = model()
        _ = watch.handle(.feed(.notification(outbid(name: "Shoes\u{1B}[2J\u{07}"))), now: start)
        let status = WatchRenderer.statusLine(watch.state, now: start)
        #expect(!status.unicodeScalars.contains { $0.value < 0x20 }, "status: \(status.debugDescription)")
        #expect(NotificationText.line(outbid(name: nil)) == "outbid on #1 — now 36,000 (your max 34,000)")
    }

    @Test func aNotificationWhenPipedIsAJSONLineWithoutABell() {
        var watch = model(interactive: false, json: true, bell: false)
        let line = text(watch.handle(.feed(.notification(outbid())), now: start))
        #expect(line.contains(#""event":"notification""#) && line.contains(#""kind":"outbid""#) && line.contains(#""your_maximum":34000"#))
        #expect(line.contains(#""text":"outbid on Nike Shoes — now 36,000 (your max 34,000)""#))
        #expect(!line.contains("\u{07}"))
    }

    @Test func theNotifyCommandRunsOneAtATimeAndQueuesTheRest() {
        var watch = model(command: true)
        #expect(runs(watch.handle(.feed(.notification(outbid(id: 1))), now: start)).map(\.id) == [1])
        #expect(runs(watch.handle(.feed(.notification(outbid(id: 2))), now: start)).isEmpty, "one runs: the next waits")
        #expect(watch.alerts.queue.map(\.id) == [2])
        #expect(runs(watch.handle(.notifyCommandFinished(.exited(0)), now: start)).map(\.id) == [2])
        let failed = watch.handle(.notifyCommandFinished(.exited(3)), now: start)
        #expect(runs(failed).isEmpty)
        #expect(WatchRenderer.statusLine(watch.state, now: start).hasPrefix("notify command exited with status 3"))
    }

    @Test func aFullQueueDropsNotificationsAndCountsThem() {
        var watch = model(interactive: false, command: true)
        for id in 1...(WatchAlerts.queueLimit + 3) { _ = watch.handle(.feed(.notification(outbid(id: Int64(id)))), now: start) }
        #expect(watch.alerts.queue.count == WatchAlerts.queueLimit)
        #expect(watch.alerts.dropped == 2)
    }

    @Test func aCommandRunningFiveSecondsIsKilledOnceAndTheWatchGoesOn() {
        var watch = model(command: true)
        _ = watch.handle(.feed(.notification(outbid(id: 1))), now: start)
        _ = watch.handle(.feed(.notification(outbid(id: 2))), now: start)
        let stops = { (effects: [WatchEffect]) in effects.filter { $0 == .stopNotifyCommand }.count }
        #expect(stops(watch.handle(.tick, now: start.adding(milliseconds: 4_999))) == 0)
        #expect(stops(watch.handle(.tick, now: start.adding(milliseconds: 5_000))) == 1)
        #expect(WatchRenderer.statusLine(watch.state, now: start).hasPrefix("notify command killed after 5 s"))
        #expect(stops(watch.handle(.tick, now: start.adding(milliseconds: 6_000))) == 0, "killed once")
        let next = watch.handle(.notifyCommandFinished(.signalled(9)), now: start.adding(milliseconds: 6_000))
        #expect(runs(next).map(\.id) == [2], "the queued one runs next")
        #expect(WatchRenderer.statusLine(watch.state, now: start).hasPrefix("notify command killed"), "the kill is not reported twice")
    }

    @Test func aCommandThatCannotStartIsReportedOnStandardErrorWhenPiped() {
        var watch = model(interactive: false, command: true)
        _ = watch.handle(.feed(.notification(outbid())), now: start)
        let effects = watch.handle(.notifyCommandFinished(.couldNotStart("nope: No such file or directory")), now: start)
        #expect(effects == [.notice("notify command could not start: nope: No such file or directory")])
    }

    @Test func theNotifyCommandIsSplitIntoWordsWithoutAShell() {
        #expect(NotifyCommandRunner.split("notify-send -u critical") == ["notify-send", "-u", "critical"])
        #expect(NotifyCommandRunner.split(#"say 'two words' "a \"b\"" c\ d $HOME;x"#) == ["say", "two words", #"a "b""#, "c d", "$HOME;x"])
        #expect(NotifyCommandRunner.split("  ") == nil)
        #expect(NotifyCommandRunner.split("say 'open") == nil)
    }
}
