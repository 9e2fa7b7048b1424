import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Issue 22, draining: three real `auction-server` nodes on one real PostgreSQL, a bid storm, 100
/// watchers (our socket client with the three-node list, spread over the nodes); one node gets
/// SIGTERM. It exits 0 within its bound, every acknowledged bid is stored, and every watcher it had
/// is on another node and hears a price push there within 2 s of the drain push (the client's own
/// timestamps of real events).
@Suite(.serialized) struct ClusterDrainTests {
    static let drainSeconds = 10
    /// As the fault tests' nodes, logging at info (the drain's lines) and with the drain's bound given.
    static let nodeArguments = ["--allow-anonymous-bids", "--bids-per-second", "1000000", "--log-level", "info",
                                "--store-timeout", "1", "--drain-seconds", "\(drainSeconds)"]

    @Test func drainingANodeUnderABidStormLosesNoAcknowledgedBidAndItsWatchersMoveOnWithinTwoSeconds() async throws {
        let database = try PostgresFixture()
        let cluster = try await offPool { try ClusterFixture(nodes: 3, storeURL: database.url, arguments: Self.nodeArguments) }
        defer { cluster.stop() }
        let products = Array(ClusterStorm.plainProducts.prefix(3))
        let ports = cluster.socketPorts
        let watchers = try (0..<100).map { try DrainWatcher(ports: ports, first: $0 % ports.count) }
        defer { watchers.forEach { $0.close() } }
        let subscribed = await withTaskGroup(of: Bool.self) { group in
            for watcher in watchers { group.addTask { await watcher.subscribe(products) } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(subscribed == watchers.count)
        let storm = ClusterStorm(ports: ports)
        // Six bidders, two per node, each product raised from two nodes.
        let running = storm.start((0..<6).map { (product: products[$0 % 3], node: $0 % 3) })
        #expect(await eventually(timeout: 20) { storm.acknowledgedCount >= 60 })

        let drained = 0
        let onDrained = watchers.filter { $0.port == ports[drained] }
        #expect(onDrained.count >= 30, "watchers on the drained node: \(onDrained.count)")
        let signalled = MonotonicClock.milliseconds()
        cluster.nodes[drained].send(SIGTERM)
        let status = await offPool { cluster.nodes[drained].waitForExit(timeout: TimeInterval(Self.drainSeconds + 5)) }
        let took = MonotonicClock.milliseconds() - signalled
        #expect(status == 0, "exit status \(String(describing: status)); log: \(cluster.log(drained).suffix(2_000))")
        #expect(took <= Int64(Self.drainSeconds) * 1_000, "the drain took \(took) ms")

        // Each of its watchers was told, moved to another node and heard a price there within 2 s.
        let moved = await eventually(timeout: 10) { onDrained.allSatisfy { $0.heardPriceAfterPush(elsewhereThan: ports[drained]) != nil } }
        let delays = onDrained.compactMap { $0.heardPriceAfterPush(elsewhereThan: ports[drained]) }
        let notTold = onDrained.filter { $0.pushedAt == nil }.count
        #expect(moved, "\(delays.count) of \(onDrained.count) watchers heard a price on another node after the push; not told: \(notTold)")
        #expect(delays.allSatisfy { $0 <= 2_000 }, "push → price on another node, slowest \(delays.max() ?? -1) ms")
        #expect(onDrained.allSatisfy { $0.port != ports[drained] && $0.state == .connected })
        #expect(onDrained.allSatisfy { !$0.waitedOutBackoff }, "a watcher waited for its backoff instead of moving at once")
        #expect(watchers.filter { $0.pushedAt != nil }.count == onDrained.count, "only the drained node's watchers were told")

        storm.stop()
        await running.value
        // Every bid acknowledged — on the drained node before it went, on the others throughout — is stored.
        _ = try ClusterChecks.storeHolds(storm.acknowledged.withLock { $0 }, url: database.url)
        #expect(Set(storm.acknowledged.withLock { $0 }.map(\.node)).contains(drained))
        #expect(cluster.log(drained).contains("drained (every client left"), "\(cluster.log(drained).suffix(1_000))")
        print("drain: node exited 0 after \(took) ms; \(onDrained.count) watchers moved, push → price on another node: "
              + "median \(delays.sorted()[delays.count / 2]) ms, slowest \(delays.max() ?? -1) ms")
    }
}

/// One watcher as `auction watch` runs it: our socket client with every node's address (starting at
/// `first`), the session replayed on each connect, price pushes through the feed's `seq` filter; it
/// timestamps the reconnect push (10) and each price push with the node it came from.
final class DrainWatcher: Sendable {
    private let client: SocketClient
    private let feed: SocketPriceFeed
    private let session = SocketSession(dialect: .auto, clientName: "drain-test")
    /// When push 10 arrived (monotonic milliseconds), the first time.
    private let pushed = Mutex<Int64?>(nil)
    /// Each price push: when it arrived and the node's port.
    private let prices = Mutex<[(at: Int64, port: Int)]>([])
    /// Whether the client waited for its backoff (state `reconnecting`) at any time.
    private let reconnecting = Mutex(false)

    init(ports: [Int], first: Int) throws {
        let order = Array(ports[first...] + ports[..<first])
        guard var configuration = SocketClientConfiguration(endpoints: order.map { SocketEndpoint(host: "127.0.0.1", port: $0) }) else {
            throw FixtureError("no ports")
        }
        configuration.heartbeatMilliseconds = 15_000
        client = try SocketClient(configuration: configuration)
        session.install(on: client)
        feed = SocketPriceFeed(client: client, session: session)
        let (pushed, prices, client) = (pushed, prices, client)
        client.onPush { frame in
            let now = MonotonicClock.milliseconds()
            switch frame.dataType {
            case ServerMessage.DataType.reconnect: pushed.withLock { $0 = $0 ?? now }
            case ServerMessage.DataType.price: prices.withLock { $0.append((now, client.endpoint.port)) }
            default: break
            }
        }
        let reconnecting = self.reconnecting
        client.onStateChange { state in
            if case .reconnecting = state { reconnecting.withLock { $0 = true } }
        }
        client.start()
    }

    /// Whether the client ever waited for its backoff before reconnecting.
    var waitedOutBackoff: Bool { reconnecting.withLock { $0 } }

    /// Subscribes to `products` (recorded in the session: replayed on every reconnect).
    func subscribe(_ products: [Int]) async -> Bool {
        (try? await feed.subscribe(to: products.map { ProductID($0) })) != nil
    }

    /// The node in use now.
    var port: Int { client.endpoint.port }
    /// The connection's state now.
    var state: SocketClientState { client.state }
    /// When push 10 arrived, if it did.
    var pushedAt: Int64? { pushed.withLock { $0 } }

    /// Milliseconds from push 10 to the first price push from a node other than `port`, if both came.
    func heardPriceAfterPush(elsewhereThan port: Int) -> Int64? {
        guard let pushedAt else { return nil }
        return prices.withLock { $0.first { $0.at >= pushedAt && $0.port != port } }.map { $0.at - pushedAt }
    }

    func close() { client.close() }
}
