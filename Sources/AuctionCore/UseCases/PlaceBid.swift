/// Places a bid after checking what can be checked before asking the server.
public struct PlaceBid: Sendable {
    private let bids: any BidRepository

    /// Creates the use case over a bid repository.
    public init(bids: any BidRepository) { self.bids = bids }

    /// Validates and places the bid; a non-positive price is refused locally as `.invalid`.
    public func callAsFunction(_ bid: Bid) async throws(AuctionError) -> BidOutcome {
        guard bid.price > .zero, bid.productID.rawValue >= 0 else {
            return .refused(.invalid, currentPrice: nil)
        }
        return try await bids.place(bid)
    }
}
