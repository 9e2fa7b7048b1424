import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport

/// A loopback HTTP server serving one lot's log as the protocol describes it (`GET /products/{id}/log`
/// by pages, `GET /log/keys`), from documents a test builds (and tampers with) in memory; receipts and
/// verified heads live in its own data folder.
final class LotLogFakeServer: @unchecked Sendable {
    let loop: EventLoop
    let data: TemporaryDirectory
    private var http: HTTPServer?
    /// The log's pages by `after`, as JSON text.
    let pages: Mutex<[UInt64: String]>
    /// `GET /log/keys`' answer.
    let keys: Mutex<String>
    /// The lot served.
    let lot: ProductID
    /// The bearer tokens that came with log requests.
    let tokens = Mutex<[String]>([])

    init(lot: ProductID, pages: [UInt64: String], keys: String) throws {
        loop = try EventLoop.spawn(name: "lot-log-fake-server")
        data = try TemporaryDirectory(prefix: "lot-log-cli")
        self.lot = lot
        self.pages = Mutex(pages)
        self.keys = Mutex(keys)
        let served = self.pages, keyList = self.keys, tokens = self.tokens
        http = try HTTPServer.start(on: loop) { request, responder in
            if let token = request.headers["Authorization"] { tokens.withLock { $0.append(token) } }
            responder.respond(Self.answer(request, lot: lot, pages: served.withLock { $0 }, keys: keyList.withLock { $0 }))
        }
    }

    /// Serves `log` as built (its pages of `pageSize`, its head and key).
    convenience init(_ log: LotLogFixture, pageSize: Int = 1_000) throws {
        try self.init(lot: log.lot, pages: log.pages(pageSize: pageSize), keys: log.keysJSON())
    }

    var url: String { "http://127.0.0.1:\(http?.address.port ?? 0)" }

    /// Points the CLI here, with its data folder for receipts.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["AUCTION_HTTP": url, "AUCTION_SOCKET": "127.0.0.1:1", "AUCTION_TIMEOUT": "60", "AUCTION_DIALECT": "auction",
         "XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": data.file("config")].merging(extra) { _, new in new }
    }

    /// The receipt store the CLI uses here.
    var store: ReceiptStore { ReceiptStore(directory: data.file("auction/receipts")) }

    private static func answer(_ request: HTTPRequest, lot: ProductID, pages: [UInt64: String], keys: String) -> HTTPResponse {
        if request.path == "/log/keys" { return json(200, keys) }
        guard request.path == "/products/\(lot.rawValue)/log" else {
            return json(404, #"{"error":"no such product","reason":"unknown_product"}"#)
        }
        let after = request.query?.split(separator: "&").first { $0.hasPrefix("after=") }.flatMap { UInt64($0.dropFirst(6)) } ?? 0
        guard let page = pages[after] else { return json(400, #"{"error":"bad after"}"#) }
        return json(200, page)
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status), contentType: "application/json", body: Array(body.utf8))
    }

    func stop() {
        loop.execute { [self] in http?.close() }
        loop.shutdown()
        data.remove()
    }
}
