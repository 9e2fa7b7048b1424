import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 23's actions on two nodes sharing PostgreSQL: taken through node A, their effects seen on
/// node B — its watchers' push, its refusals of bids and logins — and the record in the shared store.
@Suite struct ClusterModerationTests {
    typealias TwoNodes = ClusterLotsTests.TwoNodes

    static func act(_ cluster: TwoNodes, _ node: Int, _ target: String, _ json: String, token: String) async throws -> HTTPResponse {
        try await cluster.http[node].send(HTTPRequest(method: .post, target: target,
                                                      headers: ["Authorization": "Bearer " + token, "Content-Type": "application/json"],
                                                      body: Array(json.utf8)))
    }

    @Test func aRemovalAndASuspensionThroughNodeAReachNodeB() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let mod = try await ClusterSellerRulesTests.register(cluster, "mod")
        let bob = try await ClusterSellerRulesTests.register(cluster, "bob")
        let id = try await cluster.sell(0)
        #expect(await ClusterLotsTests.settles { (try? await cluster.listed(1).contains(id)) == true })
        let bidder = try await ClusterSellerRulesTests.client(cluster, 1, token: bob)
        defer { bidder.close() }
        #expect(try await bidder.bid(id, 2_000).result)
        let watcher = try RawSocket(port: cluster.nodes[1].socketPort)
        defer { watcher.close() }
        #expect(await watcher.exchange([ServerModerationTests.watcherHello(), .listState(stateNumber: (id - 1) / ProductPage.size)])
            .count == 2)

        let removed = try await Self.act(cluster, 0, "/moderation/lots/\(id)/remove", #"{"reason":"counterfeit"}"#, token: mod)
        #expect(removed.status == .ok, "\(String(decoding: removed.body, as: UTF8.self))")
        let pushed = await watcher.readMessages { messages in messages.contains { if case .lot = $0 { true } else { false } } }
        let event = try #require(pushed.compactMap { if case .lot(let event) = $0 { event } else { nil } }.first)
        #expect(event.kind == .withdrawn && event.removedReason == "counterfeit", "node B's watcher")
        let refused = try await bidder.bid(id, 9_000)
        #expect(!refused.result && refused.reason == .lotRemoved, "\(refused)")
        #expect(await ClusterLotsTests.settles { (try? await cluster.listed(1).contains(id)) == false })
        #expect(try cluster.count("SELECT COUNT(*) FROM bids WHERE product_id = \(id)") == 1)

        let suspended = try await Self.act(cluster, 0, "/moderation/users/bob/suspend", #"{"reason":"shill bidding"}"#, token: mod)
        #expect(suspended.status == .ok, "\(String(decoding: suspended.body, as: UTF8.self))")
        #expect(await ClusterLotsTests.settles { (try? await bidder.bid(1, 999_000).reason) == .unauthenticated },
                "node B refuses the live socket's next bid")
        let login = try await cluster.http[1].post("/users/login", json: AccountDTO.credentialsBody(name: "bob", password: "correct horse"))
        #expect(login.status.code == 403)
        #expect(try cluster.count("SELECT COUNT(*) FROM moderation_log") == 2)
        let lifted = try await Self.act(cluster, 0, "/moderation/users/bob/unsuspend", #"{"reason":"appeal upheld"}"#, token: mod)
        #expect(lifted.status == .ok)
        let back = try await cluster.http[1].post("/users/login", json: AccountDTO.credentialsBody(name: "bob", password: "correct horse"))
        #expect(back.status == .ok, "node B lets bob in again")
        #expect(try cluster.count("SELECT COUNT(*) FROM bids b JOIN users u ON u.id = b.user_id WHERE u.name = 'bob' AND b.product_id = 1") == 0)
    }
}

extension ClusterModerationTests {
    /// 100 rounds: a lot listed through node A, then its removal (through node A) and a bid (on node A,
    /// then on node B, in turn) sent together. The store decides both under the lot's row lock: the bid
    /// is stored exactly when it was acked accepted, and the lot ends removed, every round.
    @Test func aRemovalRacingABidOnEitherNodeEndsInOneConsistentStateEveryRound() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let mod = try await ClusterSellerRulesTests.register(cluster, "mod")
        let token = try await ClusterSellerRulesTests.register(cluster, "racer")
        var bidders: [TestClient] = []
        defer { bidders.forEach { $0.close() } }
        var accepted = 0
        for round in 0..<100 {
            if round % 40 == 0 {
                bidders.forEach { $0.close() }
                bidders = [try await ClusterSellerRulesTests.client(cluster, 0, token: token),
                           try await ClusterSellerRulesTests.client(cluster, 1, token: token)]
            }
            let id = try await cluster.sell(0), racer = bidders[round % 2]
            if round % 2 == 1 { #expect(await ClusterLotsTests.settles { (try? await racer.bid(id, 1).reason) != .unknownProduct }) }
            async let removal = Self.act(cluster, 0, "/moderation/lots/\(id)/remove", #"{"reason":"race"}"#, token: mod)
            async let bid = racer.bid(id, 2_000)
            let (answer, reply) = try await (removal, bid)
            #expect(answer.status == .ok, "round \(round): \(String(decoding: answer.body, as: UTF8.self))")
            let stored = try cluster.count("SELECT COUNT(*) FROM bids WHERE product_id = \(id)")
            #expect(try cluster.count("SELECT COUNT(*) FROM products WHERE id = \(id) AND removed_reason IS NOT NULL") == 1)
            if reply.result {
                accepted += 1
                #expect(stored == 1, "round \(round): an acked bid is stored")
            } else {
                #expect(reply.reason == .lotRemoved, "round \(round): \(reply)")
                #expect(stored == 0, "round \(round): a refused bid is not stored")
            }
        }
        print("cluster removal race: \(accepted) of 100 bids decided before the removal")
    }
}

extension ClusterModerationTests {
    /// A retraction through node A: node B's watcher gets the lower price with the next seq, and node B's
    /// book decides the next bid on it; the store holds the replayed price.
    @Test func aRetractionThroughNodeARepricesNodeB() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let mod = try await ClusterSellerRulesTests.register(cluster, "mod")
        let ann = try await ClusterSellerRulesTests.client(cluster, 0, token: try await ClusterSellerRulesTests.register(cluster, "ann"))
        let ben = try await ClusterSellerRulesTests.client(cluster, 1, token: try await ClusterSellerRulesTests.register(cluster, "ben"))
        let cat = try await ClusterSellerRulesTests.client(cluster, 1, token: try await ClusterSellerRulesTests.register(cluster, "cat"))
        defer { ann.close(); ben.close(); cat.close() }
        let id = try await cluster.sell(0)
        #expect(await ClusterLotsTests.settles { (try? await ben.bid(id, 1).reason) != .unknownProduct })
        #expect(try await ann.bid(id, 2_000).result)
        #expect(await ClusterLotsTests.settles { (try? await ben.bid(id, 3_000).result) == true })
        let watcher = try RawSocket(port: cluster.nodes[1].socketPort)
        defer { watcher.close() }
        #expect(await watcher.exchange([ServerModerationTests.watcherHello(), .listState(stateNumber: (id - 1) / ProductPage.size)])
            .count == 2)
        let bens = try #require(try cluster.count("SELECT MAX(id) FROM bids WHERE product_id = \(id)"))
        let retracted = try await Self.act(cluster, 0, "/moderation/bids/\(bens)/retract", #"{"reason":"mistyped"}"#, token: mod)
        #expect(retracted.status == .ok, "\(String(decoding: retracted.body, as: UTF8.self))")
        let pushed = await watcher.readMessages { messages in
            messages.contains { if case .price(let update) = $0, update.productID == ProductID(id) { true } else { false } }
        }
        let update = try #require(pushed.compactMap { if case .price(let update) = $0 { update } else { nil } }.last)
        #expect(update.price == Money(2_000) && update.direction == .down, "node B's watcher: \(update)")
        #expect(update.sequence == 3, "the repricing is the lot's third step")
        let next = try await cat.bid(id, 2_500)
        #expect(next.result, "node B decides on the repriced lot: \(next)")
        #expect(await ClusterLotsTests.settles { (try? cluster.count("SELECT current_price FROM products WHERE id = \(id)")) == 2_500 })
    }

    /// 60 rounds: ann (node A) bids 2,000, ben (node B) 3,000; then ben's bid is retracted through node A
    /// while cat bids 3,500 on node A or node B in turn. The store decides both under the lot's row lock:
    /// cat's bid is stored exactly when acked, and the stored price and leader are the replay's every round.
    @Test func aRetractionRacingABidOnEitherNodeEndsInOneConsistentStateEveryRound() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let mod = try await ClusterSellerRulesTests.register(cluster, "mod")
        var tokens: [String] = []
        for name in ["ann", "ben", "cat"] { tokens.append(try await ClusterSellerRulesTests.register(cluster, name)) }
        var clients: [TestClient] = []
        defer { clients.forEach { $0.close() } }
        for round in 0..<60 {
            if round % 30 == 0 {
                clients.forEach { $0.close() }
                clients = [try await ClusterSellerRulesTests.client(cluster, 0, token: tokens[0]),
                           try await ClusterSellerRulesTests.client(cluster, 1, token: tokens[1]),
                           try await ClusterSellerRulesTests.client(cluster, 0, token: tokens[2]),
                           try await ClusterSellerRulesTests.client(cluster, 1, token: tokens[2])]
            }
            let id = try await cluster.sell(0)
            #expect(await ClusterLotsTests.settles { (try? await clients[1].bid(id, 1).reason) != .unknownProduct })
            #expect(try await clients[0].bid(id, 2_000).result)
            #expect(await ClusterLotsTests.settles { (try? await clients[1].bid(id, 3_000).result) == true }, "round \(round)")
            let bens = try #require(try cluster.count("SELECT MAX(id) FROM bids WHERE product_id = \(id)"))
            let cat = clients[2 + round % 2]
            async let retraction = Self.act(cluster, 0, "/moderation/bids/\(bens)/retract", #"{"reason":"race"}"#, token: mod)
            async let bid = cat.bid(id, 3_500)
            let (answer, reply) = try await (retraction, bid)
            #expect(answer.status == .ok, "round \(round): \(String(decoding: answer.body, as: UTF8.self))")
            let placements = try cluster.store.connection.query("""
                SELECT placed_by, placed_price, placed_maximum FROM bids
                WHERE product_id = ? AND retracted_at IS NULL AND placed_price IS NOT NULL ORDER BY seq, id
                """, [.integer(Int64(id))]) { ($0.optionalInt64(0), $0.int64(1), $0.optionalInt64(2)) }
            let want = ServerRetractionTests.replayedPrice(placements)
            #expect(try cluster.count("SELECT current_price FROM products WHERE id = \(id)") == want.price, "round \(round)")
            #expect(try cluster.count("""
                SELECT user_id FROM bids WHERE product_id = \(id) AND retracted_at IS NULL ORDER BY seq DESC, id DESC LIMIT 1
                """) == want.leader, "round \(round): the stored leader")
            let catsStored = try cluster.count("""
                SELECT COUNT(*) FROM bids b JOIN users u ON u.id = b.user_id WHERE b.product_id = \(id) AND u.name = 'cat' AND b.automatic = 0
                """)
            #expect((catsStored == 1) == reply.result, "round \(round): cat's bid is stored exactly when acked: \(reply)")
            for node in 0..<2 {
                #expect(await ClusterLotsTests.settles { (try? await clients[node].bid(id, 1).price?.minorUnits) == want.price },
                        "round \(round): node \(node)'s book holds the stored price")
            }
        }
    }
}

extension ClusterModerationTests {
    /// Node B cut off from PostgreSQL (a proxy resets its links) while a lot is removed through node A:
    /// when B's listener is back it catches up and its watcher gets the removal once — push 9 `withdrawn`
    /// with the reason, not a plain withdrawal first (a removed lot is withdrawn too in the store).
    @Test func aRemovalMissedWhileCutOffReachesNodeBsWatcherOnce() async throws {
        let store = try ClusterStore(products: 20)
        let (proxy, behindURL) = try LoopbackTCPProxy.inFront(ofPostgres: store.fixture.url)
        defer { proxy.close() }
        let a = try ClusterLotsTests.node(store, clock: SystemClock())
        defer { a.stop() }
        let b = try ClusterLotsTests.node(store, clock: SystemClock(), url: behindURL)
        defer { b.stop() }
        #expect(await ClusterFeedTests.listening(a))
        #expect(await ClusterFeedTests.listening(b))
        let port = a.addresses.http.port
        let registered = try #require(LoopbackHTTP.exchange(port: port, "POST", "/users/register",
                                                            json: #"{"name":"mod","password":"correct horse"}"#))
        let mod = try #require(AccountDTO.session(from: Array(registered.body.utf8))).token
        let watcher = try RawSocket(port: b.socketPort)
        defer { watcher.close() }
        #expect(await watcher.exchange([ServerModerationTests.watcherHello(), .listState(stateNumber: 0)]).count == 2)

        proxy.cut()
        let removed = LoopbackHTTP.exchange(port: port, "POST", "/moderation/lots/3/remove", json: #"{"reason":"counterfeit"}"#, bearer: mod)
        #expect(removed?.status == 200, "\(String(describing: removed))")
        proxy.heal()

        let pushed = await watcher.readMessages { messages in messages.contains { if case .lot = $0 { true } else { false } } }
        let first = try #require(pushed.compactMap { if case .lot(let event) = $0 { event } else { nil } }.first)
        #expect(first.kind == .withdrawn && first.productID == ProductID(3) && first.removedReason == "counterfeit", "\(first)")
        // Whatever the catch-up posted with it has reached the watcher before the answer to a later request.
        var frame = ClientMessage.listState(stateNumber: 0).frame
        frame.completionID = 9
        watcher.send(FrameEncoder.encode(frame))
        let rest = await watcher.readMessages { messages in messages.contains { if case .reply = $0 { true } else { false } } }
        #expect(!rest.contains { if case .lot = $0 { true } else { false } }, "one push 9 for the removal: \(rest)")
    }
}
