import AuctionCLI
import AuctionCore
import Testing

@Suite struct ChatLineEditingTests {
    func typed(_ text: String) -> LineEditor {
        var editor = LineEditor()
        for character in text { _ = editor.handle(.character(character)) }
        return editor
    }

    @Test func controlAAndEMoveToTheEndsAndAltBAndFByWords() {
        var editor = typed("bid on lot five")
        _ = editor.handle(.lineStart)
        #expect(editor.cursor == 0)
        _ = editor.handle(.wordForward)
        #expect(editor.cursor == 3)
        _ = editor.handle(.wordForward)
        #expect(editor.cursor == 6)
        _ = editor.handle(.lineEnd)
        _ = editor.handle(.wordBack)
        #expect(editor.cursor == 11)
        _ = editor.handle(.wordBack)
        #expect(editor.cursor == 7)
    }

    @Test func controlWDeletesTheWordBeforeTheCursorAndControlUDeletesToTheStart() {
        var editor = typed("hello big world")
        _ = editor.handle(.wordBack)
        #expect(editor.handle(.deleteWordBack) == .edited)
        #expect(editor.text == "hello world" && editor.cursor == 6)
        _ = editor.handle(.right)
        #expect(editor.handle(.clearLine) == .edited)
        #expect(editor.text == "orld" && editor.cursor == 0)
        #expect(editor.handle(.clearLine) == .ignored)
    }

    @Test func wideAndMultiScalarCharactersAreOneCursorStepEach() {
        var editor = typed("안녕 👋🏽 ok")
        _ = editor.handle(.wordBack)
        _ = editor.handle(.left)
        #expect(editor.cursor == 4)
        _ = editor.handle(.backspace)
        #expect(editor.text == "안녕  ok", "the emoji with its skin tone went in one step")
        _ = editor.handle(.lineStart)
        _ = editor.handle(.delete)
        #expect(editor.text == "녕  ok" && editor.cursor == 0)
        let line = ChatRenderer.inputLine(editor, prompt: "> ", width: 40)
        #expect(line.hasSuffix(ANSI.column(3)), "the cursor sits on the first cell after the prompt")
        _ = editor.handle(.right)
        #expect(ChatRenderer.inputLine(editor, prompt: "> ", width: 40).hasSuffix(ANSI.column(5)), "녕 is two cells")
    }

    @Test func alternativeKeysDecodeToTheEditingKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x01, 0x05, 0x17, 0x15, 0x1B, UInt8(ascii: "b"), 0x1B, UInt8(ascii: "f"), 0x1B, 0x7F])
            == [.lineStart, .lineEnd, .deleteWordBack, .clearLine, .wordBack, .wordForward, .deleteWordBack])
    }
}

@Suite struct InputHistoryTests {
    @Test func upRecallsEarlierLinesAndDownPastTheNewestBringsBackTheUnfinishedLine() {
        var history = InputHistory()
        history.record("first")
        history.record("second")
        #expect(history.older(than: "half typed") == "second")
        #expect(history.older(than: "second") == "first")
        #expect(history.older(than: "first") == nil, "the oldest stays")
        #expect(history.newer() == "second")
        #expect(history.newer() == "half typed")
        #expect(history.newer() == nil, "not browsing any more")
    }

    @Test func keepsARepeatedLineOnceAndAtMostTheLimit() {
        var history = InputHistory(limit: 2)
        for line in ["a", "b", "b", "c"] { history.record(line) }
        #expect(history.lines == ["b", "c"])
        var empty = InputHistory()
        #expect(empty.older(than: "x") == nil)
    }
}

@Suite struct ChatScrollbackTests {
    func entries(_ count: Int) -> ChatScrollback {
        var scrollback = ChatScrollback()
        for index in 0..<count { scrollback.append(.notice("line \(index)"), lines: 1) }
        return scrollback
    }

    @Test func pageUpScrollsBackByAScreenAndStopsAtTheOldest() {
        var scrollback = entries(25)
        scrollback.pageUp(page: 10, totalLines: 25)
        #expect(scrollback.offset == 10 && !scrollback.isLive)
        #expect(scrollback.visibleRange(totalLines: 25, rows: 10) == 5..<15)
        scrollback.pageUp(page: 10, totalLines: 25)
        #expect(scrollback.offset == 15)
        #expect(scrollback.visibleRange(totalLines: 25, rows: 10) == 0..<10)
    }

    @Test func newEntriesWhileScrolledBackKeepTheViewAndAreCounted() {
        var scrollback = entries(25)
        scrollback.pageUp(page: 10, totalLines: 25)
        scrollback.append(.notice("new"), lines: 2)
        #expect(scrollback.unseen == 1 && scrollback.offset == 12)
        #expect(scrollback.visibleRange(totalLines: 27, rows: 10) == 5..<15)
        #expect(ChatRenderer.moreBelow(scrollback.unseen, width: 80) == "-- more below (1 new) · PgDn or End returns --")
        scrollback.pageDown(page: 10)
        #expect(!scrollback.isLive)
        scrollback.pageDown(page: 10)
        #expect(scrollback.isLive && scrollback.unseen == 0)
    }

    @Test func endReturnsToLiveAndAShortConversationDoesNotScroll() {
        var scrollback = entries(5)
        scrollback.pageUp(page: 10, totalLines: 5)
        #expect(scrollback.isLive)
        scrollback = entries(30)
        scrollback.pageUp(page: 10, totalLines: 30)
        scrollback.toBottom()
        #expect(scrollback.isLive && scrollback.visibleRange(totalLines: 30, rows: 10) == 20..<30)
    }

    @Test func theRepaintWhileScrolledShowsTheMarkerAboveTheInput() {
        var scrollback = entries(30)
        scrollback.pageUp(page: 10, totalLines: 30)
        let screen = ChatRenderer.repaint(scrollback, editor: LineEditor(), prompt: "lobby> ",
                                          size: TerminalSize(rows: 12, columns: 80))
        #expect(screen.contains("-- more below · PgDn or End returns --"))
        #expect(screen.contains("line 19") && !screen.contains("line 20"))
    }
}

@Suite struct ChatCommandLineTests {
    @Test func meJoinPartAndUsage() {
        #expect(ChatCommand(line: "/me waves at bob") == .action("waves at bob"))
        #expect(ChatCommand(line: "/me") == .usage("usage: /me ACTION, e.g. /me waves"))
        #expect(ChatCommand(line: "/join product-5") == .join("product-5"))
        #expect(ChatCommand(line: "/JOIN") == .usage("usage: /join ROOM, e.g. /join product-5"))
        #expect(ChatCommand(line: "/part") == .part)
        #expect(ChatCommand(line: "/frobnicate now") == .unknown("frobnicate"))
        #expect(!ChatCommand.unknownText("frobnicate").contains("\n"))
    }

    @Test func actionsShowAsStarNameText() {
        let time = Timestamp(millisecondsSinceEpoch: 0)
        #expect(ChatRenderer.format(.action(sender: "alice", text: "waves", time: time)) == "[00:00:00] * alice waves")
        let message = ChatMessage(room: "lobby", sender: "alice", text: "waves", time: time, sequence: 1, kind: .action)
        #expect(ChatEntry(message) == .action(sender: "alice", text: "waves", time: time))
    }

    @Test func aLineMentioningYourNameIsHighlightedButNotOnADumbTerminal() {
        let time = Timestamp(millisecondsSinceEpoch: 0)
        let entry = ChatEntry.message(sender: "bob", text: "thanks Alice!", time: time)
        let coloured = ChatRenderer.lines(entry, width: 80, style: ChatStyle(color: true, ownName: "alice", emphasis: true))
        #expect(coloured.first?.hasPrefix(ANSI.bold + ANSI.csi + "33m") == true)
        let plain = ChatRenderer.lines(entry, width: 80, style: ChatStyle(color: false, ownName: "alice", emphasis: false))
        #expect(plain == ["[00:00:00] bob: thanks Alice!"])
        #expect(!ChatStyle(ownName: "alice").mentionsYou("malice aforethought", from: "bob"))
        #expect(!ChatStyle(ownName: "alice").mentionsYou("I am alice", from: "alice"), "your own lines are marked (you) instead")
    }
}
