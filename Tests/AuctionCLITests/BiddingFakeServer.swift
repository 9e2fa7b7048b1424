import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport

/// A server for the bidding commands' outcomes our real server cannot give yet: the catalogue (and,
/// when given, a bid history) over HTTP, and a loopback socket that answers the hello offering
/// `features` (with `proxy-bids` by default) and answers each bid or buy as `respond` says (with how many came before it).
final class BiddingFakeServer: @unchecked Sendable {
    let loop: EventLoop
    let catalogue: CommandTestCatalogue
    let socket: LoopbackFrameServer
    private var http: HTTPServer?

    /// What the socket does with the `attempt`-th (0-based) bid or buy.
    typealias Respond = @Sendable (_ message: ClientMessage, _ attempt: Int, _ frame: Frame) -> LoopbackFrameServer.Action

    init(products: Int = 20, history: BidHistoryEndpoints.History? = nil,
         features: [ProtocolFeature] = ProtocolFeature.offeredByServer + [.proxyBids], respond: @escaping Respond) throws {
        loop = try EventLoop.spawn(name: "bidding-fake-server")
        catalogue = CommandTestCatalogue(count: products)
        var router = HTTPRouter()
        CatalogueEndpoints.install(on: &router, source: catalogue)
        if let history { router.add(BidHistoryEndpoints(history: history)) }
        let routes = router
        http = try HTTPServer.start(on: loop) { request, responder in routes.handle(request, responder) }
        let attempts = Mutex(0)
        socket = try LoopbackFrameServer { frame in
            guard let message = try? ClientMessage(frame: frame) else { return .ignore }
            switch message {
            case .hello:
                return .send([ServerMessage.reply(WireReply(completionID: frame.completionID ?? -1, result: true, fields: JSONObject([
                    ("server", .string("fake")),
                    ("features", .array(features.map { .string($0.name) })),
                ]))).frame])
            case .bid, .buyNow:
                let attempt = attempts.withLock { count in
                    defer { count += 1 }
                    return count
                }
                return respond(message, attempt, frame)
            default:
                return .send([ServerMessage.reply(WireReply(completionID: frame.completionID ?? -1, result: true)).frame])
            }
        }
    }

    /// A reply to `frame`.
    static func reply(to frame: Frame, result: Bool, reason: RefusalReason? = nil, price: Money? = nil,
                      fields: JSONObject = JSONObject()) -> LoopbackFrameServer.Action {
        .send([ServerMessage.reply(WireReply(completionID: frame.completionID ?? -1, result: result, reason: reason, price: price,
                                             fields: fields)).frame])
    }

    /// The bids and buys the socket received, in order.
    var requests: [ClientMessage] {
        socket.frames.compactMap { try? ClientMessage(frame: $0.frame) }.filter {
            switch $0 {
            case .bid, .buyNow: true
            default: false
            }
        }
    }

    /// Points the CLI here (our dialect, asked with a hello).
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["AUCTION_HTTP": "http://127.0.0.1:\(http?.address.port ?? 0)", "AUCTION_SOCKET": "127.0.0.1:\(socket.port)",
         "AUCTION_TIMEOUT": "60", "AUCTION_DIALECT": "auction"].merging(extra) { _, new in new }
    }

    func stop() async {
        await socket.stop()
        socket.shutdown()
        loop.execute { [self] in http?.close() }
        loop.shutdown()
    }
}
