import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// What the moderation and report routes read from a request, and the answers they share.
enum ModerationRequest {
    /// The checked `reason` of a JSON body `{"reason": "..."}`, or the 400 that refuses it.
    static func reason(of request: HTTPRequest) -> Result<ModerationReason, ModeratorRefusal> {
        body(of: request).flatMap(reason(in:))
    }

    /// The request's body as a JSON object, or the 400 that refuses it.
    static func body(of request: HTTPRequest) -> Result<JSONValue, ModeratorRefusal> {
        guard let json = try? JSONValue.parse(request.body), json.objectValue != nil else {
            return .failure(ModeratorRefusal(response: badRequest("expected a JSON body like {\"reason\": \"...\"}")))
        }
        return .success(json)
    }

    /// The checked `reason` of a body already read as a JSON object, or the 400 that refuses it.
    static func reason(in json: JSONValue) -> Result<ModerationReason, ModeratorRefusal> {
        if let value = json["reason"], value.stringValue == nil, !value.isNull {
            return .failure(ModeratorRefusal(response: badRequest("the reason must be a string")))
        }
        do throws(ModerationReason.Refusal) {
            return .success(try ModerationReason(json["reason"]?.stringValue))
        } catch {
            return .failure(ModeratorRefusal(response: badRequest(error.description)))
        }
    }

    /// The positive id in the path's `{name}` segment (at most `maximum`), or the 400 that refuses it.
    static func pathID(_ request: HTTPRequest, _ name: String, maximum: Int64 = Int64(Int32.max)) -> Result<Int64, ModeratorRefusal> {
        let text = request.pathParameters[name] ?? ""
        guard let id = Int64(text), id >= 1, id <= maximum else {
            return .failure(ModeratorRefusal(response: badRequest("expected an id from 1 in the path, not `\(text.prefix(32))`")))
        }
        return .success(id)
    }

    /// The query's parameters, or the 400 that refuses a malformed query.
    static func parameters(_ request: HTTPRequest) -> Result<FormParameters, ModeratorRefusal> {
        guard let parameters = FormParameters(request.query ?? "") else {
            return .failure(ModeratorRefusal(response: badRequest("the query is malformed (a repeated name or a broken % escape)")))
        }
        return .success(parameters)
    }

    /// The page size in `parameters["limit"]`: `defaultLimit` when absent, 1…`maximumLimit`, or the 400 that refuses it.
    static func limit(_ parameters: FormParameters) -> Result<Int, ModeratorRefusal> {
        guard let text = parameters["limit"] else { return .success(defaultLimit) }
        guard let limit = Int(text), limit >= 1, limit <= maximumLimit else {
            return .failure(ModeratorRefusal(response: badRequest("limit must be from 1 to \(maximumLimit)")))
        }
        return .success(limit)
    }

    /// The keyset cursor `parameters[name]` (a positive id), nil when absent, or the 400 that refuses it.
    static func cursor(_ parameters: FormParameters, _ name: String) -> Result<Int64?, ModeratorRefusal> {
        guard let text = parameters[name] else { return .success(nil) }
        guard let id = Int64(text), id >= 1 else {
            return .failure(ModeratorRefusal(response: badRequest("\(name) must be an id from 1")))
        }
        return .success(id)
    }

    /// Rows a list answers by default.
    static let defaultLimit = 50
    /// The most rows a list answers.
    static let maximumLimit = 200

    /// An error answer: `status` with `{"error": message}`.
    static func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        AccountEndpoints.json(status, AccountDTO.errorBody(message))
    }

    /// A 400 with `message`.
    static func badRequest(_ message: String) -> HTTPResponse {
        error(.badRequest, message)
    }

    /// A 404 with `message`.
    static func notFound(_ message: String) -> HTTPResponse {
        error(.notFound, message)
    }

    /// A JSON answer with `members`, not cached.
    static func answer(_ status: HTTPStatus, _ members: [(String, JSONValue)]) -> HTTPResponse {
        var response = AccountEndpoints.json(status, JSONValue.object(JSONObject(members)).serialized())
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }

    /// The answer to a store failure: 503 (retry) when it is out of reach, else 500.
    static func failure(_ error: StoreError) -> HTTPResponse {
        error.isUnavailable ? AccountEndpoints.failure(.storeUnavailable(error.description))
                            : AccountEndpoints.failure(.store(error.description))
    }
}
