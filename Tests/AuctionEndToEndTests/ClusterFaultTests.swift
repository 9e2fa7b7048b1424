import AuctionCore
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Several real `auction-server` nodes on one real PostgreSQL, with faults: a node killed under a
/// bid storm, PostgreSQL restarted under load, a node cut off from PostgreSQL (issue 13, "Faults").
/// Bids go through the socket protocol (hello, anonymous bid); the store is read directly afterwards.
@Suite(.serialized) struct ClusterFaultTests {
    /// What every node of these tests is started with: anonymous bids, no per-connection rate limit,
    /// quiet logs, and a short store timeout so that a lost store is noticed within a second.
    static let nodeArguments = ["--allow-anonymous-bids", "--bids-per-second", "1000000", "--log-level", "warning",
                                "--store-timeout", "1"]

    @Test func killNineOfANodeLosesNoAcknowledgedBidAndItsClientsMoveOn() async throws {
        let database = try PostgresFixture()
        let cluster = try await offPool { try ClusterFixture(nodes: 3, storeURL: database.url, arguments: Self.nodeArguments) }
        defer { cluster.stop() }
        let storm = ClusterStorm(ports: cluster.socketPorts)
        // Nine bidders, three per node, each product raised from every node at once.
        let products = ClusterStorm.plainProducts.prefix(3)
        let bidders = (0..<9).map { (product: products[$0 % 3], node: $0 / 3) }
        let running = storm.start(bidders)

        #expect(await eventually(timeout: 30) { storm.acknowledgedCount >= 60 })
        let beforeKill = storm.acknowledgedCount
        cluster.kill(0)
        // The killed node's three bidders (0, 1, 2) get bids accepted on the other nodes.
        let moved = await eventually(timeout: 30) {
            let acked = storm.acknowledged.withLock { Array($0[beforeKill...]) }
            return acked.count >= 60 && Set(acked.filter { $0.node != 0 && $0.bidder < 3 }.map(\.bidder)) == [0, 1, 2]
        }
        storm.stop()
        await running.value

        let afterKill = storm.acknowledged.withLock { Array($0[beforeKill...]) }
        #expect(moved, "after the kill: \(afterKill.count) bids acknowledged, \(storm.lost.withLock { $0 }) lost replies, last outcomes \(storm.lastOutcome.withLock { $0 }), refusals \(storm.refusals.withLock { $0 }), by bidder: \(Dictionary(grouping: afterKill, by: \.bidder).mapValues { Set($0.map(\.node)) })")
        // Batches were in flight at the kill (a node commits what its bidders queued together): every
        // acknowledged bid is stored, none its bidder was told was refused.
        let stored = try ClusterChecks.storeHolds(storm.acknowledged.withLock { $0 }, url: database.url)
        ClusterChecks.refusedAreNotStored(storm, stored: stored)
        #expect(cluster.isRunning(1) && cluster.isRunning(2))
    }

    @Test func postgresRestartedUnderLoadRefusesWithUnavailableThenCatchesUp() async throws {
        let postgres = try await offPool { try PrivatePostgresServer() }
        defer { postgres.remove() }
        let url = try postgres.createDatabase("auction")
        let cluster = try await offPool { try ClusterFixture(nodes: 2, storeURL: url, arguments: Self.nodeArguments) }
        defer { cluster.stop() }
        let products = Array(ClusterStorm.plainProducts.prefix(3))
        let watchers = try cluster.socketPorts.map { try ClusterSocketClient(port: $0) }
        defer { watchers.forEach { $0.close() } }
        for watcher in watchers { #expect(await watcher.subscribe(products)) }
        let storm = ClusterStorm(ports: cluster.socketPorts)
        let running = storm.start((0..<6).map { (product: products[$0 % 3], node: $0 % 2) })

        #expect(await eventually(timeout: 30) { storm.acknowledgedCount >= 30 })
        try await offPool { try postgres.stop() }
        // Nodes notice and refuse; nothing is acknowledged while the store is down.
        #expect(await eventually(timeout: 20) { storm.refusals(.unavailable) >= 6 }, "refusals: \(storm.refusals.withLock { $0 })")
        // Replies to bids committed just before the stop have arrived by now; none may follow.
        let settled = storm.acknowledgedCount
        #expect(await eventually(timeout: 20) { storm.refusals(.unavailable) >= 18 })
        let acknowledgedWhileDown = storm.acknowledgedCount - settled
        // A read that needs the store is answered 503 `Retry-After` (a client with several nodes moves on).
        let detailWhileDown = await offPool {
            LoopbackHTTP.exchange(port: cluster.httpPorts[0], "POST", "/products/detailproduct", json: #"{"product_id":\#(products[0])}"#)
        }
        #expect(detailWhileDown?.status == 503, "a detail while PostgreSQL is down: \(String(describing: detailWhileDown))")
        let loginWhileDown = await offPool {
            LoopbackHTTP.exchange(port: cluster.httpPorts[1], "POST", "/users/login", json: #"{"name":"nobody","password":"correct horse"}"#)
        }
        #expect(loginWhileDown?.status == 503, "a login while PostgreSQL is down: \(String(describing: loginWhileDown))")
        try await offPool { try postgres.start() }
        // Both nodes reconnect and accept bids again: a probe of its own on each node, on a lot the storm
        // leaves alone. The storm cannot show it: its two bidders on a lot race, and the one that was
        // refused bids the price it learnt plus one, exactly what the winner bids next, and loses again,
        // so one node's storm bidders may lose every race after the restart (seen: no reply lost).
        let recovered = storm.acknowledgedCount
        for (node, port) in cluster.socketPorts.enumerated() {
            let (accepted, last) = try await Self.probeAccepts(port: port, product: 7, from: 300_000_000)
            #expect(accepted, "node \(node) after the restart: last probe \(last); storm bidders \(storm.lastOutcome.withLock { $0 })")
        }
        #expect(storm.acknowledgedCount > recovered, "the storm's bids after the restart")
        storm.stop()
        await running.value

        #expect(acknowledgedWhileDown == 0, "\(acknowledgedWhileDown) bids acknowledged while PostgreSQL was down")
        _ = try ClusterChecks.storeHolds(storm.acknowledged.withLock { $0 }, url: url)
        // Every watcher ends on the store's final prices, with no push repeated or out of order.
        try await ClusterChecks.watchersMatchStore(watchers, products: products, url: url) { "watcher on node \($0)" }
        let logs = (cluster.log(0) + cluster.log(1)).lowercased()
        #expect(logs.contains("unavailable") || logs.contains("postgres") || logs.contains("store"), "no node reported the lost store")
        // Not only bids: every node's other stores (details, accounts) answer again after the restart
        // (within the stores' reopening pause of 500 ms after the attempt made while it was down).
        for (node, port) in cluster.httpPorts.enumerated() {
            let detail = Mutex<LoopbackHTTP.Answer?>(nil), registered = Mutex<LoopbackHTTP.Answer?>(nil)
            #expect(await eventually(timeout: 10) {
                detail.withLock { $0 = LoopbackHTTP.exchange(port: port, "POST", "/products/detailproduct",
                                                              json: #"{"product_id":\#(products[0])}"#) }
                return detail.withLock { $0?.status } != 503
            })
            #expect(detail.withLock { $0?.status } == 200, "node \(node)'s product detail after the restart: \(detail.withLock { $0 }.debugDescription)")
            #expect(await eventually(timeout: 10) {
                registered.withLock { $0 = LoopbackHTTP.exchange(port: port, "POST", "/users/register",
                                                                  json: #"{"name":"after\#(node)","password":"correct horse"}"#) }
                return registered.withLock { $0?.status } != 503
            })
            #expect(registered.withLock { $0?.status } == 201, "node \(node) registers after the restart: \(registered.withLock { $0 }.debugDescription)")
        }
    }

    @Test func nodeCutOffFromPostgresStopsAcceptingBids() async throws {
        let database = try PostgresFixture()
        let (proxy, cutOffURL) = try LoopbackTCPProxy.inFront(ofPostgres: database.url)
        defer { proxy.close() }
        // Node 0 reaches PostgreSQL directly (it migrates the schema); node 1 only through the proxy.
        let direct = try await offPool { try ClusterFixture(nodes: 1, storeURL: database.url, arguments: Self.nodeArguments) }
        defer { direct.stop() }
        let behind = try await offPool { try ClusterFixture(nodes: 1, storeURL: cutOffURL, arguments: Self.nodeArguments) }
        defer { behind.stop() }
        let onDirect = try ClusterSocketClient(port: direct.socketPorts[0])
        let onBehind = try ClusterSocketClient(port: behind.socketPorts[0])
        defer { onDirect.close(); onBehind.close() }
        #expect(await onBehind.bid(4, 100_000_000) == .accepted)

        // The link drops: open connections are reset, new ones get no answer (a userspace proxy cannot
        // drop packets; a silent link whose kernel still acknowledges is `hungStoreIsRefusedWithinTheTimeout`).
        proxy.cut()
        // For longer than the store timeout, the cut-off node refuses every bid with `unavailable`.
        var outcomes: [ClusterSocketClient.Outcome] = []
        for step in 1...4 { outcomes.append(await onBehind.bid(4, 100_000_000 + Int64(step) * 100_000)) }
        #expect(outcomes.allSatisfy(Self.isUnavailable), "bids on the cut-off node: \(outcomes)")
        // The other node carries on deciding bids on the same product.
        #expect(await onDirect.bid(4, 100_100_000) == .accepted)

        proxy.heal()
        // Reconnected, the node knows the other node's price and bids above it again.
        var caughtUp = false
        for _ in 0..<300 where !caughtUp {
            if case .refused(.priceTooLow, let current) = await onBehind.bid(4, 100_100_000) { caughtUp = current == 100_100_000 }
            if !caughtUp { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(caughtUp, "the reconnected node never named the other node's price")
        #expect(await onBehind.bid(4, 100_200_000) == .accepted)
        _ = try ClusterChecks.storeHolds([AcknowledgedBid(product: 4, price: 100_000_000, node: 1),
                                          AcknowledgedBid(product: 4, price: 100_100_000, node: 0),
                                          AcknowledgedBid(product: 4, price: 100_200_000, node: 1)], url: database.url)
    }

    @Test func hungStoreIsRefusedWithinTheTimeout() async throws {
        let database = try PostgresFixture()
        let (proxy, silentURL) = try LoopbackTCPProxy.inFront(ofPostgres: database.url)
        defer { proxy.close() }
        let cluster = try await offPool { try ClusterFixture(nodes: 1, storeURL: silentURL, arguments: Self.nodeArguments) }
        defer { cluster.stop() }
        let client = try ClusterSocketClient(port: cluster.socketPorts[0])
        defer { client.close() }
        #expect(await client.bid(5, 100_000_000) == .accepted)

        // The link goes silent: the proxy's kernel still acknowledges every byte (as a stopped
        // PostgreSQL's would), so only the node's own deadline can notice.
        proxy.blackhole()
        let outcome = await client.bid(5, 100_100_000)  // the least it takes: 100,000,000 + the table's 100,000
        #expect(outcome != .accepted)
        // statement_timeout runs in the server, which never got the statement, and tcp_user_timeout sees
        // every byte acknowledged: the node's own answer deadline (store_timeout + 1 s) refuses the bid.
        #expect(Self.isUnavailable(outcome), "a bid on a node whose store went silent: \(outcome)")
        // Every connection the node opens has that deadline (one link policy), not only the ledger's:
        // a registration on the account store's connection answers 503 rather than hanging its thread.
        let port = cluster.httpPorts[0]
        let registered = await offPool {
            LoopbackHTTP.exchange(port: port, "POST", "/users/register", json: #"{"name":"silent","password":"correct horse"}"#,
                                  timeoutSeconds: 15)
        }
        #expect(registered?.status == 503, "a registration on a node whose store went silent: \(registered.debugDescription)")

        proxy.heal()
        var accepted = false
        for attempt in 1...100 where !accepted {
            accepted = await client.bid(5, 100_100_000 + Int64(attempt) * 100_000) == .accepted
            if !accepted { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(accepted, "the node never accepted a bid again after the link came back")
    }

    @Test func aPartitionUnderABidStormIsRefusedInBoundedTimeAndHealsLosingNothing() async throws {
        // Node 0 reaches PostgreSQL directly; node 1 through a proxy that will go silent. Four bidders
        // raise two products from both nodes at once.
        let database = try PostgresFixture()
        let (proxy, silentURL) = try LoopbackTCPProxy.inFront(ofPostgres: database.url)
        defer { proxy.close() }
        let direct = try await offPool { try ClusterFixture(nodes: 1, storeURL: database.url, arguments: Self.nodeArguments) }
        defer { direct.stop() }
        let behind = try await offPool { try ClusterFixture(nodes: 1, storeURL: silentURL, arguments: Self.nodeArguments) }
        defer { behind.stop() }
        let storm = ClusterStorm(ports: [direct.socketPorts[0], behind.socketPorts[0]])
        let running = storm.start((0..<4).map { (product: ClusterStorm.plainProducts[$0 % 2], node: $0 / 2) })
        #expect(await eventually(timeout: 30) { storm.acknowledged.withLock { $0.filter { $0.node == 1 }.count } >= 20 })

        // The link goes silent (bytes acknowledged, never answered) while bids keep arriving.
        proxy.blackhole()
        let probe = try ClusterSocketClient(port: behind.socketPorts[0])
        defer { probe.close() }
        let started = ContinuousClock.now
        let outcome = await probe.bid(4, 100_000_000)
        let refusedAfter = ContinuousClock.now - started
        // The answer deadline is store_timeout (1 s) + 1 s; a batch queued behind a hung one waits once more.
        #expect(Self.isUnavailable(outcome), "a bid on the partitioned node: \(outcome)")
        #expect(refusedAfter < .seconds(6), "refused after \(refusedAfter)")
        let port = behind.httpPorts[0]
        let readStarted = ContinuousClock.now
        let detail = await offPool {
            LoopbackHTTP.exchange(port: port, "POST", "/products/detailproduct", json: #"{"product_id":1}"#, timeoutSeconds: 10)
        }
        #expect(ContinuousClock.now - readStarted < .seconds(6), "the catalogue read took \(ContinuousClock.now - readStarted)")
        #expect(detail?.status == 503, "a catalogue read on the partitioned node: \(detail.debugDescription)")
        let before = storm.acknowledged.withLock { $0.filter { $0.node == 0 }.count }
        #expect(await eventually(timeout: 20) { storm.acknowledged.withLock { $0.filter { $0.node == 0 }.count } >= before + 20 },
                "the node that reaches the store stopped deciding bids")

        // Healed: the node reconnects by itself and takes bids again. A probe of its own shows it: the
        // storm's bidders of that node may have moved to node 0 on a lost reply (seen in CI) and stay there.
        proxy.heal()
        let (accepted, last) = try await Self.probeAccepts(port: behind.socketPorts[0], product: 7, from: 300_000_000)
        #expect(accepted, "the partitioned node never accepted a bid again: last probe \(last); storm \(storm.lastOutcome.withLock { $0 })")
        storm.stop()
        await running.value
        let stored = try ClusterChecks.storeHolds(storm.acknowledged.withLock { $0 }, url: database.url)
        ClusterChecks.refusedAreNotStored(storm, stored: stored)
    }

    @Test func aNodeCutOffFromItsStoreIsNotReadyUntilTheLinkHeals() async throws {
        let database = try PostgresFixture()
        let (proxy, cutOffURL) = try LoopbackTCPProxy.inFront(ofPostgres: database.url)
        defer { proxy.close() }
        let cluster = try await offPool { try ClusterFixture(nodes: 1, storeURL: cutOffURL, arguments: Self.nodeArguments) }
        defer { cluster.stop() }
        let port = cluster.httpPorts[0]
        let ready = { LoopbackHTTP.exchange(port: port, "GET", "/health/ready") }
        #expect(await eventually { ready()?.status == 200 })
        proxy.cut()
        #expect(await eventually { ready()?.status == 503 }, "still ready with the store cut off")
        #expect(ready()?.body.contains("store_unreachable") == true)
        #expect(LoopbackHTTP.exchange(port: port, "GET", "/health/live")?.status == 200)
        proxy.heal()
        #expect(await eventually { ready()?.status == 200 }, "not ready again after the link healed")
    }

    /// Bids on `product` through a client of its own on the node at `port` until one is accepted (within
    /// 30 s), each time at least the node's stated minimum; whether one was and the last outcome.
    private static func probeAccepts(port: Int, product: Int, from start: Int64) async throws -> (Bool, ClusterSocketClient.Outcome) {
        var probe = try ClusterSocketClient(port: port)
        defer { probe.close() }
        var price = start, last = ClusterSocketClient.Outcome.lost
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while ContinuousClock.now < deadline {
            last = await probe.bid(product, price)
            switch last {
            case .accepted: return (true, last)
            case .refused(_, let current?): price = max(price, probe.lastNextMinimum ?? current + 1)
            case .refused: break
            case .lost:
                probe.close()
                probe = try ClusterSocketClient(port: port)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (false, last)
    }

    /// Whether a bid was refused with `unavailable`.
    private static func isUnavailable(_ outcome: ClusterSocketClient.Outcome) -> Bool {
        if case .refused(.unavailable, _) = outcome { true } else { false }
    }
}
