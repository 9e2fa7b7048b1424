import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer

/// A catalogue in memory whose prices change as bids are accepted; thread-safe.
final class CommandTestCatalogue: CatalogueEndpoints.Source, @unchecked Sendable {
    let details: Mutex<[ProductDetail]>

    init(count: Int) {
        details = Mutex((1...max(1, count)).prefix(count).map { id in
            let product = Product(id: ProductID(id), name: "Item \(id)", startPrice: 1_000, currentPrice: Money(Int64(1_000 + id * 10)),
                                  lastChange: Money(Int64(id * 10)), direction: .up, auctionDate: "2026-11-22", imageIDs: [id],
                                  endsAt: Timestamp(millisecondsSinceEpoch: 4_000_000_000_000), minimumIncrement: nil)
            return ProductDetail(product: product, sellerName: "seller \(id)", description: "all about item \(id)",
                                 listedAt: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000),
                                 priceHistory: [PricePoint(date: "2026-11-20", price: 1_000), PricePoint(date: "2026-11-21", price: 1_005),
                                                PricePoint(date: "2026-11-22", price: product.currentPrice)])
        })
    }

    func page(_ index: Int) throws(AuctionError) -> ProductPage? {
        let all = details.withLock { $0 }
        let start = index * ProductPage.size
        guard index >= 0, start < all.count else { return nil }
        return ProductPage(index: index, products: all[start..<min(all.count, start + ProductPage.size)].map(\.product))
    }

    func detail(of id: ProductID) throws(AuctionError) -> ProductDetail {
        guard let detail = details.withLock({ $0.first { $0.product.id == id } }) else { throw .notFound("product \(id)") }
        return detail
    }

    /// Image bytes by image id, served as `image/png` whatever they are; the others are not found.
    let images = Mutex<[Int: [UInt8]]>([:])

    func image(_ imageID: Int) throws(AuctionError) -> [UInt8] {
        guard let bytes = images.withLock({ $0[imageID] }) else { throw .notFound("image \(imageID)") }
        return bytes
    }

    /// Applies a bid; the outcome and the push it causes (1-based catalogue position too).
    func decide(_ bid: Bid) -> (BidOutcome, PriceUpdate?, Int?) {
        details.withLock { all in
            guard let index = all.firstIndex(where: { $0.product.id == bid.productID }) else {
                return (.refused(.unknownProduct, currentPrice: nil), nil, nil)
            }
            let current = all[index].product.currentPrice
            guard bid.price > current else { return (.refused(.priceTooLow, currentPrice: current), nil, nil) }
            let update = PriceUpdate(productID: bid.productID, price: bid.price, change: bid.price - current, direction: .up,
                                     auctionDate: "2026-11-22")
            all[index].product = all[index].product.applying(update)
            return (.accepted(price: bid.price), update, index + 1)
        }
    }
}

/// An auction house for command tests on loopback ports: the catalogue over HTTP (the original
/// endpoints) and a socket that decides bids, honours list state and subscriptions, and pushes.
final class CommandTestServer: @unchecked Sendable {
    /// How the socket answers.
    enum SocketMode { case answers, silent, requiresLogin(token: String) }

    private final class Peer {
        let connection: TCPConnection
        var decoder = FrameDecoder()
        var listState = ListState()
        var subscriptions: Set<ProductID> = []
        var loggedIn = false
        init(_ connection: TCPConnection) { self.connection = connection }
    }

    let loop: EventLoop
    let catalogue: CommandTestCatalogue
    let mode: SocketMode
    private var http: HTTPServer?
    private var listener: TCPListener?
    private var peers: [Int: Peer] = [:]
    private var nextPeer = 0
    /// Every HTTP answer: the request's path, the status and how many body bytes were sent.
    let answered = Mutex<[(path: String, status: Int, bytes: Int)]>([])
    /// Messages the socket received, in order.
    let received = Mutex<[ClientMessage]>([])

    init(products: Int = 20, mode: SocketMode = .answers) throws {
        loop = try EventLoop.spawn(name: "command-test-server")
        catalogue = CommandTestCatalogue(count: products)
        self.mode = mode
        var router = HTTPRouter()
        CatalogueEndpoints.install(on: &router, source: catalogue)
        let routes = router
        let answered = self.answered
        http = try HTTPServer.start(on: loop) { request, responder in
            routes.handle(request, HTTPResponder { response in
                answered.withLock { $0.append((request.path, response.status.code, response.body.count)) }
                responder.respond(response)
            })
        }
        listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { [weak self] connection in
            self?.accept(connection)
        }
    }

    var httpURL: String { "http://127.0.0.1:\(http?.address.port ?? 0)" }
    var socketAddress: String { "127.0.0.1:\(listener?.address.port ?? 0)" }

    /// The environment that points the CLI at this server. The answer timeout is long so that a
    /// loaded machine (other test suites in parallel) cannot turn a slow answer into a failure.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["AUCTION_HTTP": httpURL, "AUCTION_SOCKET": socketAddress, "AUCTION_TIMEOUT": "60"].merging(extra) { _, new in new }
    }

    /// Places a bid as another client would; returns its outcome.
    @discardableResult
    func bid(_ id: ProductID, _ price: Money) -> BidOutcome {
        let (outcome, update, position) = catalogue.decide(Bid(productID: id, price: price))
        if let update, let position { loop.execute { [self] in push(update, position: position) } }
        return outcome
    }

    /// Drops every socket connection (the client should reconnect).
    func dropConnections() {
        loop.execute { [self] in
            for peer in peers.values { peer.connection.abort() }
            peers.removeAll()
        }
    }

    func stop() {
        loop.execute { [self] in
            http?.close()
            listener?.close()
        }
        loop.shutdown()
    }

    private func accept(_ connection: TCPConnection) {
        let peer = Peer(connection)
        nextPeer += 1
        let key = nextPeer
        peers[key] = peer
        connection.onRead = { [weak self, weak peer] bytes in
            guard let self, let peer else { return }
            peer.decoder.append(bytes)
            while let event = peer.decoder.nextEvent() {
                guard case .frame(let frame) = event, let message = try? ClientMessage(frame: frame) else { continue }
                received.withLock { $0.append(message) }
                answer(message, id: frame.completionID ?? -1, peer: peer)
            }
        }
        connection.onClose = { [weak self] _ in self?.peers.removeValue(forKey: key) }
    }

    private func answer(_ message: ClientMessage, id: Int64, peer: Peer) {
        if case .silent = mode { return }
        var reply = WireReply(completionID: id, result: true)
        var push: (PriceUpdate, Int)?
        switch message {
        case .login(let token):
            if case .requiresLogin(let valid) = mode, token == valid { peer.loggedIn = true } else { reply.result = false; reply.reason = .unauthenticated }
        case .listState(let state):
            let count = catalogue.details.withLock { $0.count }
            reply.result = peer.listState.report(stateNumber: state, productCount: count)
        case .subscribe(let ids):
            peer.subscriptions.formUnion(ids)
        case .hello:
            reply.fields = JSONObject([("server", .string("auction-server")),
                                       ("features", .array(ProtocolFeature.offeredByServer.map { .string($0.name) }))])
        case .bid(let bid, _):
            if case .requiresLogin = mode, !peer.loggedIn {
                reply.result = false
                reply.reason = .unauthenticated
                break
            }
            let (outcome, update, position) = catalogue.decide(bid)
            switch outcome {
            case .accepted(let price): reply.price = price
            case .refused(let reason, let current):
                reply.result = false
                reply.reason = reason
                reply.price = current
            }
            if let update, let position { push = (update, position) }
        default:
            break
        }
        var out: [UInt8] = []
        FrameEncoder.encode(ServerMessage.reply(reply).frame, into: &out)
        peer.connection.write(out)
        if let (update, position) = push { self.push(update, position: position) }
    }

    private func push(_ update: PriceUpdate, position: Int) {
        var out: [UInt8] = []
        FrameEncoder.encode(ServerMessage.price(update).frame, into: &out)
        for peer in peers.values where peer.listState.includes(position: position) || peer.subscriptions.contains(update.productID) {
            peer.connection.write(out)
        }
    }
}
