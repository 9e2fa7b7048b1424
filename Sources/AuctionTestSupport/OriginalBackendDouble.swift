import AuctionInfrastructure
import Glibc

/// A test double of the original Node backend on loopback (`shared/reference/seed-backend-wire.md`):
/// its HTTP catalogue and its socket, answering as it does, mistakes included.
///
/// - HTTP: `alllist` (15 a page, `201` past the end), `detailproduct` (only `product_id` in
///   `DetailProductInfo`, the price history **newest first**), `currentproductprice`; an unknown
///   product is `400` `{"error":"TypeError: Cannot read properties of null …"}`.
/// - Socket: each read is split on `/` and each piece parsed on its own. List state (1) and bids (2)
///   are answered `{"completionId":N,"result":…}` without reasons; every other type is logged and never
///   answered. A bid without `user_id` makes the real backend's process exit: the double stops both
///   listeners and drops every connection (`hasCrashed`).
///
/// `@unchecked Sendable`: the state behind `state` is locked; the rest is touched on `loop` only.
public final class OriginalBackendDouble: @unchecked Sendable {
    /// One product: id, name, starting and current price, and its price history (oldest first).
    public struct Item: Sendable {
        /// The id.
        public var id: Int
        /// The name.
        public var name: String
        /// The starting price.
        public var startPrice: Int64
        /// The current price.
        public var price: Int64
        /// `(auction_date, price)` oldest first (sent newest first).
        public var history: [(String, Int64)]

        /// Creates an item.
        public init(id: Int, name: String, startPrice: Int64, price: Int64, history: [(String, Int64)] = []) {
            self.id = id
            self.name = name
            self.startPrice = startPrice
            self.price = price
            self.history = history
        }
    }

    private struct State {
        var items: [Item]
        var frames: [String] = []
        var crashed = false
        var listStates: [Int: Int] = [:]
    }

    private let loop: EventLoop
    private let state: Mutex<State>
    private var http: HTTPServer?
    private var listener: TCPListener?
    private var connections: [Int: TCPConnection] = [:]
    private var nextConnection = 0
    /// The HTTP catalogue's port.
    public private(set) var httpPort = 0
    /// The socket's port.
    public private(set) var socketPort = 0

    /// Starts both listeners on free loopback ports with `items` (ids in ascending order).
    public init(items: [Item]) throws {
        loop = try EventLoop.spawn(name: "original-backend-double")
        state = Mutex(State(items: items))
        do {
            var router = HTTPRouter()
            router.on(.post, "/products/alllist") { [state] request in Self.page(request, state: state) }
            router.on(.post, "/products/detailproduct") { [state] request in Self.detail(request, state: state) }
            router.on(.post, "/products/currentproductprice") { [state] request in Self.currentPrice(request, state: state) }
            let http = try HTTPServer.start(HTTPServer.Configuration(host: "127.0.0.1", port: 0), on: loop, router: router)
            self.http = http
            httpPort = http.address.port
            let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { [self] connection in accept(connection) }
            self.listener = listener
            socketPort = listener.address.port
        } catch {
            loop.shutdown()
            throw error
        }
    }

    /// `AUCTION_HTTP` and `AUCTION_SOCKET` for the `auction` binary.
    public var environment: [String: String] {
        ["AUCTION_HTTP": "http://127.0.0.1:\(httpPort)", "AUCTION_SOCKET": "127.0.0.1:\(socketPort)"]
    }

    /// Every socket frame received, as text, in order.
    public var receivedFrames: [String] { state.withLock { $0.frames } }

    /// Whether a frame made the real backend's process exit (a bid without `user_id`).
    public var hasCrashed: Bool { state.withLock { $0.crashed } }

    /// Stops the double.
    public func stop() {
        loop.execute { [self] in
            http?.close()
            listener?.close()
            for connection in connections.values { connection.abort() }
            connections = [:]
        }
        loop.shutdown()
    }

    // MARK: Socket

    private func accept(_ connection: TCPConnection) {
        let key = nextConnection
        nextConnection += 1
        connections[key] = connection
        connection.onRead = { [self] bytes in
            // As the original: every read split on `/`, each piece parsed alone (a cut frame is lost).
            for piece in Array(bytes).split(separator: WireProtocol.splitter) {
                handle(Array(piece), connection: key)
            }
        }
        connection.onClose = { [self] _ in connections[key] = nil }
    }

    private func handle(_ piece: [UInt8], connection key: Int) {
        guard let connection = connections[key], let frame = try? JSONValue.parse(piece),
              let type = frame["dataType"]?.intValue else { return }
        let id = frame["completionId"]?.intValue ?? 0
        state.withLock { $0.frames.append(String(decoding: piece, as: UTF8.self)) }
        switch type {
        case 1:
            let stateNumber = Int(frame["data"]?["stateNumber"]?.intValue ?? 0)
            let accepted = state.withLock { state -> Bool in
                let accepted = Double(stateNumber) < Double(state.items.count) / 15
                state.listStates[key] = accepted ? stateNumber + 1 : stateNumber
                return accepted
            }
            connection.write(Array(#"{"dataType":1,"data":{"completionId":\#(id),"result":\#(accepted)}}/"#.utf8))
        case 2:
            guard let data = frame["data"], let user = data["user_id"], !user.isNull else {
                // The recipe insert fails on the missing user; the fallback's rejection is unhandled: Node exits.
                crash()
                return
            }
            let product = Int(data["product_id"]?.intValue ?? 0), offered = data["product_price"]?.intValue ?? 0
            let accepted = state.withLock { state -> Bool in
                guard let index = state.items.firstIndex(where: { $0.id == product }), offered > state.items[index].price else { return false }
                state.items[index].price = offered
                return true
            }
            connection.write(Array(#"{"dataType":1,"data":{"completionId":\#(id),"result":\#(accepted)}}/"#.utf8))
        default:
            break  // "Not Match InputType": logged, never answered
        }
    }

    private func crash() {
        state.withLock { $0.crashed = true }
        http?.close()
        listener?.close()
        for connection in connections.values { connection.abort() }
        connections = [:]
    }

    // MARK: HTTP

    private static func number(_ request: HTTPRequest, _ key: String) -> Int? {
        guard let value = try? JSONValue.parse(request.body)[key] else { return nil }
        if let number = value.intValue { return Int(number) }
        return value.stringValue.flatMap { Int($0) }
    }

    private static func json(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }

    private static func missing(_ field: String) -> HTTPResponse {
        json(#"{"error":"TypeError: Cannot read properties of null (reading '\#(field)')"}"#, status: .badRequest)
    }

    private static func page(_ request: HTTPRequest, state: Mutex<State>) -> HTTPResponse {
        let index = number(request, "index") ?? 0
        let items = state.withLock { $0.items }
        let start = index * 15
        guard index >= 0, start < items.count else { return HTTPResponse(status: .created, contentType: "text/plain", body: []) }
        let shown = items[start..<min(items.count, start + 15)].map { item in
            #"{"product_id":\#(item.id),"product_name":"\#(item.name)","original_price":\#(item.startPrice),"#
                + #""Product_Images":[],"Product_UpDown":{"state":true},"#
                + #""Product_Price":{"auction_date":"\#(item.history.last?.0 ?? "2026-11-20")","price":\#(item.price),"beforePrice":0}}"#
        }
        return json("[" + shown.joined(separator: ",") + "]")
    }

    private static func detail(_ request: HTTPRequest, state: Mutex<State>) -> HTTPResponse {
        let id = number(request, "product_id") ?? 0
        guard let item = state.withLock({ $0.items.first { $0.id == id } }) else { return missing("product_id") }
        let graph = item.history.reversed().map { #"{"auction_date":"\#($0.0)","price":\#($0.1)}"# }
        return json(#"{"DetailProductInfo":{"product_id":\#(item.id)},"DetailProductImages":{"images":[]},"#
            + #""DetailProductUser":{"user_id":"1","user_name":"seller","User_Images":[]},"#
            + #""DetailProductComment":{"product_name":"\#(item.name)","registerTime":"2026-11-01T10:00:00.000Z","#
            + #""comment":"from the original","original_price":\#(item.startPrice)},"#
            + #""DetailProductGraph":{"data":[\#(graph.joined(separator: ","))]}}"#)
    }

    private static func currentPrice(_ request: HTTPRequest, state: Mutex<State>) -> HTTPResponse {
        let id = number(request, "product_id") ?? 0
        guard let item = state.withLock({ $0.items.first { $0.id == id } }) else { return missing("product_id") }
        return json(#"{"product_id":\#(item.id),"beforePrice":0,"price":\#(item.price),"checkUpDown":{"state":true}}"#)
    }
}
