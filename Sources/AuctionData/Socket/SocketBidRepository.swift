import AuctionCore
import AuctionInfrastructure

/// Places bids over the auction socket (message type 2) and reads the definite answer.
public struct SocketBidRepository: BidRepository {
    private let client: SocketClient
    private let userID: UserID?

    /// Creates a repository over a started client; `userID` goes on the wire for the original backend.
    public init(client: SocketClient, userID: UserID? = nil) {
        self.client = client
        self.userID = userID
    }

    /// Places a bid; `.timedOut` / `.connectionLost` mean its outcome is unknown.
    public func place(_ bid: Bid) async throws(AuctionError) -> BidOutcome {
        try await placeExplained(bid).outcome
    }

    /// Places a bid and also reads what a refusal says would pass (`min_increment`, `minimum_bid`).
    public func placeExplained(_ bid: Bid) async throws(AuctionError) -> BidAnswer {
        let reply = try await client.request(.bid(bid, userID: userID))
        return BidAnswer(reply: reply, bid: bid)
    }

    /// Buys a product now at its buy-now price (request 12, ours); the answer reads like a bid's,
    /// accepted at the price paid. `.timedOut` / `.connectionLost` mean its outcome is unknown.
    public func buyNow(_ id: ProductID, idempotencyKey: String?) async throws(AuctionError) -> BidAnswer {
        let reply = try await client.request(.buyNow(id, idempotencyKey: idempotencyKey))
        // Priced at zero only so that an acceptance without a price reads as "accepted" (the server names the price).
        return BidAnswer(reply: reply, bid: Bid(productID: id, price: reply.price ?? .zero))
    }
}
