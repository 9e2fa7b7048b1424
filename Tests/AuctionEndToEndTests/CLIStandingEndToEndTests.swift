import AuctionCore
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 33, item 3, with the real binaries: a watch (tmux) on node B of a two-node PostgreSQL cluster
/// changes its standing marker when its user or another bids on node A, without `r`.
@Suite(.serialized) struct CLIStandingEndToEndTests {
    /// The client environment for node `index` of `cluster`.
    static func environment(_ cluster: ClusterFixture, _ index: Int) -> [String: String] {
        ["AUCTION_HTTP": "http://127.0.0.1:\(cluster.httpPorts[index])", "AUCTION_SOCKET": "127.0.0.1:\(cluster.socketPorts[index])"]
    }

    @Test func aWatchOnOneNodeFollowsTheStandingDecidedOnAnother() async throws {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let url = fixture.url
        let cluster = try await offPool { try ClusterFixture(nodes: 2, storeURL: url) }
        defer { cluster.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (nodeA, nodeB) = (Self.environment(cluster, 0), Self.environment(cluster, 1))
        let alice = try await AccountEndToEndTests.register("alice", serverEnvironment: nodeA, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", serverEnvironment: nodeA, in: directory)
        let watcher = AccountEndToEndTests.User(name: "alice", config: directory.file("config-alice-b"), serverEnvironment: nodeB)
        let login = try await watcher.run(["login", "alice", "--password-stdin"], stdin: "correct horse alice\n")
        #expect(login.status == 0, "\(login.stderr)")

        let tmux = try TmuxSession(command: CLIWatchEndToEndTests.watchCommand("watch", environment: watcher.environment), width: 100, height: 24)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") && CLIWatchEndToEndTests.productLines($0)[3] != nil }.1)
        func marker(_ expected: String) async throws -> (String, Bool) {
            try await CLI.screen(tmux) { CLIWatchEndToEndTests.productLines($0)[3]?.contains(expected) == true }
        }

        #expect(try await alice.run(["bid", "3", "--min", "--yes"]).status == 0)
        let (led, leads) = try await marker("★")
        #expect(leads, "alice's bid on node A marks her lead on node B's watch:\n\(led)")
        #expect(try await bob.run(["bid", "3", "--min", "--yes"]).status == 0)
        let (outbid, isOutbid) = try await marker("!")
        #expect(isOutbid, "bob's bid on node A marks alice outbid:\n\(outbid)")
        #expect(try await alice.run(["bid", "3", "--min", "--yes"]).status == 0)
        let (back, leadsAgain) = try await marker("★")
        #expect(leadsAgain, "alice's lead from her other terminal, without r:\n\(back)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }
}
