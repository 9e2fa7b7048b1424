import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation

/// A socket client of one cluster node for the fault tests: says hello, bids anonymously, subscribes
/// to products and records every price push in arrival order.
final class ClusterSocketClient: Sendable {
    /// What became of one bid.
    enum Outcome: Equatable {
        /// Accepted at this price.
        case accepted
        /// Refused, with the reason and the current price the reply named.
        case refused(RefusalReason, current: Int64?)
        /// No reply: the connection failed or the request timed out.
        case lost
    }

    /// The node's socket port.
    let port: Int
    private let client: SocketClient
    private let pushes = Mutex<[PriceUpdate]>([])
    private let nextMinimum = Mutex<Int64?>(nil)

    /// Connects to the node on `port` (no reconnects: a test moves a client to another node itself).
    init(port: Int, requestTimeoutMilliseconds: Int64 = 10_000) throws {
        self.port = port
        var configuration = SocketClientConfiguration(host: "127.0.0.1", port: port, reconnects: false)
        configuration.requestTimeoutMilliseconds = requestTimeoutMilliseconds
        client = try SocketClient(configuration: configuration)
        let hello = ClientMessage.hello(WireHello(client: "cluster-test", version: "0", features: ProtocolFeature.understoodByClient))
        client.setHandshake { SocketHandshake(frames: [hello.frame], timeoutMilliseconds: 10_000) { _ in } }
        let pushes = self.pushes
        client.onPush { frame in
            guard case .price(let update) = try? ServerMessage(frame: frame) else { return }
            pushes.withLock { $0.append(update) }
        }
        client.start()
    }

    /// Bids `price` on `product` anonymously.
    func bid(_ product: Int, _ price: Int64) async -> Outcome {
        let message = ClientMessage.bid(Bid(productID: ProductID(product), price: Money(price)), userID: nil)
        guard let frame = try? await client.send(message.frame), case .reply(let reply) = try? ServerMessage(frame: frame) else {
            return .lost
        }
        if case .int(let next)? = reply.fields["next_minimum"] { nextMinimum.withLock { $0 = next } }
        return reply.result ? .accepted : .refused(reply.reason ?? .unspecified, current: reply.price?.minorUnits)
    }

    /// The least bid the node said it takes now, in its last reply that named one (`next_minimum`).
    var lastNextMinimum: Int64? { nextMinimum.withLock { $0 } }

    /// Subscribes to `products`' price pushes; true when the node agreed.
    func subscribe(_ products: [Int]) async -> Bool {
        guard let frame = try? await client.send(ClientMessage.subscribe(products.map { ProductID($0) }).frame),
              case .reply(let reply) = try? ServerMessage(frame: frame) else { return false }
        return reply.result
    }

    /// Every price push so far, in arrival order.
    var prices: [PriceUpdate] { pushes.withLock { $0 } }

    /// The pushes so far for `product`.
    func prices(of product: Int) -> [PriceUpdate] { prices.filter { $0.productID == ProductID(product) } }

    /// Closes the connection.
    func close() { client.close() }
}

/// One bid a client was told was accepted, on the node it was sent to, by which bidder of a storm.
struct AcknowledgedBid: Hashable, Sendable {
    var product: Int
    var price: Int64
    var node: Int
    var bidder = 0
}
