import AuctionCore
import AuctionInfrastructure

/// Notifications over HTTP (`GET /notifications[?all=1]`, `POST /notifications/seen`), each one the
/// same object as push 8: 401 → `refused(.unauthenticated)`, 404 → `notFound` (an older server).
public struct HTTPNotificationRepository: NotificationRepository {
    /// The most notifications one answer may carry (the server sends at most 100).
    public static let maximumCount = 1_000

    /// The client that carries the requests.
    public let client: HTTPClient

    /// Creates a repository over a client.
    public init(client: HTTPClient) { self.client = client }

    /// The unseen (or, with `all`, the newest) notifications, newest first.
    public func notifications(all: Bool, token: String) async throws(AuctionError) -> [AuctionNotification] {
        let response = try await send(HTTPRequest(method: .get, target: all ? "/notifications?all=1" : "/notifications",
                                                  headers: headers(token)))
        guard response.status.isSuccess else { throw failure(response) }
        guard let items = (try? JSONValue.parse(response.body))?["notifications"]?.arrayValue,
              items.count <= Self.maximumCount else {
            throw AuctionError.protocolViolation("the /notifications answer lacks a notifications list")
        }
        var notices: [AuctionNotification] = []
        for item in items {
            // One decoder for the push and the list: the same object with the same ranges.
            guard case .notification(let notice)? = try? ServerMessage(frame: Frame(dataType: ServerMessage.DataType.notification,
                                                                                    data: item)) else {
                throw AuctionError.protocolViolation("a notification in the /notifications answer is unreadable")
            }
            notices.append(notice)
        }
        return notices
    }

    /// Marks the notifications with ids up to `id` as seen.
    public func markSeen(upTo id: Int64, token: String) async throws(AuctionError) {
        var headers = headers(token)
        headers.add(name: "Content-Type", value: "application/json")
        let body = JSONValue.object(JSONObject([("up_to", .int(id))])).serialized()
        let response = try await send(HTTPRequest(method: .post, target: "/notifications/seen", headers: headers, body: body))
        guard response.status.isSuccess else { throw failure(response) }
    }

    private func headers(_ token: String) -> HTTPHeaders {
        ["Authorization": "Bearer \(token)", "Accept": "application/json"]
    }

    private func send(_ request: HTTPRequest) async throws(AuctionError) -> HTTPResponse {
        try await client.exchange(request)
    }

    private func failure(_ response: HTTPResponse) -> AuctionError {
        switch response.status.code {
        case 401: return .refused(.unauthenticated)
        case 404: return .notFound("notifications at \(client.baseURL) (is it an older server?)")
        default:
            let message = (try? JSONValue.parse(response.body))?["error"]?.stringValue ?? response.status.reasonPhrase
            return .server(status: response.status.code, message: message)
        }
    }
}
