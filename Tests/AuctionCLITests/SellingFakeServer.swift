import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport

/// A loopback HTTP server speaking issue 12's selling contract as the real server will: it records
/// every request and answers each with `respond` (by default: `POST /products` → 201 `{"id":42}`,
/// `POST /images` → 201 with a hash, `PATCH`/`DELETE /products/{id}` → `{"ok":true}`, `GET /me/selling`
/// → `{"lots":[]}`, 401 without the token). A saved login for it lives in `config`.
final class SellingFakeServer: @unchecked Sendable {
    typealias Respond = @Sendable (HTTPRequest) -> HTTPResponse?

    static let token = "sell-token-0123456789abcdefghijklmnopqrstuv"
    let loop: EventLoop
    let config: TemporaryDirectory
    private var http: HTTPServer?
    private let recorded = Mutex<[HTTPRequest]>([])

    init(loggedIn: Bool = true, respond: @escaping Respond = { _ in nil }) throws {
        loop = try EventLoop.spawn(name: "selling-fake-server")
        config = try TemporaryDirectory(prefix: "selling-cli")
        let recorded = recorded
        http = try HTTPServer.start(on: loop) { request, responder in
            recorded.withLock { $0.append(request) }
            responder.respond(respond(request) ?? Self.standard(request))
        }
        if loggedIn {
            try SavedLoginStore(directory: config.file("auction")).save(SavedLogin(
                name: "sam", userID: UserID(rawValue: 3), server: url, token: Self.token,
                expiresAt: Timestamp(millisecondsSinceEpoch: 4_000_000_000_000)))
        }
    }

    var url: String { "http://127.0.0.1:\(http?.address.port ?? 0)" }

    /// The requests received, in order (without the notification check every logged-in run makes).
    var requests: [HTTPRequest] { recorded.withLock { $0 }.filter { $0.path != "/notifications" } }

    /// Points the CLI here (our dialect, the saved login in `config`).
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["AUCTION_HTTP": url, "AUCTION_SOCKET": "127.0.0.1:1", "AUCTION_TIMEOUT": "60", "AUCTION_DIALECT": "auction",
         "XDG_CONFIG_HOME": config.path].merging(extra) { _, new in new }
    }

    /// The contract's answers.
    static func standard(_ request: HTTPRequest) -> HTTPResponse {
        guard request.headers["Authorization"] == "Bearer \(token)" else {
            return json(401, #"{"error":"log in first","reason":"unauthenticated"}"#)
        }
        switch (request.method, request.path) {
        case (.post, "/products"): return json(201, #"{"id":42}"#)
        case (.post, "/images"): return json(201, #"{"hash":"\#(String(repeating: "ab", count: 32))","content_type":"image/png","width":1,"height":1}"#)
        case (.get, "/me/selling"): return json(200, #"{"lots":[]}"#)
        case (.patch, _), (.delete, _): return json(200, #"{"ok":true}"#)
        default: return json(404, #"{"error":"no such route"}"#)
        }
    }

    /// A JSON answer.
    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status), contentType: "application/json", body: Array(body.utf8))
    }

    func stop() {
        loop.execute { [self] in http?.close() }
        loop.shutdown()
        config.remove()
    }
}
