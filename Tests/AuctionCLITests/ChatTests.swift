import AuctionCLI
import AuctionCore
import Testing

@Suite struct LineEditorTests {
    func typed(_ text: String, into editor: inout LineEditor) {
        for character in text { _ = editor.handle(.character(character)) }
    }

    @Test func insertsAtTheCursorAndDeletesBehindIt() {
        var editor = LineEditor()
        typed("helo", into: &editor)
        _ = editor.handle(.left)
        typed("l", into: &editor)
        #expect(editor.text == "hello" && editor.cursor == 4)
        _ = editor.handle(.end)
        #expect(editor.handle(.backspace) == .edited)
        #expect(editor.text == "hell")
        _ = editor.handle(.home)
        #expect(editor.handle(.backspace) == .ignored)
        _ = editor.handle(.delete)
        #expect(editor.text == "ell")
    }

    @Test func clearsWithControlUAndSubmitsWithEnter() {
        var editor = LineEditor()
        typed("안녕 👋", into: &editor)
        #expect(editor.handle(.enter) == .submit("안녕 👋"))
        #expect(editor.text.isEmpty && editor.cursor == 0)
        typed("oops", into: &editor)
        _ = editor.handle(.clearLine)
        #expect(editor.text.isEmpty)
        #expect(editor.handle(.enter) == .ignored)
    }

    @Test func reportsInterruptAndEndOfInputOnlyWhenEmpty() {
        var editor = LineEditor()
        #expect(editor.handle(.interrupt) == .interrupt)
        #expect(editor.handle(.endOfInput) == .endOfInput)
        typed("x", into: &editor)
        #expect(editor.handle(.endOfInput) == .ignored)
    }

    @Test func stopsAtTheMaximumLength() {
        var editor = LineEditor(maximumLength: 3)
        typed("abcd", into: &editor)
        #expect(editor.text == "abc")
    }
}

@Suite struct ChatRendererTests {
    let noon = Timestamp(millisecondsSinceEpoch: 1_763_812_800_000) // 12:00:00 UTC

    @Test func formatsMessagesPresenceAndNoticesWithTimestamps() {
        #expect(ChatRenderer.format(.message(sender: "alice", text: "hi / \"there\" 🎉", time: noon)) == "[12:00:00] alice: hi / \"there\" 🎉")
        #expect(ChatRenderer.format(.presence(user: "bob", joined: true, time: noon.adding(milliseconds: 5_000))) == "[12:00:05] * bob joined")
        #expect(ChatRenderer.format(.presence(user: "bob", joined: false, time: noon)) == "[12:00:00] * bob left")
        #expect(ChatRenderer.format(.notice("reconnecting in 2 s")) == "-- reconnecting in 2 s")
        #expect(ChatRenderer.format(.message(sender: "eve", text: "\u{1B}[2J", time: noon)) == "[12:00:00] eve: \u{FFFD}[2J")
    }

    @Test func showsALotsEventsFromTheServersFieldsOnly() {
        func line(_ kind: ChatLotEvent.Kind, price: Money? = nil, bidder: String? = nil, automatic: Bool = false,
                  endsAt: Timestamp? = nil) -> String {
            ChatRenderer.format(.lot(ChatLotEvent(room: "product-1", productID: 1, kind: kind, price: price, bidder: bidder,
                                                  isAutomatic: automatic, endsAt: endsAt, time: noon)))
        }
        #expect(line(.bid, price: 1_200_000, bidder: "al…e") == "[12:00:00] ▸ bid 1,200,000 by al…e")
        #expect(line(.bid, price: 1_250_000, bidder: "b…b", automatic: true) == "[12:00:00] ▸ bid 1,250,000 by b…b (proxy)")
        #expect(line(.bid, price: 1_300_000) == "[12:00:00] ▸ bid 1,300,000")
        #expect(line(.extended, endsAt: noon.adding(milliseconds: 120_000)) == "[12:00:00] ▸ extended: ends 12:02:00")
        #expect(line(.sold, price: 1_500_000, bidder: "al…e") == "[12:00:00] ▸ sold at 1,500,000 to al…e")
        #expect(line(.ended, price: 900_000) == "[12:00:00] ▸ ended at 900,000, not sold")
        #expect(line(.bid, price: 1, bidder: "\u{1B}[2J") == "[12:00:00] ▸ bid 1 by \u{FFFD}[2J")  // a name never drives the terminal
    }

    @Test func printsAboveTheInputLineAndRedrawsWhatWasBeingTyped() {
        var editor = LineEditor()
        for character in "half-typed" { _ = editor.handle(.character(character)) }
        let output = ChatRenderer.print(.message(sender: "bob", text: "hello", time: noon), editor: editor, prompt: "> ", width: 40)
        #expect(output == "\r" + ANSI.clearLine + "[12:00:00] bob: hello\r\n"
                + "\r" + ANSI.clearLine + "> half-typed" + ANSI.column(13))
    }

    @Test func scrollsALongInputLineToKeepTheCursorVisible() {
        var editor = LineEditor()
        for character in String(repeating: "가", count: 30) { _ = editor.handle(.character(character)) }
        let line = ChatRenderer.inputLine(editor, prompt: "> ", width: 20)
        let visible = line.drop { $0 != ">" }.prefix { $0 != "\u{1B}" }
        #expect(TerminalText.width(visible) <= 19)
        #expect(line.hasSuffix(ANSI.column(2 + 16 + 1)))
    }
}

@Suite struct ChatCommandTests {
    @Test func recognisesSlashCommandsAndEscapedSlashes() {
        #expect(ChatCommand(line: "hello / world") == .send("hello / world"))
        #expect(ChatCommand(line: "/who") == .who)
        #expect(ChatCommand(line: "/QUIT") == .quit)
        #expect(ChatCommand(line: "/help") == .help)
        #expect(ChatCommand(line: "//shrug") == .send("/shrug"))
        #expect(ChatCommand(line: "/dance now") == .unknown("dance"))
    }
}

@Suite struct WatchActionTests {
    @Test func mapsWatchKeys() {
        #expect(WatchAction(key: .character("q")) == .quit)
        #expect(WatchAction(key: .interrupt) == .quit)
        #expect(WatchAction(key: .character("n")) == .nextPage)
        #expect(WatchAction(key: .pageUp) == .previousPage)
        #expect(WatchAction(key: .character("r")) == .reload)
        #expect(WatchAction(key: .character("x")) == nil)
    }

    @Test func enterAndRightOpenTheDetailPaneWhileNextScreenIsNAndPageDownOnly() {
        #expect(WatchAction(key: .enter) == .openDetail)
        #expect(WatchAction(key: .right) == .openDetail)
        #expect(WatchAction(key: .left) == .closeDetail)
        #expect(WatchAction(key: .escape) == .closeDetail)
        #expect(WatchAction(key: .pageDown) == .nextPage)
        #expect(WatchAction(key: .character("b")) == .bid)
        #expect(WatchAction(key: .character("B")) == .proxyBid)
        #expect(WatchAction(key: .character("u")) == .buyNow)
        #expect(WatchAction(key: .character("w")) == .toggleWatchlist)
        #expect(WatchAction(key: .character("!")) == .report)
        #expect(WatchAction(key: .character("c")) == .focusChat)
        #expect(WatchAction(key: .character("]")) == .nextImage)
    }
}
