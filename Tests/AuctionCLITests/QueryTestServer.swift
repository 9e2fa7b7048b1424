import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport

/// A fake of our server after issue 12's discovery, on loopback ports: the original catalogue endpoints,
/// `GET /products/query` as the contract words it (search as a name substring, filters, sorts, keyset
/// cursors `k<id>`, `400 invalid_query`), and a socket that answers the hello with feature `query` and
/// every request with `result: true`, logging what it receives.
final class QueryTestServer: @unchecked Sendable {
    let loop: EventLoop
    let catalogue: CommandTestCatalogue
    private var http: HTTPServer?
    let socket: LoopbackFrameServer
    /// Every `/products/query` request target (path and query string), in order.
    let targets = Mutex<[String]>([])

    /// Products named from `names` (ids from 1, prices 1,010, 1,020, …); `queries: false` acts as a server without the endpoint.
    init(names: [String], queries: Bool = true) throws {
        loop = try EventLoop.spawn(name: "query-test-server")
        let catalogue = CommandTestCatalogue(count: names.count)
        catalogue.details.withLock { details in
            for index in details.indices { details[index].product.name = names[index] }
        }
        self.catalogue = catalogue
        var router = HTTPRouter()
        CatalogueEndpoints.install(on: &router, source: catalogue)
        let targets = self.targets
        if queries {
            router.on(.get, "/products/query") { request in
                targets.withLock { $0.append(request.target) }
                return QueryTestServer.answer(request.query ?? "", catalogue: catalogue)
            }
        }
        let routes = router
        http = try HTTPServer.start(on: loop) { request, responder in routes.handle(request, responder) }
        socket = try LoopbackFrameServer { frame in
            var data: JSONObject = ["completionId": .int(frame.completionID ?? -1), "result": true]
            if frame.dataType == ClientMessage.DataType.hello {
                data["server"] = "auction-server"
                data["features"] = .array((ProtocolFeature.offeredByServer + [.query]).map { .string($0.name) })
            }
            return .send([Frame(dataType: 1, data: .object(data))])
        }
    }

    var environment: [String: String] {
        ["AUCTION_HTTP": "http://127.0.0.1:\(http?.address.port ?? 0)", "AUCTION_SOCKET": "127.0.0.1:\(socket.port)", "AUCTION_TIMEOUT": "60"]
    }

    /// The request-13 messages the socket received, in order.
    var queryStates: [ClientMessage] {
        socket.frames.compactMap { entry in
            guard entry.frame.dataType == ClientMessage.DataType.queryState else { return nil }
            return try? ClientMessage(frame: entry.frame)
        }
    }

    func stop() {
        loop.execute { [self] in http?.close() }
        loop.shutdown()
        socket.shutdown()
    }

    /// The contract's answer to one query string.
    static func answer(_ queryString: String, catalogue: CommandTestCatalogue) -> HTTPResponse {
        var fields: [String: String] = [:]
        for pair in queryString.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields[String(parts[0])] = parts.count > 1 ? decoded(String(parts[1])) : ""
        }
        func invalid(_ why: String) -> HTTPResponse {
            HTTPResponse(status: .badRequest, contentType: "application/json",
                         body: JSONValue.object(["error": .string(why), "reason": "invalid_query"]).serialized())
        }
        var products = catalogue.details.withLock { $0.map(\.product) }
        if let search = fields["search"]?.lowercased() { products = products.filter { $0.name.lowercased().contains(search) } }
        if let text = fields["min_price"] {
            guard let minimum = Int64(text) else { return invalid("min_price") }
            products = products.filter { $0.currentPrice.minorUnits >= minimum }
        }
        if let text = fields["max_price"] {
            guard let maximum = Int64(text) else { return invalid("max_price") }
            products = products.filter { $0.currentPrice.minorUnits <= maximum }
        }
        switch fields["sort"] {
        case nil, "ending", "new", "change", "bids": break
        case "price": products.sort { ($0.currentPrice.minorUnits, $0.id.rawValue) > ($1.currentPrice.minorUnits, $1.id.rawValue) }
        default: return invalid("sort")
        }
        let limit = Int(fields["limit"] ?? "15") ?? 15
        var start = 0
        if let cursor = fields["cursor"] {
            guard cursor.hasPrefix("k"), let last = Int(cursor.dropFirst()),
                  let position = products.firstIndex(where: { $0.id.rawValue == last }) else { return invalid("cursor") }
            start = position + 1
        }
        let page = Array(products[min(start, products.count)..<min(start + limit, products.count)])
        let more = start + limit < products.count
        let body = JSONValue.object(JSONObject([
            ("products", .array(page.map { ProductListItemDTO(product: $0).json })),
            ("next_cursor", more ? .string("k\(page.last?.id.rawValue ?? 0)") : .null),
        ]))
        return HTTPResponse(status: .ok, contentType: "application/json", body: body.serialized())
    }

    /// `%XX` decoded.
    static func decoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
