import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// `auction chat` with the real binaries: piped (scriptable) and in a real terminal (tmux).
@Suite(.serialized) struct ChatEndToEndTests {
    /// A server with the users alice and bob registered through the CLI.
    static func serverWithUsers() async throws -> (AuctionServerProcess, TemporaryDirectory, alice: AccountEndToEndTests.User,
                                                   bob: AccountEndToEndTests.User) {
        let (server, directory) = try await CLI.server([])
        do {
            let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
            let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
            return (server, directory, alice, bob)
        } catch {
            server.stop()
            directory.remove()
            throw error
        }
    }

    /// `auction chat <room>` as `user` with stdin fed from `lines`, then held open until `stopFile` exists.
    static func heldOpenChat(_ user: AccountEndToEndTests.User, room: String, lines: [String], stopFile: String) throws -> SpawnedProcess {
        let input = lines.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = "{ printf '%s\\n' \(input); while [ ! -e '\(stopFile)' ]; do sleep 0.1; done; } | '\(CLI.auction)' chat '\(room)'"
        var environment = user.environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["NO_COLOR"] = "1"
        return try SpawnedProcess("/bin/sh", ["-c", script], environment: environment)
    }

    @Test func pipedChatSendsStdinLinesAndPrintsIncomingMessagesOnePerLine() async throws {
        let (server, directory, alice, bob) = try await Self.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let stop = directory.file("stop-bob")
        let listener = try Self.heldOpenChat(bob, room: "lobby", lines: ["bob says 50/50 \"quoted\" \\ 🎉"], stopFile: stop)
        defer { listener.kill() }
        #expect(await eventually { listener.stdout.contains("bob: bob says 50/50 \"quoted\" \\ 🎉") }, "bob: \(listener.stderr)")

        let said = try await alice.run(["chat", "lobby"], stdin: "hello from alice 👋\n/who is literal when piped\n")

        #expect(said.status == 0, "stderr: \(said.stderr)")
        let lines = said.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("] bob: bob says 50/50 \"quoted\" \\ 🎉") }, "history: \(said.stdout)")
        #expect(lines.contains { $0.hasSuffix("] alice: hello from alice 👋") })
        #expect(lines.contains { $0.hasSuffix("] alice: /who is literal when piped") })
        #expect(lines.allSatisfy { $0.range(of: #"^\[\d\d:\d\d:\d\d\] "#, options: .regularExpression) != nil }, "\(lines)")
        #expect(await eventually { listener.stdout.contains("alice: /who is literal when piped") }, "bob: \(listener.stdout)")
        #expect(listener.stdout.contains("* alice joined"))
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(await offPool { listener.waitForExit(timeout: 30) } == 0, "bob: \(listener.stderr)")
    }

    @Test func chatWithoutALoginSaysHowToLogIn() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }

        let result = try await CLI.run(["chat", "lobby"], environment: server.clientEnvironment, stdin: "hi\n")

        #expect(result.status == 1)
        #expect(result.stderr.contains("auction login <name>"), "stderr: \(result.stderr)")
    }

    @Test func chatWhenTheSocketRefusesSaysSoAtOnce() async throws {
        let (server, directory, alice, _) = try await Self.serverWithUsers()
        defer { server.stop(); directory.remove() }

        let result = try await LoopbackPort.withRefusing { port in
            var environment = alice.environment
            environment["AUCTION_SOCKET"] = "127.0.0.1:\(port)"
            return try await CLI.run(["chat", "lobby"], environment: environment, stdin: "hi\n")
        }

        #expect(result.status == 3)
        #expect(result.stderr.contains("connection refused"), "stderr: \(result.stderr)")
    }

    @Test func aMessageOverOneThousandCharactersIsRefusedWithAReason() async throws {
        let (server, directory, alice, _) = try await Self.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let longest = String(repeating: "x", count: 1_000)

        let result = try await alice.run(["chat", "lobby"], stdin: longest + "\n" + longest + "y\n")

        #expect(result.status == 1, "a line that was not sent fails the script")
        #expect(result.stdout.contains("alice: " + longest + "\n"))
        #expect(!result.stdout.contains(longest + "y"))
        #expect(result.stderr.contains("not sent: messages are at most 1000 characters"), "stderr: \(result.stderr)")
    }

    @Test func interactiveChatKeepsTheTypedLineWhileMessagesArriveAndQuitRestoresTheTerminal() async throws {
        let (server, directory, alice, bob) = try await Self.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let exports = alice.environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "env \(exports) '\(CLI.auction)' chat lobby; echo \"exited=$?\"; read line; echo \"typed:$line\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 80, height: 20)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("joined lobby") && Self.lastLine($0) == "lobby>" }.1)

        try tmux.type("half a thought")
        #expect(try await CLI.screen(tmux) { Self.lastLine($0) == "lobby> half a thought" }.1)
        let sent = try await bob.run(["chat", "lobby"], stdin: "first from bob\nsecond from bob\nthird from bob\n")
        #expect(sent.status == 0, "bob: \(sent.stderr)")

        let (arrived, shown) = try await CLI.screen(tmux) { $0.contains("bob: third from bob") && $0.contains("* bob left") }
        #expect(shown, "screen:\n\(arrived)")
        #expect(Self.lastLine(arrived) == "lobby> half a thought", "screen:\n\(arrived)")
        let rows = arrived.split(separator: "\n").map(String.init)
        let order = ["bob: first from bob", "bob: second from bob", "bob: third from bob"].compactMap { text in rows.firstIndex { $0.contains(text) } }
        #expect(order.count == 3 && order == order.sorted())
        #expect(rows.contains { $0.range(of: #"^\[\d\d:\d\d:\d\d\] bob: first from bob$"#, options: .regularExpression) != nil })

        try tmux.type(" finished")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("alice (you): half a thought finished") && Self.lastLine($0) == "lobby>" }.1)
        try tmux.type("/who")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("-- in lobby: alice") }.1)
        try tmux.type("oops")
        try tmux.sendKeys("C-u")
        try tmux.type("/quit")
        try tmux.sendKeys("Enter")
        let (exited, done) = try await CLI.screen(tmux) { $0.contains("exited=0") }
        #expect(done, "screen:\n\(exited)")
        #expect(!exited.contains("lobby>"), "the chat screen is gone:\n\(exited)")
        try tmux.type("still usable")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("typed:still usable") }.1, "cooked mode and echo are back")
    }

    @Test func ctrlCInTheInteractiveChatLeavesAndRestoresTheTerminal() async throws {
        let (server, directory, alice, bob) = try await Self.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let stop = directory.file("stop-bob")
        let listener = try Self.heldOpenChat(bob, room: "lobby", lines: [], stopFile: stop)
        defer { listener.kill() }
        #expect(await eventually { listener.stdout.contains("* bob joined") }, "bob: \(listener.stderr)")
        let exports = alice.environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "env \(exports) '\(CLI.auction)' chat lobby; echo \"exited=$?\"; read line; echo \"typed:$line\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 80, height: 20)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("joined lobby") && Self.lastLine($0) == "lobby>" }.1)

        try tmux.type("never sent")
        try tmux.sendKeys("C-c")

        let (exited, done) = try await CLI.screen(tmux) { $0.contains("exited=0") }
        #expect(done, "screen:\n\(exited)")
        #expect(await eventually { listener.stdout.contains("* alice left") }, "bob: \(listener.stdout)")
        #expect(!listener.stdout.contains("never sent"))
        try tmux.type("still usable")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("typed:still usable") }.1, "cooked mode and echo are back")
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(await offPool { listener.waitForExit(timeout: 30) } == 0, "bob: \(listener.stderr)")
    }

    @Test func aRestartedServerIsRejoinedWithoutRepeatingHistory() async throws {
        let (server, directory, alice, bob) = try await Self.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let stop = directory.file("stop-bob")
        let listener = try Self.heldOpenChat(bob, room: "product-4", lines: ["before the restart"], stopFile: stop)
        defer { listener.kill() }
        #expect(await eventually { listener.stdout.contains("bob: before the restart") }, "bob: \(listener.stderr)")

        await offPool { server.stop() }
        #expect(await eventually { listener.stderr.contains("reconnecting") }, "bob: \(listener.stderr)")
        try await offPool { try server.restart() }
        #expect(await eventually { listener.stderr.contains("reconnected") }, "bob: \(listener.stderr)")
        let said = try await alice.run(["chat", "product-4"], stdin: "after the restart\n")

        #expect(said.status == 0, "alice: \(said.stderr)")
        #expect(await eventually { listener.stdout.contains("alice: after the restart") }, "bob: \(listener.stdout)")
        #expect(listener.stdout.components(separatedBy: "bob: before the restart").count == 2, "history not repeated:\n\(listener.stdout)")
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(await offPool { listener.waitForExit(timeout: 30) } == 0, "bob: \(listener.stderr)")
    }

    @Test func theFirstLineAfterAReconnectIsSentUnderTheSavedLogin() async throws {
        let (server, directory, _, bob) = try await Self.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let go = directory.file("go-bob"), stop = directory.file("stop-bob")
        let script = "{ printf 'before\\n'; while [ ! -e '\(go)' ]; do sleep 0.1; done; printf 'after the reconnect\\n'; "
            + "while [ ! -e '\(stop)' ]; do sleep 0.1; done; } | '\(CLI.auction)' chat lobby"
        var environment = bob.environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["NO_COLOR"] = "1"
        let listener = try SpawnedProcess("/bin/sh", ["-c", script], environment: environment)
        defer { listener.kill() }
        #expect(await eventually { listener.stdout.contains("bob: before") }, "bob: \(listener.stderr)")

        await offPool { server.stop() }
        #expect(await eventually { listener.stderr.contains("reconnecting") }, "bob: \(listener.stderr)")
        try await offPool { try server.restart() }
        #expect(await eventually { listener.stderr.contains("reconnected") }, "bob: \(listener.stderr)")
        _ = FileManager.default.createFile(atPath: go, contents: nil)

        #expect(await eventually { listener.stdout.contains("bob: after the reconnect") }, "bob: \(listener.stdout) \(listener.stderr)")
        #expect(!listener.stderr.contains("not sent"), "bob: \(listener.stderr)")
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(await offPool { listener.waitForExit(timeout: 30) } == 0, "bob: \(listener.stderr)")
    }

    /// The last non-blank row of a screen, without trailing spaces.
    static func lastLine(_ screen: String) -> String {
        let rows = screen.split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
        return rows.last { !$0.isEmpty } ?? ""
    }
}
