import AuctionCore
import AuctionInfrastructure

/// Reports and moderation over HTTP (`POST /products/{id}/report`, `/moderation/...`), each with the user's
/// session as the bearer. Failures: 401 → `refused(.unauthenticated)`; a JSON error body (400, 403, 404, 409,
/// 429, 5xx) → `server(status:message:)` with the server's sentence; a 404 without one (a server without the
/// routes) → `notFound`.
public struct HTTPModerationRepository: Sendable {
    /// The client that carries the requests.
    public let client: HTTPClient

    /// A repository over `client`.
    public init(client: HTTPClient) { self.client = client }

    /// Reports lot `id` with `reason`: the answer (`changed` false when the user's open report already existed).
    public func report(_ id: ProductID, reason: String, token: String) async throws(AuctionError) -> ModerationDTO.Answer {
        try await act("/products/\(id.rawValue)/report", ModerationDTO.reasonBody(reason), token: token)
    }

    /// Removes lot `id` (`POST /moderation/lots/{id}/remove`).
    public func removeLot(_ id: Int64, reason: String, token: String) async throws(AuctionError) -> ModerationDTO.Answer {
        try await act("/moderation/lots/\(id)/remove", ModerationDTO.reasonBody(reason), token: token)
    }

    /// Suspends `user` for `seconds` (nil: until lifted) (`POST /moderation/users/{name}/suspend`).
    public func suspend(_ user: String, reason: String, seconds: Int64?, token: String) async throws(AuctionError) -> ModerationDTO.Answer {
        try await act("/moderation/users/\(CatalogueQueryDTO.percentEncoded(user))/suspend", ModerationDTO.reasonBody(reason, seconds: seconds), token: token)
    }

    /// Lifts `user`'s suspension (`POST /moderation/users/{name}/unsuspend`).
    public func unsuspend(_ user: String, reason: String, token: String) async throws(AuctionError) -> ModerationDTO.Answer {
        try await act("/moderation/users/\(CatalogueQueryDTO.percentEncoded(user))/unsuspend", ModerationDTO.reasonBody(reason), token: token)
    }

    /// Retracts bid `id` (`POST /moderation/bids/{id}/retract`).
    public func retract(_ id: Int64, reason: String, token: String) async throws(AuctionError) -> ModerationDTO.Answer {
        try await act("/moderation/bids/\(id)/retract", ModerationDTO.reasonBody(reason), token: token)
    }

    /// Resolves report `id`, recording `reason` as what was done (`POST /moderation/reports/{id}/resolve`).
    public func resolve(_ id: Int64, reason: String, token: String) async throws(AuctionError) -> ModerationDTO.Answer {
        try await act("/moderation/reports/\(id)/resolve", ModerationDTO.reasonBody(reason), token: token)
    }

    /// Sends a moderation action (`POST path` with `body`) and reads its answer.
    public func act(_ path: String, _ body: [UInt8], token: String) async throws(AuctionError) -> ModerationDTO.Answer {
        let response = try await send(.post, path, body: body, token: token)
        guard let answer = ModerationDTO.answer(from: response.body) else {
            throw AuctionError.protocolViolation("the answer to POST \(path) lacks changed or message")
        }
        return answer
    }

    /// One page of reports (`GET /moderation/reports`), open ones unless `all`, after the id `after`.
    public func reports(all: Bool, after: Int64?, token: String) async throws(AuctionError) -> (items: [ModerationReport], next: Int64?) {
        var path = "/moderation/reports?limit=200&state=" + (all ? "all" : "open")
        if let after { path += "&after=\(after)" }
        let response = try await send(.get, path, body: [], token: token)
        guard let page = ModerationDTO.page(from: response.body, key: "reports", item: ModerationReport.init(json:)) else {
            throw AuctionError.protocolViolation("the answer to GET /moderation/reports is not a page of reports")
        }
        return page
    }

    /// One page of the moderation log (`GET /moderation/log`), newest first, older than `before`.
    public func log(user: String?, lot: Int64?, before: Int64?, token: String) async throws(AuctionError)
        -> (items: [ModerationLogEntry], next: Int64?) {
        var path = "/moderation/log?limit=200"
        if let user { path += "&user=" + CatalogueQueryDTO.percentEncoded(user) }
        if let lot { path += "&lot=\(lot)" }
        if let before { path += "&before=\(before)" }
        let response = try await send(.get, path, body: [], token: token)
        guard let page = ModerationDTO.page(from: response.body, key: "entries", item: ModerationLogEntry.init(json:)) else {
            throw AuctionError.protocolViolation("the answer to GET /moderation/log is not a page of entries")
        }
        return page
    }

    private func send(_ method: HTTPMethod, _ path: String, body: [UInt8], token: String) async throws(AuctionError) -> HTTPResponse {
        var headers: HTTPHeaders = ["Accept": "application/json", "Authorization": "Bearer \(token)"]
        if method == .post { headers.add(name: "Content-Type", value: "application/json") }
        // Reads may go to another server; an action is idempotent, so repeating one elsewhere is safe too.
        let response = try await client.exchange(HTTPRequest(method: method, target: path, headers: headers, body: body), repeatable: true)
        guard response.status.isSuccess else { throw failure(response) }
        return response
    }

    private func failure(_ response: HTTPResponse) -> AuctionError {
        let message = AccountDTO.errorMessage(from: response.body)
        switch (response.status.code, message) {
        case (401, _): return .refused(.unauthenticated)
        case (404, nil): return .notFound("the moderation routes at \(client.baseURL) (is it an older server?)")
        case (let status, let message?): return .server(status: status, message: message)
        case (let status, nil): return .server(status: status, message: response.status.reasonPhrase)
        }
    }
}
