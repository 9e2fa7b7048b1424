import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

@Suite struct AccountEndpointsTests {
    /// The account routes on a real HTTP server on a loopback port chosen by the system.
    private struct Served {
        let fixture: AccountFixture
        let workers: BlockingWorkers
        let loop: EventLoop
        let server: HTTPServer
        /// Each login hashes a password (yescrypt) on two workers; when the whole suite starts at once on
        /// two cores an answer can take longer than the client's default 10 s, so the test waits up to a minute.
        var client: HTTPClient {
            HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: server.address.port),
                       configuration: .init(responseTimeoutMilliseconds: 60_000), loop: loop)
        }
        var repository: HTTPAccountRepository { HTTPAccountRepository(client: client) }

        func post(_ path: String, _ body: String, headers: HTTPHeaders = ["Content-Type": "application/json"]) async throws -> HTTPResponse {
            try await client.send(HTTPRequest(method: .post, target: path, headers: headers, body: Array(body.utf8)))
        }

        func stop() {
            server.close()
            loop.shutdown()
            workers.shutdown()
            fixture.remove()
        }
    }

    /// The peer address is taken from a test header here; the server passes the socket's peer.
    private func serve(workers: BlockingWorkers = BlockingWorkers(threads: 2)) throws -> Served {
        let fixture = try AccountFixture()
        let loop = try EventLoop.spawn(name: "account-endpoints")
        var router = HTTPRouter()
        AccountEndpoints.install(on: &router, accounts: fixture.service, workers: workers,
                                 clientAddress: { $0.headers["X-Test-Peer"] })
        return Served(fixture: fixture, workers: workers, loop: loop, server: try HTTPServer.start(on: loop, router: router))
    }

    @Test func busyWorkersAnswer503() async throws {
        let served = try serve(workers: BlockingWorkers(threads: 1, maximumQueued: 1))
        defer { served.stop() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        #expect(served.workers.submit {
            started.signal()
            gate.wait()
        })
        await offPool { started.wait() }  // the only worker is busy now
        #expect(served.workers.submit {})  // the queue is full now

        let response = try await served.post("/users/login", #"{"name":"x","password":"correct horse"}"#)
        gate.signal()

        #expect(response.status.code == 503)
        #expect(response.headers["Retry-After"] == "1")
    }

    @Test func registerLoginMeLogoutRoundTrip() async throws {
        let served = try serve()
        defer { served.stop() }
        let accounts = served.repository

        let registered = try await accounts.register(name: "alice", password: "correct horse")
        let session = try await accounts.login(name: "alice", password: "correct horse")
        let me = try await accounts.me(token: session.token)

        #expect(registered.name == "alice" && session.userID == registered.userID)
        #expect(me == UserIdentity(userID: registered.userID, name: "alice", expiresAt: session.expiresAt))
        try await accounts.logout(token: session.token)
        await #expect(throws: AuctionError.refused(.unauthenticated)) { try await accounts.me(token: session.token) }
        #expect(try await accounts.me(token: registered.token).name == "alice")
    }

    @Test func registerAnswers201WithTheDocumentedShape() async throws {
        let served = try serve()
        defer { served.stop() }

        let response = try await served.post("/users/register", #"{"name":"bob","password":"correct horse"}"#)

        #expect(response.status.code == 201)
        let json = try JSONValue.parse(response.body)
        #expect(json.objectValue?.keys == ["user_id", "name", "token", "expires_at"])
        #expect(json["name"]?.stringValue == "bob" && json["user_id"]?.intValue != nil)
        #expect(response.headers["Cache-Control"] == "no-store")
    }

    @Test func wrongPasswordAndUnknownUserGetIdenticalAnswers() async throws {
        let served = try serve()
        defer { served.stop() }
        _ = try await served.repository.register(name: "carol", password: "correct horse")

        let wrong = try await served.post("/users/login", #"{"name":"carol","password":"wrong horse"}"#)
        let unknown = try await served.post("/users/login", #"{"name":"nobody","password":"wrong horse"}"#)

        #expect(wrong.status.code == 401)
        #expect(wrong.status == unknown.status && wrong.body == unknown.body)
        #expect(String(decoding: wrong.body, as: UTF8.self) == #"{"error":"invalid name or password"}"#)
        await #expect(throws: AuctionError.refused(.unauthenticated)) {
            try await served.repository.login(name: "carol", password: "wrong horse")
        }
    }

    @Test func duplicateNameAndInvalidInputAreExplained() async throws {
        let served = try serve()
        defer { served.stop() }
        _ = try await served.repository.register(name: "dave", password: "correct horse")

        let duplicate = try await served.post("/users/register", #"{"name":"dave","password":"other password"}"#)
        #expect(duplicate.status.code == 409)
        #expect(AccountDTO.errorMessage(from: duplicate.body) == "the name 'dave' is already taken (names are compared without regard to case)")
        await #expect(throws: AuctionError.server(status: 409, message: "the name 'dave' is already taken (names are compared without regard to case)")) {
            try await served.repository.register(name: "dave", password: "other password")
        }
        let short = try await served.post("/users/register", #"{"name":"erin","password":"short"}"#)
        #expect(short.status.code == 400)
        #expect(!String(decoding: short.body, as: UTF8.self).contains("short\""))  // the password is not echoed
    }

    @Test func badJSONIs400() async throws {
        let served = try serve()
        defer { served.stop() }

        for (path, body) in [("/users/register", "{"), ("/users/login", #"{"name":"x"}"#),
                             ("/users/login", "[1,2]"), ("/users/logout", "not json")] {
            let response = try await served.post(path, body)
            #expect(response.status.code == 400, "\(path) \(body)")
            #expect(AccountDTO.errorMessage(from: response.body) != nil)
        }
    }

    @Test func failedLoginsAreLimitedPerNameWith429() async throws {
        let served = try serve()
        defer { served.stop() }
        _ = try await served.repository.register(name: "frank", password: "correct horse")

        for attempt in 0..<5 {
            let response = try await served.post("/users/login", #"{"name":"frank","password":"guess \#(attempt)"}"#)
            #expect(response.status.code == 401)
        }
        let limited = try await served.post("/users/login", #"{"name":"frank","password":"correct horse"}"#)

        #expect(limited.status.code == 429)
        let json = try JSONValue.parse(limited.body)
        let retry = try #require(json["retry_after_ms"]?.intValue)
        #expect(retry > 0 && retry <= 60_000 && json["error"]?.stringValue != nil)
        #expect(limited.headers["Retry-After"] != nil)
        await #expect(throws: AuctionError.refused(.rateLimited)) {
            try await served.repository.login(name: "frank", password: "correct horse")
        }
        served.fixture.clock.advance(milliseconds: 60_000)
        #expect(try await served.repository.login(name: "frank", password: "correct horse").name == "frank")
    }

    @Test func failedLoginsAreLimitedPerAddress() async throws {
        let served = try serve()
        defer { served.stop() }
        _ = try await served.repository.register(name: "gina", password: "correct horse")

        for attempt in 0..<5 {
            let response = try await served.post("/users/login", #"{"name":"u\#(attempt)","password":"guess guess"}"#,
                                                 headers: ["X-Test-Peer": "192.0.2.1"])
            #expect(response.status.code == 401)
        }
        let sameAddress = try await served.post("/users/login", #"{"name":"gina","password":"correct horse"}"#,
                                                headers: ["X-Test-Peer": "192.0.2.1"])
        let otherAddress = try await served.post("/users/login", #"{"name":"gina","password":"correct horse"}"#,
                                                 headers: ["X-Test-Peer": "192.0.2.2"])
        #expect(sameAddress.status.code == 429)
        #expect(otherAddress.status.code == 200)
    }

    @Test func meAndLogoutAcceptBearerOrBodyToken() async throws {
        let served = try serve()
        defer { served.stop() }
        let session = try await served.repository.register(name: "hank", password: "correct horse")

        let anonymous = try await served.client.get("/users/me")
        #expect(anonymous.status.code == 401 && anonymous.headers["WWW-Authenticate"] == "Bearer")
        let garbage = try await served.client.send(HTTPRequest(method: .get, target: "/users/me",
                                                               headers: ["Authorization": "Bearer nonsense"]))
        #expect(garbage.status.code == 401)

        let logout = try await served.post("/users/logout", #"{"token":"\#(session.token)"}"#)
        #expect(logout.status.code == 200)
        let me = try await served.client.send(HTTPRequest(method: .get, target: "/users/me",
                                                          headers: ["Authorization": "bearer \(session.token)"]))
        #expect(me.status.code == 401)
        #expect(served.fixture.service.user(forToken: session.token) == nil)
    }

    @Test func expiredTokenIsRefusedByMe() async throws {
        let served = try serve()
        defer { served.stop() }
        let session = try await served.repository.register(name: "ivy", password: "correct horse")

        served.fixture.clock.advance(milliseconds: 30 * 86_400_000)

        await #expect(throws: AuctionError.refused(.unauthenticated)) { try await served.repository.me(token: session.token) }
    }
}
