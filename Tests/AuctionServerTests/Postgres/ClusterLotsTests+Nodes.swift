import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// The two-node cluster `ClusterLotsTests` list, edit, withdraw and bid on.
extension ClusterLotsTests {
    /// Two nodes on one store holding 20 lots, and a seller registered through node A.
    final class TwoNodes: @unchecked Sendable {
        let store: ClusterStore
        let nodes: [ServerFixture]
        let loop: EventLoop
        let http: [HTTPClient]
        let token: String

        init(clock: any TimeSource = SystemClock()) async throws {
            store = try ClusterStore(products: 20)
            // The fixture's lots have explicit ids: new ones continue after them.
            _ = try store.connection.scalarInteger("SELECT setval(pg_get_serial_sequence('products', 'id'), 20)")
            nodes = [try ClusterLotsTests.node(store, clock: clock), try ClusterLotsTests.node(store, clock: clock)]
            let loop = try EventLoop.spawn(name: "test-cluster-lots")
            self.loop = loop
            http = try nodes.map { node in
                HTTPClient(baseURL: try HTTPBaseURL(parsing: node.httpBase), configuration: .init(responseTimeoutMilliseconds: 60_000),
                           loop: loop)
            }
            for node in nodes { _ = await ClusterFeedTests.listening(node) }
            let registered = try await http[0].post("/users/register", json: AccountDTO.credentialsBody(name: "seller", password: "correct horse"))
            token = try #require(AccountDTO.session(from: registered.body)).token
        }

        func stop() {
            nodes.forEach { $0.stop() }
            loop.shutdown()
        }

        /// `method target` on node `node` as the seller, with a JSON body.
        func request(_ node: Int, _ method: HTTPMethod, _ target: String, json: String = "") async throws -> HTTPResponse {
            var headers: HTTPHeaders = ["Authorization": "Bearer " + token]
            if !json.isEmpty { headers.add(name: "Content-Type", value: "application/json") }
            return try await http[node].send(HTTPRequest(method: method, target: target, headers: headers, body: Array(json.utf8)))
        }

        /// Lists a lot through node `node`; its id.
        func sell(_ node: Int, name: String = "Brass lamp", extra: String = "") async throws -> Int {
            let answer = try await request(node, .post, "/products",
                                           json: "{\"name\":\"\(name)\",\"start_price\":1000,\"duration_seconds\":600\(extra)}")
            #expect(answer.status == .created, "\(String(decoding: answer.body, as: UTF8.self))")
            return try #require(ClusterLotsTests.object(answer)["id"] as? Int)
        }

        /// Product ids in node `node`'s lists, in order.
        func listed(_ node: Int) async throws -> [Int] {
            var ids: [Int] = [], index = 0
            while true {
                let page = try await http[node].post("/products/alllist", json: Array("{\"index\": \(index)}".utf8))
                guard page.status == .ok, let items = try JSONSerialization.jsonObject(with: Data(page.body)) as? [[String: Any]],
                      !items.isEmpty else { return ids }
                ids += items.compactMap { $0["product_id"] as? Int }
                index += 1
            }
        }

        /// Node `node`'s list item of a product.
        func item(_ node: Int, _ id: Int) async throws -> [String: Any]? {
            let page = try await http[node].post("/products/alllist", json: Array("{\"index\": \((id - 1) / ProductPage.size)}".utf8))
            let items = try JSONSerialization.jsonObject(with: Data(page.body)) as? [[String: Any]]
            return items?.first { $0["product_id"] as? Int == id }
        }

        /// Node `node`'s detail of a product (`DetailProductInfo`).
        func detail(_ node: Int, _ id: Int, part: String = "DetailProductInfo") async throws -> [String: Any] {
            let answer = try await http[node].post("/products/detailproduct", json: Array("{\"product_id\": \(id)}".utf8))
            return (ClusterLotsTests.object(answer)[part] as? [String: Any]) ?? [:]
        }

        /// A socket on node `node` that understands push 9, watching list page `page` (0-based), or the
        /// first page of `query` when given.
        func watcher(_ node: Int, page: Int = 1, query: [String: String]? = nil) async throws -> TestClient {
            let client = try TestClient(port: nodes[node].socketPort, hello: false)
            var features = ProtocolFeature.understoodByClient
            features.append(.lots)
            #expect(try await client.request(.hello(WireHello(client: "test", version: "0", features: features))).result)
            if let query {
                #expect(try await client.request(.queryState(parameters: query, pages: 1)).result)
            } else {
                #expect(try await client.request(.listState(stateNumber: page)).result)
            }
            return client
        }

        func count(_ sql: String) throws -> Int64? { try store.connection.scalarInteger(sql) }
    }

    /// `ClusterFeedTests.node` with accounts (register, log in, sessions shared through the store).
    /// A node on `store` (reached at `url` when given: e.g. through a `LoopbackTCPProxy`).
    static func node(_ store: ClusterStore, clock: any TimeSource, url: String? = nil) throws -> ServerFixture {
        var accounts = ServerConfiguration.ephemeral(databasePath: "unused").accounts
        accounts.moderators = ["mod"]  // the moderation tests' moderator, on every node
        accounts.moderationRequestsPerMinute = 10_000
        accounts.registrationsPerNetwork = .perHour(10_000)  // the suspension race registers a user per round
        let target = try url.map { try PostgresConnectionString($0) } ?? store.store
        let hooks = AccountsHooks(log: .silent, configuration: accounts, clock: clock, store: target).hooks
        return try ServerFixture(listings: ServerFixture.listings(count: 20), hooks: hooks, clock: clock, configure: {
            $0.store = target
            $0.allowAnonymousBids = true
            // The race tests list hundreds of lots for one seller: the hourly and open-lot bounds are not under test here.
            $0.uploads.lotsPerHour = 10_000
            $0.uploads.maximumOpenLots = 10_000
        })
    }

    /// `eventually` for a condition that awaits (HTTP and socket requests): polled every 10 ms, 30 s at most.
    static func settles(_ condition: () async -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(30))
        while clock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }

    static func object(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }
}
