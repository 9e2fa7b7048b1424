import AuctionTestSupport
import Foundation
import Testing

/// Chat presence across real `auction-server` nodes on one PostgreSQL store: a member on one node sees
/// a user on another join, and leave when that node is killed with SIGKILL (no ghost stays).
@Suite struct ClusterChatPresenceEndToEndTests {
    static func environment(of node: ServerProcess) -> [String: String] {
        ["AUCTION_HTTP": "http://127.0.0.1:\(node.httpPort)", "AUCTION_SOCKET": "127.0.0.1:\(node.socketPort)"]
    }

    @Test func aUserOfANodeKilledWithSigkillIsAnnouncedGoneOnTheOtherNode() async throws {
        let database = try PostgresFixture()
        let cluster = try await offPool { try ClusterFixture(nodes: 2, storeURL: database.url, arguments: ["--log-level", "warning"]) }
        defer { cluster.stop() }
        let directory = try TemporaryDirectory(prefix: "auction-cluster-chat")
        defer { directory.remove() }
        let first = Self.environment(of: cluster.nodes[0]), second = Self.environment(of: cluster.nodes[1])
        let alice = try await AccountEndToEndTests.register("alice", serverEnvironment: first, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", serverEnvironment: second, in: directory)

        let bobStop = directory.file("stop-bob"), aliceStop = directory.file("stop-alice")
        let bobsChat = try ChatEndToEndTests.heldOpenChat(bob, room: "lobby", lines: ["hello from bob"], stopFile: bobStop)
        defer { bobsChat.kill() }
        #expect(await eventually { bobsChat.stdout.contains("bob: hello from bob") }, "bob: \(bobsChat.stderr)")
        let alicesChat = try ChatEndToEndTests.heldOpenChat(alice, room: "lobby", lines: ["hello from alice"], stopFile: aliceStop)
        defer {
            // Her input ends, so her `auction chat` ends too (its node is gone), then the shell.
            _ = FileManager.default.createFile(atPath: aliceStop, contents: nil)
            _ = alicesChat.waitForExit(timeout: 30)
            alicesChat.kill()
        }
        #expect(await eventually { bobsChat.stdout.contains("* alice joined") }, "bob: \(bobsChat.stdout)")
        #expect(await eventually { bobsChat.stdout.contains("alice: hello from alice") }, "bob: \(bobsChat.stdout)")

        await offPool { cluster.kill(0) }
        #expect(await eventually { bobsChat.stdout.contains("* alice left") }, "bob: \(bobsChat.stdout)")
        _ = FileManager.default.createFile(atPath: bobStop, contents: nil)
        #expect(await offPool { bobsChat.waitForExit(timeout: 30) } == 0, "bob: \(bobsChat.stderr)")
        _ = FileManager.default.createFile(atPath: aliceStop, contents: nil)
        #expect(await offPool { alicesChat.waitForExit(timeout: 30) } != nil, "alice's chat still runs: \(alicesChat.stderr)")
    }
}
