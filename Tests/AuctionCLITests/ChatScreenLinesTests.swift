import AuctionCLI
import AuctionCore
import Testing

/// The chat screen's lines: wrapping at words, name colours, your own lines, blank input.
@Suite struct ChatScreenLinesTests {
    let time = Timestamp(millisecondsSinceEpoch: 0)

    @Test func wrapsAtWordBoundariesWithContinuationsIndented() {
        let lines = ChatRenderer.lines(.message(sender: "bob", text: "alpha bravo charlie delta echo", time: time), width: 30)
        #expect(lines == ["[00:00:00] bob: alpha bravo", "           charlie delta echo"])
        let long = ChatRenderer.lines(.message(sender: "bob", text: String(repeating: "x", count: 25), time: time), width: 20)
        #expect(long.allSatisfy { TerminalText.width($0) <= 20 }, "a word longer than a line is cut: \(long)")
        #expect(long.joined().filter { $0 == "x" }.count == 25)
    }

    @Test func namesHaveAStableColourAndYourLinesAreMarked() {
        #expect(ChatRenderer.nickColor("bob") == ChatRenderer.nickColor("bob"))
        #expect(ChatRenderer.nickColor("bob") == "\u{1B}[33m", "FNV-1a, the same in every run and session")
        let style = ChatStyle(color: true, ownName: "alice")
        let theirs = ChatRenderer.lines(.message(sender: "bob", text: "hi", time: time), width: 80, style: style)
        #expect(theirs == ["[00:00:00] " + ChatRenderer.nickColor("bob") + "bob" + ANSI.reset + ": hi"])
        let mine = ChatRenderer.lines(.message(sender: "alice", text: "hi", time: time), width: 80, style: style)
        #expect(mine == ["[00:00:00] " + ANSI.bold + ChatRenderer.nickColor("alice") + "alice (you)" + ANSI.reset + ": hi"])
        let plain = ChatRenderer.lines(.message(sender: "alice", text: "hi", time: time), width: 80, style: ChatStyle(ownName: "alice"))
        #expect(plain == ["[00:00:00] alice (you): hi"], "marked without colour too")
    }

    @Test func aWhitespaceOnlyLineSendsNothing() {
        #expect(ChatCommand(line: "   ") == .nothing)
        #expect(ChatCommand(line: "\t ") == .nothing)
        #expect(ChatCommand(line: " hi ") == .send(" hi "))
    }
}
