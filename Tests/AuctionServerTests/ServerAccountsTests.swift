import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct ServerAccountsTests {
    @Test func registeredUserLogsInOnTheSocketAndTheBidIsRecordedForThem() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = AuctionHouseServer(configuration: .ephemeral(databasePath: directory.file("auction.sqlite")), log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)

        let registered = try await http.post("/users/register", json: AccountDTO.credentialsBody(name: "carol", password: "correct horse"))
        #expect(registered.status == .created)
        let session = try #require(AccountDTO.session(from: registered.body))

        let client = try TestClient(port: addresses.socket.port)
        defer { client.close() }
        #expect(try await client.bid(7, 900_000_000).reason == .unauthenticated)
        let login = try await client.request(.login(token: session.token))
        #expect(login.result)
        #expect(login.fields["user_name"]?.stringValue == "carol")
        #expect(try await client.bid(7, 900_000_000).result)
        #expect(try await client.bid(7, 900_100_000, user: session.userID.rawValue + 1).reason == .userMismatch)

        let database = try SQLiteDatabase(path: directory.file("auction.sqlite"), options: [.readOnly])
        defer { database.close() }
        let recorded = try database.query("SELECT u.name, b.price FROM bids b JOIN users u ON u.id = b.user_id") {
            ($0.text(0), $0.int64(1))
        }
        #expect(recorded.map(\.0) == ["carol"])
        #expect(recorded.map(\.1) == [900_000_000])
    }
}

@Suite struct ServerLoginLimitTests {
    @Test func failedLoginsFromOneAddressAreLimitedAcrossNames() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.failedLoginsPerAddress = .perHour(5)  // no token refills however slow the hashing is
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)

        // Given: five wrong guesses from 127.0.0.1, each against a different name.
        for attempt in 0..<5 {
            let answer = try await http.post("/users/login", json: AccountDTO.credentialsBody(name: "guess\(attempt)", password: "wrong password"))
            #expect(answer.status.code == 401)
        }
        // When: a sixth name is tried from the same address.
        let limited = try await http.post("/users/login", json: AccountDTO.credentialsBody(name: "fresh", password: "wrong password"))
        // Then: the address is limited, whatever the name.
        #expect(limited.status.code == 429)
    }
}
