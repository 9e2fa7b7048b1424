/// Something that happened to a user's auctions while they may not have been watching.
public struct AuctionNotification: Hashable, Sendable, Identifiable {
    /// The store's id; increases with time per server.
    public var id: Int64
    /// What happened.
    public var kind: NotificationKind
    /// The product it is about.
    public var productID: ProductID
    /// The product's name when known.
    public var productName: String?
    /// The price it is about: the new price (outbid, ending soon), the final price (won, lost, sold).
    public var price: Money?
    /// The user's own secret maximum, for outbid notices of proxy bids.
    public var maximum: Money?
    /// When it happened.
    public var createdAt: Timestamp
    /// What the auction house said about it (a moderator's reason), when it said something.
    public var note: String?

    /// Creates a notification.
    public init(
        id: Int64, kind: NotificationKind, productID: ProductID, productName: String? = nil,
        price: Money? = nil, maximum: Money? = nil, createdAt: Timestamp, note: String? = nil
    ) {
        self.note = note
        self.id = id
        self.kind = kind
        self.productID = productID
        self.productName = productName
        self.price = price
        self.maximum = maximum
        self.createdAt = createdAt
    }
}

/// The kinds of notification; the raw value is the wire's `kind`.
public enum NotificationKind: String, Hashable, Sendable, CaseIterable {
    /// Someone else now leads a product you led.
    case outbid
    /// A product you bid on ends within five minutes and you are not leading.
    case endingSoon = "ending_soon"
    /// You won an auction.
    case won
    /// An auction you bid on ended and you did not win.
    case lost
    /// Your lot was sold (to its seller).
    case sold
    /// Your lot ended without being sold: no bid, or none reached the reserve (to its seller).
    case unsold
    /// Someone bid on your lot (to its seller; issue 12).
    case bid
    /// A moderator removed a lot you bid on or sell; the note says why.
    case lotRemoved = "lot_removed"
    /// A moderator retracted a bid on a lot you bid on, and its price and leader changed; the note says why.
    case bidRetracted = "bid_retracted"
}
