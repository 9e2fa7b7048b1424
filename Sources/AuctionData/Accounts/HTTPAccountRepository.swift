import AuctionCore
import AuctionInfrastructure

/// Accounts over HTTP (`/users/register`, `/users/login`, `/users/logout`, `/users/me`), with
/// answers mapped to `AuctionError`: 401 → `refused(.unauthenticated)`, 429 → `refused(.rateLimited)`,
/// 400/409 → `server(status:message:)` with the server's sentence, transport failures as usual.
public struct HTTPAccountRepository: AccountRepository {
    /// The client that carries the requests.
    public let client: HTTPClient

    /// Creates a repository over a client.
    public init(client: HTTPClient) { self.client = client }

    /// Creates a repository for the service at `baseURL` (e.g. `http://127.0.0.1:3100`), doing I/O on `loop`.
    public init(baseURL: String, loop: EventLoop, configuration: HTTPClient.Configuration = .init()) throws(AuctionError) {
        client = try HTTPClient(checkedBaseURL: baseURL, configuration: configuration, loop: loop)
    }

    /// Creates an account (`201`) and returns its first session.
    public func register(name: String, password: String) async throws(AuctionError) -> UserSession {
        let response = try await send(HTTPRequest(method: .post, target: "/users/register", headers: jsonHeaders,
                                                  body: AccountDTO.credentialsBody(name: name, password: password)))
        return try session(from: response)
    }

    /// Opens a session; `refused(.unauthenticated)` for a wrong name or password, `refused(.rateLimited)` when limited.
    public func login(name: String, password: String) async throws(AuctionError) -> UserSession {
        // A login is safe to repeat on another server (each opens a session; an unused one expires).
        let response = try await send(HTTPRequest(method: .post, target: "/users/login", headers: jsonHeaders,
                                                  body: AccountDTO.credentialsBody(name: name, password: password)), repeatable: true)
        return try session(from: response)
    }

    /// Revokes the token (an unknown or already revoked token is not an error).
    public func logout(token: String) async throws(AuctionError) {
        var headers = jsonHeaders
        headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await send(HTTPRequest(method: .post, target: "/users/logout", headers: headers, body: Array("{}".utf8)))
        guard response.status.isSuccess else { throw failure(response) }
    }

    /// Who the token belongs to; `refused(.unauthenticated)` when it is unknown, expired or revoked.
    public func me(token: String) async throws(AuctionError) -> UserIdentity {
        let response = try await send(HTTPRequest(method: .get, target: "/users/me",
                                                  headers: ["Authorization": "Bearer \(token)", "Accept": "application/json"]))
        guard response.status.isSuccess else { throw failure(response) }
        guard let profile = AccountDTO.profile(from: response.body) else {
            throw AuctionError.protocolViolation("the /users/me answer lacks user_id, name or expires_at")
        }
        return profile
    }

    private var jsonHeaders: HTTPHeaders { ["Content-Type": "application/json", "Accept": "application/json"] }

    private func session(from response: HTTPResponse) throws(AuctionError) -> UserSession {
        guard response.status.isSuccess else { throw failure(response) }
        guard let session = AccountDTO.session(from: response.body) else {
            throw AuctionError.protocolViolation("the answer lacks user_id, name, token or expires_at")
        }
        return session
    }

    private func send(_ request: HTTPRequest, repeatable: Bool? = nil) async throws(AuctionError) -> HTTPResponse {
        try await client.exchange(request, repeatable: repeatable)
    }

    /// A failed answer as a domain error.
    private func failure(_ response: HTTPResponse) -> AuctionError {
        switch response.status.code {
        case 401: return .refused(.unauthenticated)
        case 429: return .refused(.rateLimited)
        case 404: return .notFound("the account service at \(client.baseURL) (is it an older server?)")
        default:
            let message = AccountDTO.errorMessage(from: response.body)
                ?? (response.body.isEmpty || response.body.count > 512 ? response.status.reasonPhrase
                    : String(decoding: response.body, as: UTF8.self))
            return .server(status: response.status.code, message: message)
        }
    }
}
