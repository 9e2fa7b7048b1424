import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// `auction chat` conventions with the real binaries: what is (not) sent, exit statuses, names that
/// are not echoed raw, and the screen's wrapping, colours, own lines, resize repaint and `?` key.
@Suite(.serialized) struct ChatConventionsEndToEndTests {
    @Test func pipedChatSendsNoBlankLines() async throws {
        let (server, directory, alice, _) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }

        let said = try await alice.run(["chat", "lobby"], stdin: "   \n\t \nreal line\n")

        #expect(said.status == 0, "stderr: \(said.stderr)")
        let messages = said.stdout.split(separator: "\n").filter { $0.contains("] alice:") }
        #expect(messages.count == 1 && messages.first?.hasSuffix("] alice: real line") == true, "stdout: \(said.stdout)")
    }

    @Test func chatInTheRoomOfAMissingProductSaysSoAndExitsOne() async throws {
        let (server, directory, alice, _) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }

        let result = try await alice.run(["chat", "product-999"], stdin: "hi\n")

        #expect(result.status == 1)
        #expect(result.stderr == "auction: no product 999\n", "stderr: \(result.stderr)")
    }

    @Test func anInvalidRoomNameIsNotEchoedRaw() async throws {
        let (server, directory, alice, _) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }

        let result = try await alice.run(["chat", "lob\u{1B}[2Jby"], stdin: "hi\n")

        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "no escape reaches the terminal: \(result.stderr.debugDescription)")
        #expect(result.stderr.hasPrefix("auction: cannot join `lob"), "stderr: \(result.stderr)")
    }

    @Test func theScreenWrapsAtWordsColoursNamesMarksYourLinesAndRepaintsOnResize() async throws {
        let (server, directory, alice, bob) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let exports = alice.environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // `NO_COLOR=` (empty): colour allowed whatever the test runner's environment says.
        let command = "env NO_COLOR= \(exports) '\(CLI.auction)' chat lobby; echo \"exited=$?\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 40, height: 12)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("joined lobby") && ChatEndToEndTests.lastLine($0) == "lobby>" }.1)

        let words = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima"
        let sent = try await bob.run(["chat", "lobby"], stdin: words + "\n")
        #expect(sent.status == 0, "bob: \(sent.stderr)")
        let (wrapped, arrived) = try await CLI.screen(tmux) { $0.contains("lima") }
        #expect(arrived, "screen:\n\(wrapped)")
        let rows = wrapped.split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
        let messageRows = rows.drop { !$0.contains("bob: alpha") }.prefix { !$0.hasPrefix("lobby>") && !$0.contains("* bob left") }
        let shownWords = messageRows.joined(separator: " ").replacingOccurrences(of: #"^\[\d\d:\d\d:\d\d\] bob: "#, with: "", options: .regularExpression)
            .split(separator: " ").joined(separator: " ")
        #expect(shownWords == words, "every word whole, in order:\n\(wrapped)")
        #expect(messageRows.count >= 2, "wrapped:\n\(wrapped)")

        try tmux.type("mine")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("alice (you): mine") }.1)
        let coloured = try tmux.captureWithEscapes()
        #expect(coloured.range(of: "\u{1B}\\[3[1-6]mbob", options: .regularExpression) != nil, "bob's name coloured:\n\(coloured.debugDescription)")

        try tmux.resize(width: 100, height: 12)
        let (repainted, joined) = try await CLI.screen(tmux) { screen in
            screen.split(separator: "\n").contains { $0.contains("bob: " + words) }
        }
        #expect(joined, "at 100 columns the message is one line again:\n\(repainted)")
        #expect(repainted.contains("alice (you): mine"))
        #expect(ChatEndToEndTests.lastLine(repainted) == "lobby>")

        try tmux.type("?")
        #expect(try await CLI.screen(tmux) { $0.contains("keys: Enter sends") }.1)
        #expect(ChatEndToEndTests.lastLine(try tmux.capture()) == "lobby>", "`?` on an empty line is not typed")
        try tmux.sendKeys("C-c")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func noColourWithNoColor() async throws {
        let (server, directory, alice, bob) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let exports = alice.environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "env NO_COLOR=1 \(exports) '\(CLI.auction)' chat lobby; echo \"exited=$?\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 60, height: 12)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("joined lobby") }.1)
        _ = try await bob.run(["chat", "lobby"], stdin: "plain please\n")
        #expect(try await CLI.screen(tmux) { $0.contains("bob: plain please") }.1)
        let screen = try tmux.captureWithEscapes()
        #expect(screen.range(of: "\u{1B}\\[3[1-6]m", options: .regularExpression) == nil, "\(screen.debugDescription)")
        try tmux.sendKeys("C-c")
    }
}
