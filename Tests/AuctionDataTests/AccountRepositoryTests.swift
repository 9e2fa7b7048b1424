import AuctionCore
import AuctionTestSupport
import AuctionData
import AuctionInfrastructure
import Glibc
import Testing

@Suite struct AccountRepositoryTests {
    /// A stand-in account service answering every route with a fixed response.
    private struct Canned {
        let loop: EventLoop
        let server: HTTPServer
        var repository: HTTPAccountRepository {
            HTTPAccountRepository(client: HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: server.address.port), loop: loop))
        }
        func stop() {
            server.close()
            loop.shutdown()
        }
    }

    private func serve(_ status: Int, _ body: String, seen: Mutex<[HTTPRequest]>? = nil) throws -> Canned {
        let loop = try EventLoop.spawn(name: "account-canned")
        let response = HTTPResponse(status: HTTPStatus(code: status), contentType: "application/json", body: Array(body.utf8))
        var router = HTTPRouter()
        for path in ["/users/register", "/users/login", "/users/logout"] {
            router.on(.post, path) { request in
                seen?.withLock { $0.append(request) }
                return response
            }
        }
        router.on(.get, "/users/me") { request in
            seen?.withLock { $0.append(request) }
            return response
        }
        return Canned(loop: loop, server: try HTTPServer.start(on: loop, router: router))
    }

    @Test func readsSessionsAndSendsTheDocumentedRequests() async throws {
        let seen = Mutex<[HTTPRequest]>([])
        let canned = try serve(200, #"{"user_id":7,"name":"alice","token":"tok","expires_at":1800000000000}"#, seen: seen)
        defer { canned.stop() }

        let session = try await canned.repository.login(name: "alice", password: "pa\"ss/wörd")
        try await canned.repository.logout(token: "tok")

        #expect(session == UserSession(userID: UserID(rawValue: 7), name: "alice", token: "tok",
                                       expiresAt: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)))
        let requests = seen.withLock { $0 }
        #expect(requests.map(\.path) == ["/users/login", "/users/logout"])
        let credentials = try #require(AccountDTO.credentials(from: requests[0].body))
        #expect(credentials.name == "alice" && credentials.password == "pa\"ss/wörd")
        #expect(requests[1].headers["Authorization"] == "Bearer tok")
    }

    @Test func maps401ToUnauthenticatedAnd429ToRateLimited() async throws {
        let unauthorized = try serve(401, #"{"error":"invalid name or password"}"#)
        defer { unauthorized.stop() }
        let limited = try serve(429, #"{"error":"too many failed logins","retry_after_ms":1200}"#)
        defer { limited.stop() }

        await #expect(throws: AuctionError.refused(.unauthenticated)) {
            try await unauthorized.repository.login(name: "a", password: "b")
        }
        await #expect(throws: AuctionError.refused(.unauthenticated)) { try await unauthorized.repository.me(token: "x") }
        await #expect(throws: AuctionError.refused(.rateLimited)) { try await limited.repository.login(name: "a", password: "b") }
    }

    @Test func otherFailuresCarryTheServersSentence() async throws {
        let conflict = try serve(409, #"{"error":"the name 'a' is already taken"}"#)
        defer { conflict.stop() }
        let garbled = try serve(200, #"{"user_id":"seven"}"#)
        defer { garbled.stop() }

        await #expect(throws: AuctionError.server(status: 409, message: "the name 'a' is already taken")) {
            try await conflict.repository.register(name: "a", password: "bbbbbbbb")
        }
        let error = await #expect(throws: AuctionError.self) { try await garbled.repository.register(name: "a", password: "b") }
        guard case .protocolViolation? = error else {
            Issue.record("expected protocolViolation, got \(String(describing: error))")
            return
        }
    }

    @Test func closedPortIsUnreachable() async throws {
        // A port bound but not listening, held for the whole test: a server closed just before could
        // have its port taken by a parallel test's listener (seen as a lost connection, not a refusal).
        let (fd, port) = LoopbackPort.refusing()
        defer { close(fd) }
        let loop = try EventLoop.spawn(name: "account-refused")
        defer { loop.shutdown() }
        let repository = HTTPAccountRepository(client: HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: port), loop: loop))

        let error = await #expect(throws: AuctionError.self) { try await repository.me(token: "x") }
        guard case .unreachable? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
    }

    @Test func dtoWritesTheDocumentedShapes() throws {
        let body = AccountDTO.sessionBody(userID: UserID(rawValue: 3), name: "bo", token: nil,
                                          expiresAt: Timestamp(millisecondsSinceEpoch: 5))
        #expect(String(decoding: body, as: UTF8.self) == #"{"user_id":3,"name":"bo","expires_at":5}"#)
        #expect(AccountDTO.profile(from: body) == UserIdentity(userID: UserID(rawValue: 3), name: "bo",
                                                             expiresAt: Timestamp(millisecondsSinceEpoch: 5)))
        #expect(AccountDTO.session(from: body) == nil)  // no token
        #expect(String(decoding: AccountDTO.errorBody("no", retryAfterMilliseconds: 10), as: UTF8.self)
            == #"{"error":"no","retry_after_ms":10}"#)
        #expect(AccountDTO.token(from: Array(#"{"token":"abc"}"#.utf8)) == "abc")
        #expect(AccountDTO.credentials(from: Array(#"{"name":1,"password":"x"}"#.utf8)) == nil)
    }
}
