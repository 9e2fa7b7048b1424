import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Why a token's holder may not act: a moderator suspended the account, with the reason and until when.
/// Every refusal of that token says so (socket replies `suspended`, HTTP 403 `suspended`), not "not logged in".
public struct SessionSuspension: Hashable, Sendable {
    /// The moderator's reason.
    public var reason: String
    /// When it ends; nil: until a moderator lifts it.
    public var until: Timestamp?

    /// A suspension.
    public init(reason: String, until: Timestamp?) {
        self.reason = reason
        self.until = until
    }

    /// The sentence the user is shown (as a login refused for a suspension words it).
    public var message: String { AccountError.suspended(reason: reason, until: until).description }

    /// The reply fields and body members: `message`/`error`, `suspension_reason`, `suspended_until` (RFC 3339, or null).
    func members(messageKey: String) -> [(String, JSONValue)] {
        [(messageKey, .string(message)), ("suspension_reason", .string(reason)),
         ("suspended_until", until.map { .string($0.description) } ?? .null)]
    }

    /// A socket reply's fields.
    var replyFields: JSONObject { JSONObject(members(messageKey: "message")) }

    /// The HTTP answer: 403 with `reason: suspended`.
    var response: HTTPResponse {
        var response = HTTPResponse(status: HTTPStatus(code: 403), contentType: "application/json; charset=utf-8",
                                    body: JSONValue.object(JSONObject(members(messageKey: "error") + [("reason", .string("suspended"))])).serialized())
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }
}
