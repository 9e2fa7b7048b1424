import AuctionTestSupport
import Foundation
import Testing

/// `auction chat` in a real terminal (tmux) with the keys and commands irssi users expect.
@Suite(.serialized) struct ChatIrssiEndToEndTests {
    /// `auction chat ROOM` as `user` (no colour) in a tmux of `width`×`height`; it prints `exited=N` when it ends.
    static func chat(_ room: String, as user: AccountEndToEndTests.User, width: Int = 80, height: Int = 12) throws -> TmuxSession {
        let exports = user.environment.merging(["NO_COLOR": "1"]) { $1 }.sorted { $0.key < $1.key }
            .map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        return try TmuxSession(command: "env \(exports) '\(CLI.auction)' chat \(room); echo \"exited=$?\"; sleep 60",
                               width: width, height: height)
    }

    @Test func upRecallsALineMeIsAnActionPgUpShowsTheMarkerAndQuitLeavesTheLastScreenful() async throws {
        let (server, directory, alice, bob) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.chat("lobby", as: alice)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("joined lobby") && ChatEndToEndTests.lastLine($0) == "lobby>" }.1)

        try tmux.type("first line")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("alice (you): first line") }.1)
        try tmux.type("draft")
        try tmux.sendKeys("Up")
        #expect(try await CLI.screen(tmux) { ChatEndToEndTests.lastLine($0) == "lobby> first line" }.1, "Up recalls the sent line")
        try tmux.sendKeys("Down")
        #expect(try await CLI.screen(tmux) { ChatEndToEndTests.lastLine($0) == "lobby> draft" }.1, "Down brings the draft back")
        try tmux.sendKeys("C-u")
        try tmux.type("/me waves")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("* alice waves") }.1, "an action, not the text /me")
        let history = try await bob.run(["chat", "lobby"], stdin: "")
        #expect(history.stdout.contains("] * alice waves\n"), "stored and replayed as an action: \(history.stdout)")
        #expect(!history.stdout.contains("/me"))
        try tmux.type("/frob")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("unknown command /frob; nothing sent") }.1)

        let many = (1...30).map { "line \($0) from bob" }.joined(separator: "\n") + "\n"
        let sent = try await bob.run(["chat", "lobby"], stdin: many)
        #expect(sent.status == 0, "bob: \(sent.stderr)")
        #expect(try await CLI.screen(tmux) { $0.contains("* bob left") }.1)
        try tmux.sendKeys("PageUp")
        let (scrolled, marked) = try await CLI.screen(tmux) { $0.contains("-- more below") }
        #expect(marked, "screen:\n\(scrolled)")
        #expect(!scrolled.contains("* bob left"), "scrolled back a screen:\n\(scrolled)")
        let more = try await bob.run(["chat", "lobby"], stdin: "while you were up\n")
        #expect(more.status == 0)
        #expect(try await CLI.screen(tmux) { $0.contains("more below (") }.1, "new lines are counted")
        try tmux.sendKeys("End")
        #expect(try await CLI.screen(tmux) { $0.contains("bob: while you were up") && !$0.contains("more below") }.1)

        try tmux.type("/quit")
        try tmux.sendKeys("Enter")
        let (exited, done) = try await CLI.screen(tmux) { $0.contains("exited=0") }
        #expect(done, "screen:\n\(exited)")
        #expect(exited.contains("bob: while you were up"), "the last screenful stays:\n\(exited)")
        #expect(!exited.contains("lobby>"), "but not the input line:\n\(exited)")
    }

    @Test func joinMovesTheConversationToAnotherRoom() async throws {
        let (server, directory, alice, bob) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.chat("lobby", as: alice)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("joined lobby") && ChatEndToEndTests.lastLine($0) == "lobby>" }.1)

        try tmux.type("/join garden")
        try tmux.sendKeys("Enter")
        let (joined, moved) = try await CLI.screen(tmux) { $0.contains("left lobby; joined garden") && ChatEndToEndTests.lastLine($0) == "garden>" }
        #expect(moved, "screen:\n\(joined)")
        try tmux.type("hello garden")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("alice (you): hello garden") }.1)
        let garden = try await bob.run(["chat", "garden"], stdin: "")
        #expect(garden.stdout.contains("alice: hello garden"), "sent to the room joined: \(garden.stdout)")
        let lobby = try await bob.run(["chat", "lobby"], stdin: "")
        #expect(!lobby.stdout.contains("hello garden"), "not to the room left: \(lobby.stdout)")
        try tmux.type("/quit")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test(arguments: [(40, 10), (20, 5)])
    func chatWorksInASmallTerminal(_ size: (width: Int, height: Int)) async throws {
        let (server, directory, alice, bob) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.chat("lobby", as: alice, width: size.width, height: size.height)
        defer { tmux.close() }
        let (opened, ready) = try await CLI.screen(tmux) { ChatEndToEndTests.lastLine($0) == "lobby>" }
        #expect(ready, "the prompt on the last line:\n\(opened)")
        #expect(opened.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { $0.count <= size.width })
        let sent = try await bob.run(["chat", "lobby"], stdin: "hi\n")
        #expect(sent.status == 0, "bob: \(sent.stderr)")
        let (seen, shown) = try await CLI.screen(tmux) { $0.contains("bob: hi") }
        #expect(shown, "another user's line shows:\n\(seen)")
        #expect(ChatEndToEndTests.lastLine(seen) == "lobby>", "the prompt stays last:\n\(seen)")
        try tmux.type("ok")
        try tmux.sendKeys("Enter")
        // A long line wraps at a word, its rest indented: compare the words.
        let (echoed, wasShown) = try await CLI.screen(tmux) {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("alice (you): ok") && ChatEndToEndTests.lastLine($0) == "lobby>"
        }
        #expect(wasShown, "a line sent shows and leaves the input:\n\(echoed)")
        try tmux.type("/quit")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aLotsRoomShowsAnotherUsersBidInline() async throws {
        let (server, directory, alice, bob) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.chat("product-5", as: alice)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { ChatEndToEndTests.lastLine($0) == "product-5>" }.1)
        let bid = try await bob.run(["bid", "5", "9,000,000", "--yes"])
        #expect(bid.status == 0, "bob's bid: \(bid.stdout) \(bid.stderr)")
        let (screen, shown) = try await CLI.screen(tmux) { $0.contains("▸ bid 9,000,000 by b…b") }
        #expect(shown, "bob's bid inline, his name shortened:\n\(screen)")
        #expect(ChatEndToEndTests.lastLine(screen) == "product-5>")
    }
}
