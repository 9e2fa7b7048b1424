/// Places bids with the auction house (over the socket).
public protocol BidRepository: Sendable {
    /// Places a bid and waits for its definite answer.
    ///
    /// Throws `.timedOut` or `.connectionLost` when the answer never came: the outcome is then unknown.
    func place(_ bid: Bid) async throws(AuctionError) -> BidOutcome
}
