import AuctionCore

/// What a bid or buy did, read off the lot right after the decision: the reply states these, so a
/// bidder is told what happened, not what they asked for (and a later decision in the same commit
/// round cannot change what this one's reply says).
public struct BidResult: Hashable, Sendable {
    /// The lot's price after the decision.
    public var price: Money
    /// The least bid the lot accepts after the decision (`BidMinimum`); nil once it takes no more bids.
    public var nextMinimum: Money?
    /// Whether the bidder leads after the decision (an anonymous bidder: whether their own bid was placed).
    public var leading: Bool
    /// The bidder's maximum while they lead with one; nil otherwise (never another bidder's).
    public var yourMaximum: Money?
    /// The price of the automatic (proxy) answer the decision made, when it made one.
    public var proxyPrice: Money?
    /// Whether a bid (or buy) of the bidder's was recorded; false for a refusal and for a leader's
    /// change of maximum that moved no price.
    public var placed: Bool

    /// Creates a result.
    public init(price: Money, nextMinimum: Money?, leading: Bool, yourMaximum: Money? = nil, proxyPrice: Money? = nil,
                placed: Bool) {
        self.price = price
        self.nextMinimum = nextMinimum
        self.leading = leading
        self.yourMaximum = yourMaximum
        self.proxyPrice = proxyPrice
        self.placed = placed
    }
}
