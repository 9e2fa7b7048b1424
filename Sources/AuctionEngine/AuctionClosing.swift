import AuctionCore

/// An auction that has ended: what the server records and announces (`auction closed`).
public struct AuctionClosing: Hashable, Sendable {
    /// The product whose auction ended.
    public var productID: ProductID
    /// Its 1-based catalogue position, to find the watchers.
    public var position: Int
    /// The final (winning) price.
    public var finalPrice: Money
    /// The highest bidder, or nil when nobody known bid or the reserve was not met.
    public var winner: UserID?
    /// The end time that passed (the buy time for a buy-now).
    public var endedAt: Timestamp
    /// Whether the hidden reserve was met; nil when the product has none.
    public var reserveMet: Bool?
    /// Whether a buy-now ended the auction.
    public var bought: Bool
    /// Everyone who bid (by id), for won/lost notices.
    public var bidders: [UserID]
    /// Whether any bid was accepted (an anonymous one too: a lot it won has no `winner` but is sold).
    public var hadBids: Bool

    /// Whether the lot was sold: it has a winner, or a bid (an anonymous one) that met any reserve.
    public var isSold: Bool { Self.isSold(winner: winner, bought: bought, hadBids: hadBids, reserveMet: reserveMet) }

    /// The lot's status once ended: bought, sold or unsold (the one rule, also used when a restart reads a closed lot).
    public var status: LotStatus { .ended(bought: bought, sold: isSold) }

    /// Whether an ended lot was sold: a winner, a buy-now, or a bid (an anonymous one too) that met any reserve.
    public static func isSold(winner: UserID?, bought: Bool, hadBids: Bool, reserveMet: Bool?) -> Bool {
        winner != nil || bought || (hadBids && reserveMet != false)
    }

    /// Creates a closing record.
    public init(
        productID: ProductID, position: Int, finalPrice: Money, winner: UserID?, endedAt: Timestamp,
        reserveMet: Bool? = nil, bought: Bool = false, bidders: [UserID] = [], hadBids: Bool? = nil
    ) {
        self.productID = productID
        self.position = position
        self.finalPrice = finalPrice
        self.winner = winner
        self.endedAt = endedAt
        self.reserveMet = reserveMet
        self.bought = bought
        self.bidders = bidders
        self.hadBids = hadBids ?? (winner != nil || !bidders.isEmpty)
    }
}
