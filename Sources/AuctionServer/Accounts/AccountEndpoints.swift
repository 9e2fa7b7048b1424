import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The account routes: `POST /users/register`, `POST /users/login`, `POST /users/logout`,
/// `GET /users/me`. Register and login hash a password, logout writes durably and `me` reads the
/// moderator role from the store, so they run on `BlockingWorkers`, never on the event loop nor on
/// Swift's cooperative pool. Bodies never echo passwords.
public enum AccountEndpoints {
    /// The paths served, in the order they are documented.
    public static let paths = ["/users/register", "/users/login", "/users/logout", "/users/me"]

    /// Adds the routes to `router`, answering from `accounts`; password hashing runs on `workers`
    /// (503 when their queue is full). `clientAddress` names the peer of a request for the
    /// per-address and per-network login and registration limits (nil: only the per-name limits apply).
    public static func install(on router: inout HTTPRouter, accounts: AccountService, workers: BlockingWorkers,
                               clientAddress: @escaping @Sendable (HTTPRequest) -> String? = { _ in nil }) {
        offloadCredentials(&router, "/users/register", workers, status: .created) { credentials, request throws(AccountError) in
            try accounts.register(name: credentials.name, password: credentials.password, address: clientAddress(request))
        }
        offloadCredentials(&router, "/users/login", workers, status: .ok) { credentials, request throws(AccountError) in
            try accounts.login(name: credentials.name, password: credentials.password, address: clientAddress(request))
        }
        offload(&router, "/users/logout", workers) { request in
            guard let token = bearerToken(request) ?? AccountDTO.token(from: request.body) else {
                return badRequest("send Authorization: Bearer <token> or a JSON body like {\"token\": \"...\"}")
            }
            do throws(AccountError) {
                try accounts.logout(token: token)  // a durable write: off the loop too
                return json(.ok, Array("{\"ok\":true}".utf8))
            } catch {
                return failure(error)
            }
        }
        offload(&router, "/users/me", workers, method: .get) { request in
            do throws(AccountError) {  // the role is read from the store: off the loop
                let identity = try accounts.profile(forToken: bearerToken(request))
                return json(.ok, AccountDTO.sessionBody(userID: identity.userID, name: identity.name, token: nil,
                                                        expiresAt: identity.expiresAt, moderator: identity.isModerator))
            } catch {
                return failure(error)
            }
        }
    }

    /// Adds a route (`POST` unless told) whose answer is computed off the event loop.
    static func offload(_ router: inout HTTPRouter, _ path: String, _ workers: BlockingWorkers, method: HTTPMethod = .post,
                        _ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        router.on(method, path, responding: { request, responder in
            let queued = workers.submit { responder.respond(body(request)) }
            if !queued {
                responder.respond(json(.serviceUnavailable, AccountDTO.errorBody("the server is busy; try again in a moment"))
                    .retryingAfter(seconds: 1))
            }
        })
    }

    /// Adds an offloaded `POST` route that reads a name and password and answers with the session `open` makes.
    private static func offloadCredentials(
        _ router: inout HTTPRouter, _ path: String, _ workers: BlockingWorkers, status: HTTPStatus,
        _ open: @escaping @Sendable ((name: String, password: String), HTTPRequest) throws(AccountError) -> UserSession
    ) {
        offload(&router, path, workers) { request in
            guard let credentials = AccountDTO.credentials(from: request.body) else {
                return badRequest("expected a JSON body like {\"name\": \"alice\", \"password\": \"...\"}")
            }
            do throws(AccountError) {
                return sessionResponse(status, try open(credentials, request))
            } catch {
                return failure(error)
            }
        }
    }

    /// The token of an `Authorization: Bearer <token>` header, if there is one.
    public static func bearerToken(_ request: HTTPRequest) -> String? {
        guard let value = request.headers["Authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        guard let token = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return nil }
        return String(token)
    }

    /// The status and body for an account error.
    static func failure(_ error: AccountError) -> HTTPResponse {
        switch error {
        case .invalidName, .invalidPassword:
            return json(.badRequest, AccountDTO.errorBody(error.description))
        case .nameTaken, .nameConfusable:
            return json(.conflict, AccountDTO.errorBody(error.description))
        case .invalidCredentials:
            return json(.unauthorized, AccountDTO.errorBody("invalid name or password"))
        case .notModerator, .suspended:
            return json(HTTPStatus(code: 403), AccountDTO.errorBody(error.description))
        case .invalidToken:
            var response = json(.unauthorized, AccountDTO.errorBody(error.description))
            response.headers.add(name: "WWW-Authenticate", value: "Bearer")
            return response
        case .rateLimited(let retry):
            return tooManyRequests("too many failed logins; try again later", retry: retry)
        case .tooManyLogins(let retry):
            return tooManyRequests("too many logins for this user; try again in \((retry + 999) / 1000) s", retry: retry)
        case .tooManyRegistrations(let retry):
            return tooManyRequests("too many registrations from your network; try again later", retry: retry)
        case .system, .store:
            return json(.internalServerError, AccountDTO.errorBody("the server failed; try again later"))
        case .storeUnavailable:
            return json(.serviceUnavailable, AccountDTO.errorBody("the server cannot reach its store; try again shortly"))
                .retryingAfter(seconds: 1)
        }
    }

    private static func tooManyRequests(_ message: String, retry: Int64) -> HTTPResponse {
        return json(.tooManyRequests, AccountDTO.errorBody(message, retryAfterMilliseconds: retry))
            .retryingAfter(milliseconds: retry)
    }

    private static func sessionResponse(_ status: HTTPStatus, _ session: UserSession) -> HTTPResponse {
        var response = json(status, AccountDTO.sessionBody(userID: session.userID, name: session.name,
                                                           token: session.token, expiresAt: session.expiresAt))
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }

    private static func badRequest(_ message: String) -> HTTPResponse {
        json(.badRequest, AccountDTO.errorBody(message))
    }

    /// A JSON answer with this status.
    static func json(_ status: HTTPStatus, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }
}
