/// A bid as its bidder placed it: who, the price asked and the secret maximum, before the book decided
/// it. Stored with the step it caused, so a retraction can replay the bids that remain exactly.
public struct BidPlacement: Hashable, Sendable {
    /// Who placed it (nil: an anonymous bid, where the server allows them).
    public var bidder: UserID?
    /// The price asked.
    public var price: Money
    /// The secret maximum, for a proxy bid.
    public var maximum: Money?

    /// A placement.
    public init(bidder: UserID?, price: Money, maximum: Money? = nil) {
        self.bidder = bidder
        self.price = price
        self.maximum = maximum
    }
}
