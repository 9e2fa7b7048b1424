import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The notifications feature's routes: `GET /notifications[?all=1]` (unseen ones, or the newest
/// ones seen or not) and `POST /notifications/seen` `{"up_to":ID}`. Both need a session token in
/// `Authorization: Bearer <token>` (401 without a valid one). The token is resolved on the loop,
/// as `GET /users/me` does; the read or write runs on the relay's `auction-notices` thread.
struct NotificationEndpoints: HTTPRouteCollection {
    /// The paths served, in the order they are documented.
    static let paths = ["/notifications", "/notifications/seen"]
    /// The most notifications one answer lists.
    static let pageSize = 100
    /// The largest `up_to` accepted (the largest integer JSON carries exactly).
    static let largestID: Int64 = 9_007_199_254_740_991

    /// Who a token belongs to.
    var sessions: any SessionResolver
    /// Where notifications are read and marked seen.
    var store: NotificationStore
    /// The threads that do it.
    var workers: BlockingWorkers
    /// The server's clock (the `seen_at` time).
    var clock: any TimeSource

    /// Adds the routes to `router`.
    func register(on router: inout HTTPRouter) {
        let sessions = self.sessions, store = self.store, workers = self.workers, clock = self.clock
        router.on(.get, "/notifications", responding: { request, responder in
            // The token is resolved on the workers too: it may read the store, never on the loop.
            Self.offload(workers, responder) {
                guard let user = Self.user(of: request, sessions: sessions, clock: clock) else { return Self.refusal(request, sessions: sessions) }
                let all: Bool
                switch request.query ?? "" {
                case "", "all=0": all = false
                case "all=1": all = true
                default: return Self.badRequest("the only query is all=1 (or all=0)", reason: "invalid_query")
                }
                do {
                    let notices = all ? try store.newest(for: user, limit: Self.pageSize)
                                      : try store.unseen(for: user, limit: Self.pageSize)
                    return Self.json(.ok, JSONValue.object(JSONObject([
                        ("notifications", .array(notices.map { ServerMessage.notification($0).data })),
                    ])).serialized())
                } catch {
                    return Self.json(.internalServerError, AccountDTO.errorBody("the server failed; try again later"))
                }
            }
        })
        router.on(.post, "/notifications/seen", responding: { request, responder in
            Self.offload(workers, responder) {
                guard let user = Self.user(of: request, sessions: sessions, clock: clock) else { return Self.refusal(request, sessions: sessions) }
                guard let id = Self.upTo(request.body) else {
                    return Self.badRequest(
                        "expected a JSON body like {\"up_to\": 12} with an id from 1 to \(Self.largestID)", reason: "invalid_up_to")
                }
                do {
                    try store.markSeen(for: user, upTo: id, at: clock.now())
                    return Self.json(.ok, Array("{\"ok\":true}".utf8))
                } catch {
                    return Self.json(.internalServerError, AccountDTO.errorBody("the server failed; try again later"))
                }
            }
        })
    }

    /// The `up_to` of a `seen` body, when it is a whole number in 1...`largestID`.
    static func upTo(_ body: [UInt8]) -> Int64? {
        guard let value = try? JSONValue.parse(body), let id = value["up_to"]?.intValue,
              (1...largestID).contains(id) else { return nil }
        return id
    }

    /// 403 `suspended` (why, until when) for a suspended account's token, else 401.
    private static func refusal(_ request: HTTPRequest, sessions: any SessionResolver) -> HTTPResponse {
        AccountEndpoints.bearerToken(request).flatMap { sessions.suspension(forToken: $0) }?.response ?? unauthorized
    }

    private static func user(of request: HTTPRequest, sessions: any SessionResolver, clock: any TimeSource) -> UserID? {
        guard let token = AccountEndpoints.bearerToken(request), let user = sessions.user(forToken: token),
              sessions.current(user, now: clock.now()) != nil else { return nil }
        return user.id
    }

    private static func offload(_ workers: BlockingWorkers, _ responder: HTTPResponder,
                                _ work: @escaping @Sendable () -> HTTPResponse) {
        guard workers.submit({ responder.respond(work()) }) else {
            return responder.respond(json(.serviceUnavailable, AccountDTO.errorBody("the server is busy; try again in a moment"))
                .retryingAfter(seconds: 1))
        }
    }

    private static var unauthorized: HTTPResponse {
        var response = json(.unauthorized, JSONValue.object(JSONObject([
            ("error", .string("log in first: send Authorization: Bearer <session token>")), ("reason", .string("unauthenticated")),
        ])).serialized())
        response.headers.add(name: "WWW-Authenticate", value: "Bearer")
        return response
    }

    private static func badRequest(_ message: String, reason: String) -> HTTPResponse {
        json(.badRequest, JSONValue.object(JSONObject([("error", .string(message)), ("reason", .string(reason))])).serialized())
    }

    private static func json(_ status: HTTPStatus, _ body: [UInt8]) -> HTTPResponse {
        var response = HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }
}
