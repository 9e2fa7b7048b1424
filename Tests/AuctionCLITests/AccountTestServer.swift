import AuctionCore
import AuctionData
import AuctionInfrastructure

/// An in-memory stand-in for the server's `/users/*` routes on a real loopback HTTP server,
/// speaking the documented shapes (the real service is tested in AuctionServerTests).
final class AccountTestServer: Sendable {
    private struct State {
        var users: [String: (id: Int64, password: String)] = [:]
        var sessions: [String: (id: Int64, name: String)] = [:]
        var issued = 0
    }

    static let expiry = Timestamp(millisecondsSinceEpoch: 1_900_000_000_000)
    let loop: EventLoop
    let server: HTTPServer
    private let state: Mutex<State>

    init() throws {
        let state = Mutex(State())
        loop = try EventLoop.spawn(name: "account-test-server")
        var router = HTTPRouter()
        router.on(.post, "/users/register") { request in
            guard let credentials = AccountDTO.credentials(from: request.body) else { return Self.answer(400, "bad json") }
            return state.withLock { state in
                guard state.users[credentials.name] == nil else { return Self.answer(409, "the name '\(credentials.name)' is already taken") }
                let id = Int64(state.users.count + 1)
                state.users[credentials.name] = (id, credentials.password)
                return Self.open(&state, id: id, name: credentials.name, status: 201)
            }
        }
        router.on(.post, "/users/login") { request in
            guard let credentials = AccountDTO.credentials(from: request.body) else { return Self.answer(400, "bad json") }
            return state.withLock { state in
                guard let user = state.users[credentials.name], user.password == credentials.password else {
                    return Self.answer(401, "invalid name or password")
                }
                return Self.open(&state, id: user.id, name: credentials.name, status: 200)
            }
        }
        router.on(.post, "/users/logout") { request in
            let token = request.headers["Authorization"].map { String($0.dropFirst("Bearer ".count)) }
            _ = state.withLock { $0.sessions.removeValue(forKey: token ?? "") }
            return HTTPResponse(status: .ok, contentType: "application/json", body: Array("{\"ok\":true}".utf8))
        }
        router.on(.get, "/users/me") { request in
            let token = request.headers["Authorization"].map { String($0.dropFirst("Bearer ".count)) } ?? ""
            guard let session = state.withLock({ $0.sessions[token] }) else { return Self.answer(401, "not logged in") }
            return HTTPResponse(status: .ok, contentType: "application/json", body: AccountDTO.sessionBody(
                userID: UserID(rawValue: session.id), name: session.name, token: nil, expiresAt: Self.expiry))
        }
        server = try HTTPServer.start(on: loop, router: router)
        self.state = state
    }

    var url: String { "http://127.0.0.1:\(server.address.port)" }

    /// Whether the server still honours a token.
    func accepts(_ token: String) -> Bool { state.withLock { $0.sessions[token] != nil } }

    /// Ends a session from the server's side.
    func revoke(_ token: String) { _ = state.withLock { $0.sessions.removeValue(forKey: token) } }

    func stop() {
        server.close()
        loop.shutdown()
    }

    private static func open(_ state: inout State, id: Int64, name: String, status: Int) -> HTTPResponse {
        state.issued += 1
        let token = "token-\(state.issued)-\(name)"
        state.sessions[token] = (id, name)
        return HTTPResponse(status: HTTPStatus(code: status), contentType: "application/json", body: AccountDTO.sessionBody(
            userID: UserID(rawValue: id), name: name, token: token, expiresAt: expiry))
    }

    private static func answer(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status), contentType: "application/json", body: AccountDTO.errorBody(message))
    }
}
