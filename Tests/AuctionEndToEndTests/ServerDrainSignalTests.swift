import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

/// Issue 22: the real `auction-server` drains on SIGTERM and a second SIGTERM ends the drain at once
/// (exit 0), however long its bound. The client here hears push 10 but stays (it does not act on it),
/// as a client that never leaves would.
@Suite struct ServerDrainSignalTests {
    @Test func aSecondSIGTERMEndsTheDrainAtOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = try await offPool {
            try ServerProcess(arguments: ["--db", folder.file("auction.sqlite"), "--drain-seconds", "3600"])
        }
        defer { server.process.kill() }
        var configuration = SocketClientConfiguration(host: "127.0.0.1", port: server.socketPort, reconnects: false)
        configuration.reconnectDataType = nil  // stays on the draining node
        let client = try SocketClient(configuration: configuration)
        defer { client.close() }
        let hello = ClientMessage.hello(WireHello(client: "drain-test", version: "0", features: ProtocolFeature.understoodByClient))
        client.setHandshake { SocketHandshake(frames: [hello.frame], timeoutMilliseconds: 10_000) { _ in } }
        let told = Mutex(false)
        client.onPush { frame in
            if case .reconnectElsewhere? = try? ServerMessage(frame: frame) { told.withLock { $0 = true } }
        }
        client.start()
        _ = try await client.send(ClientMessage.ping.frame)

        server.send(SIGTERM)
        #expect(await eventually(timeout: 10) { told.withLock { $0 } }, "push 10 \(server.stderr)")
        #expect(server.process.isRunning, "the drain waits for the client (bound 3600 s)")
        server.send(SIGTERM)
        #expect(await offPool { server.waitForExit(timeout: 10) } == 0, "\(server.stderr)")
        #expect(server.stderr.contains("info server: SIGTERM received again, closing now"))
        #expect(server.stderr.contains("drained (ended early; 1 socket connection(s) still open are closed now)"))
    }
}
