import AuctionCore
import AuctionData
import AuctionImage
import AuctionInfrastructure
import AuctionLotLog
import AuctionServer
import AuctionTestSupport
import Testing

/// A node on the shared store holds at most 6 PostgreSQL connections, whatever it serves: the
/// ledger's writer, the cluster listener, the closing duty and the chat presence writer, each on its
/// own, and the pool of 2 that every store and the ledger's reads share (12 before the pool: one per store).
@Suite struct NodeConnectionBoundTests {
    /// The backends connected to the test's database, but the one asking.
    static func backends(_ admin: PostgresConnection) throws -> Int {
        Int(try admin.scalarInteger(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()") ?? -1)
    }

    @Test func aNodeThatServedEveryKindOfRequestHoldsAtMostSixConnections() async throws {
        let fixture = try PostgresFixture()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let node = AuctionHouseServer(configuration: try SharedStoreServerTests.configuration(fixture, folder: folder), log: .silent)
        let addresses = try node.start()
        defer { node.stop() }
        let admin = try PostgresConnection(fixture.url)
        defer { admin.close() }
        var most = try Self.backends(admin)
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL),
                              configuration: .init(responseTimeoutMilliseconds: 60_000), loop: loop)

        // Catalogue reads, eight at once on the two reader threads.
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for product in 1...8 {
                group.addTask {
                    let detail = try await http.post("/products/detailproduct", json: Array("{\"product_id\":\(product)}".utf8))
                    let history = try await http.get("/products/\(product)/bids")
                    return detail.status == .ok && history.status.code < 500
                }
            }
            for try await served in group { #expect(served) }
        }
        #expect(try await http.get("/products/query?search=lamp%25&status=all").status == .ok)
        most = max(most, try Self.backends(admin))

        // Logins, four at once on the two account threads.
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 1...4 {
                group.addTask {
                    let credentials = AccountDTO.credentialsBody(name: "user\(index)", password: "correct horse")
                    _ = try await http.post("/users/register", json: credentials)
                    return AccountDTO.session(from: try await http.post("/users/login", json: credentials).body)?.token
                }
            }
            var tokens: [String] = []
            for try await token in group { if let token { tokens.append(token) } }
            return tokens
        }
        #expect(tokens.count == 4)
        let token = try #require(tokens.first)
        most = max(most, try Self.backends(admin))

        // A bid and a chat message on the socket.
        let client = try TestClient(port: addresses.socket.port)
        defer { client.close() }
        #expect(try await client.request(.login(token: token)).result)
        #expect(try await client.bid(7, 900_000_000).result)
        #expect(try await client.request(.chatJoin(room: "lobby")).result)
        #expect(try await client.request(.chatSend(room: "lobby", text: "hello")).result)
        most = max(most, try Self.backends(admin))

        // An image, stored and served; the bidder's own pages and notices.
        let picture = try PNGEncoder.encode(ServerImageTests.picture(16))
        let uploaded = try await http.send(HTTPRequest(method: .post, target: "/images",
                                                       headers: ["Authorization": "Bearer " + token, "Content-Type": "image/png"],
                                                       body: picture))
        #expect(uploaded.status == .created)
        #expect(try await http.get("/images/" + SHA256.hexDigest(picture)).status == .ok)
        for path in ["/me/bids", "/watchlist", "/notifications"] {
            let answer = try await http.send(HTTPRequest(method: .get, target: path, headers: ["Authorization": "Bearer " + token]))
            #expect(answer.status == .ok, "\(path)")
        }
        most = max(most, try Self.backends(admin))

        // The closing duty connects for the node's first overdue sweep, a second after the start.
        #expect(await eventually(timeout: 20) {
            (try? admin.scalarInteger("""
                SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                """)) == 1
        })
        most = max(most, try Self.backends(admin))
        #expect(most <= 6, "the node held \(most) PostgreSQL connections")
        #expect(most >= 5, "the writer, the listener, the closing duty, the presence writer and a pooled one: \(most)")
    }
}
