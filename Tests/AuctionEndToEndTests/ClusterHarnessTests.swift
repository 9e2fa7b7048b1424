import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// The cluster tests' own parts, against a real PostgreSQL: a private server that stops and starts
/// again on the same port with its data, a proxy whose link can be cut, and nodes that start and die.
@Suite(.serialized) struct ClusterHarnessTests {
    @Test func privatePostgresKeepsItsPortAndDataAcrossAStop() async throws {
        let server = try await offPool { try PrivatePostgresServer() }
        defer { server.remove() }
        let url = try server.createDatabase("kept")
        let writer = try PostgresConnection(url)
        try writer.execute("CREATE TABLE marks (value BIGINT); INSERT INTO marks VALUES (7)")

        try await offPool { try server.stop() }
        #expect(throws: StoreError.self) { _ = try writer.scalarInteger("SELECT value FROM marks") }
        writer.close()
        #expect(throws: StoreError.self) { _ = try PostgresConnection(url, connectTimeoutSeconds: 2) }
        try await offPool { try server.start() }

        let reader = try PostgresConnection(url)
        defer { reader.close() }
        #expect(try reader.scalarInteger("SELECT value FROM marks") == 7)
        #expect(server.url.hasSuffix(":\(server.port)/postgres"))
    }

    @Test func proxyForwardsThenCutsThenForwardsAgain() async throws {
        let database = try PostgresFixture()
        let (proxy, throughProxy) = try LoopbackTCPProxy.inFront(ofPostgres: database.url)
        defer { proxy.close() }

        let first = try PostgresConnection(throughProxy)
        #expect(try first.scalarInteger("SELECT 41 + 1") == 42)
        proxy.cut()
        // The cut resets the link: the next statement fails instead of hanging.
        #expect(await eventually(timeout: 10) { (try? first.scalarInteger("SELECT 1")) == nil })
        first.close()
        // While cut, a new connection gets no answer within its connect timeout.
        #expect(throws: StoreError.self) { _ = try PostgresConnection(throughProxy, connectTimeoutSeconds: 2) }

        proxy.heal()
        let second = try PostgresConnection(throughProxy)
        defer { second.close() }
        #expect(try second.scalarInteger("SELECT 2") == 2)
        #expect(proxy.mode == .forwarding)
    }

    @Test func clusterFixtureStartsNodesThatEachPrintTheirLineAndKillsOne() async throws {
        let database = try PostgresFixture()
        let cluster = try await offPool { try ClusterFixture(nodes: 2, storeURL: database.url, arguments: ["--log-level", "warning"]) }
        defer { cluster.stop() }
        #expect(cluster.nodes.allSatisfy { $0.listeningLine.hasPrefix("listening http=127.0.0.1:") })
        #expect(Set(cluster.socketPorts).count == 2)

        await offPool { cluster.kill(0) }
        #expect(!cluster.isRunning(0))
        #expect(cluster.isRunning(1))
    }

    @Test func clusterScriptStartsNodesAndStopsExactlyWhatItStarted() async throws {
        let state = "/tmp/auction-cluster-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let script = PostgresFixture.packageRoot + "/scripts/cluster"
        let environment = ["AUCTION_CLUSTER_DIR": state, "AUCTION_SERVER_BIN": BuildProducts.executable("auction-server")]
        defer { _ = try? ProcessRunner.run(script, ["down"], environment: environment, timeout: 60) }

        let up = try await offPool { try ProcessRunner.run(script, ["up", "2"], environment: environment, timeout: 120) }
        #expect(up.status == 0, "\(up.stderr)")
        let lines = up.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { ListeningLine(in: String($0)) != nil }, "\(up.stdout)")
        let status = try await offPool { try ProcessRunner.run(script, ["status"], environment: environment) }
        #expect(status.stdout.components(separatedBy: " running listening http=").count == 3, "\(status.stdout)")
        let pids = status.stdout.split(separator: "\n").compactMap { line -> pid_t? in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[0] == "node" ? pid_t(fields[3]) : nil
        }
        #expect(pids.count == 2)

        let down = try await offPool { try ProcessRunner.run(script, ["down"], environment: environment, timeout: 60) }
        #expect(down.status == 0, "\(down.stderr)")
        #expect(pids.allSatisfy { kill($0, 0) != 0 }, "a node outlived scripts/cluster down")
        #expect(!FileManager.default.fileExists(atPath: state))
    }
}
