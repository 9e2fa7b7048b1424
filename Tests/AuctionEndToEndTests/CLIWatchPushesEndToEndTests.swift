import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Pushes 7 (end time) and 8 (notification) on the real `watch` screen in tmux. The catalogue comes from
/// an in-process server on a manual clock (over HTTP); the socket is a loopback frame server that
/// speaks our hello and sends the pushes, so this holds whichever branch's server sends them.
@Suite(.serialized) struct CLIWatchPushesEndToEndTests {
    /// A reply to every request: `result: true`, and the hello's features.
    static func answer(_ frame: Frame) -> LoopbackFrameServer.Action {
        let features: [JSONValue] = ["closing", "subscribe", "login", "extensions", "notifications"].map { .string($0) }
        return .send([Frame(dataType: 1, data: ["completionId": .int(frame.completionID ?? -1), "result": true,
                                                "server": "fake", "version": "0", "features": .array(features)])])
    }

    @Test func watchShowsAnOutbidNotificationAndASoftCloseCountdown() async throws {
        let directory = try TemporaryDirectory(prefix: "auction-cli-e2e")
        defer { directory.remove() }
        let start = CLIWatchScreenEndToEndTests.now()
        try CatalogueFixture.demo(at: directory.file("auction.sqlite"), now: start, endingAt: [1: start.adding(milliseconds: 20_000)])
        let server = AuctionHouseServer(configuration: .ephemeral(databasePath: directory.file("auction.sqlite")),
                                        log: ServerLog(level: .warning), clock: ManualClock(start))
        let addresses = try server.start()
        defer { server.stop() }
        let pusher = try LoopbackFrameServer(behaviour: Self.answer)
        defer { pusher.shutdown() }
        let notices = directory.file("notices.json")
        let environment = ["AUCTION_HTTP": addresses.httpURL, "AUCTION_SOCKET": "127.0.0.1:\(pusher.port)", "NO_COLOR": ""]
        let tmux = try TmuxSession(command: CLIWatchEndToEndTests.watchCommand(
            "watch --ids 1,2 --notify-command 'tee \(notices)'", environment: environment), width: 110, height: 24)
        defer { tmux.close() }

        let (live, connected) = try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("LEFT") }
        #expect(connected, "screen:\n\(live)")
        let hellos = pusher.frames.filter { $0.frame.dataType == 11 }
        let hello = hellos.last
        #expect(hello.map { "\($0.frame.data)".contains("notifications") && "\($0.frame.data)".contains("extensions") } == true,
                "the client says it understands pushes 7 and 8: \(String(describing: hello))")
        let connection = hello?.connection ?? 0

        // Soft close moved product 1's end to 2½ minutes from now, twice; then an older push (1 extension,
        // an earlier end) arrives late and changes nothing.
        let extended = CLIWatchScreenEndToEndTests.now().adding(milliseconds: 150_000)
        let stale = extended.adding(milliseconds: -60_000)
        let pushes = [ServerMessage.endTime(ProductID(1), endsAt: extended, extensions: 2),
                      ServerMessage.endTime(ProductID(1), endsAt: stale, extensions: 1),
                      ServerMessage.notification(AuctionNotification(
                          id: 12, kind: .outbid, productID: ProductID(1), productName: "Nike Shoes\u{1B}[2J",
                          price: Money(36_000), maximum: Money(34_000), createdAt: extended))]
        await pusher.withConnection(connection) { link in
            var bytes: [UInt8] = []
            for push in pushes { FrameEncoder.encode(push.frame, into: &bytes) }
            _ = link.write(bytes)
        }
        let (screen, shown) = try await CLI.screen(tmux) { screen in
            let row = CLIWatchScreenEndToEndTests.lines(screen)[1] ?? ""
            // The escape in the server's name is neutralised, as every name on screen is.
            return row.contains("+2×") && row.contains("2m ")
                && screen.contains("outbid on Nike Shoes") && screen.contains("— now 36,000 (your max 34,000)")
        }
        #expect(shown, "the row counts down to the new end, marked +2×, and the status line says outbid:\n\(screen)")
        #expect(screen.contains("ends in 2m") && screen.contains("extended 2×"), "the detail line:\n\(screen)")
        #expect(!screen.contains("1m 3") && !screen.contains("+1×"), "the older end time did not replace the later one:\n\(screen)")
        #expect(!screen.contains("\u{1B}[2J"), "no escape from the server reaches the terminal")
        #expect(await eventually {
            ((try? String(contentsOfFile: notices, encoding: .utf8)) ?? "").contains(#""kind":"outbid","product_id":1"#)
        }, "the notify command got the notification's JSON on stdin")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }
}
