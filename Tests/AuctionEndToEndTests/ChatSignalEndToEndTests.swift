import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// SIGTERMs that keep arriving while `auction chat` shuts down: whichever one ends the process,
/// the terminal comes back cooked (the single `SignalOwner` restores it before dying).
@Suite(.serialized) struct ChatSignalEndToEndTests {
    @Test func repeatedSigtermDuringChatShutdownLeavesTheTerminalCooked() async throws {
        let (server, directory, alice, _) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let pidFile = directory.file("chat.pid")
        let exports = alice.environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "env \(exports) sh -c 'echo $$ > \"\(pidFile)\"; exec \"\(CLI.auction)\" chat lobby'; "
            + "echo \"exited=$?\"; read line; echo \"typed:$line\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 80, height: 20)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("joined lobby") && ChatEndToEndTests.lastLine($0) == "lobby>" }.1)
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(pid_t(text))

        // The first SIGTERM starts the shutdown; the next ones land during it or after the input stopped.
        for _ in 0..<50 where kill(pid, SIGTERM) == 0 {}

        let (exited, done) = try await CLI.screen(tmux) { $0.contains("exited=") }
        #expect(done, "screen:\n\(exited)")
        try tmux.type("still usable")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("typed:still usable") }.1, "cooked mode and echo are back")
    }
}
