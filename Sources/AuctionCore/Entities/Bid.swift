/// Identifies a registered user.
public struct UserID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric id.
    public var rawValue: Int64
    /// Wraps a numeric id.
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// The id in decimal.
    public var description: String { String(rawValue) }
}

/// A request to raise a product's price.
public struct Bid: Hashable, Sendable {
    /// The product bid on.
    public var productID: ProductID
    /// The offered price.
    public var price: Money
    /// The bidder's secret maximum for a proxy bid (at least `price`); nil for a plain bid.
    public var maximum: Money?
    /// A client-chosen key (1–64 printable ASCII bytes): a retry with the same key within 24 h
    /// gets the original outcome and never places a second bid. Nil when the client sent none.
    public var idempotencyKey: String?

    /// Creates a bid.
    public init(productID: ProductID, price: Money, maximum: Money? = nil, idempotencyKey: String? = nil) {
        self.productID = productID
        self.price = price
        self.maximum = maximum
        self.idempotencyKey = idempotencyKey
    }
}

/// Why a bid (or another request) was refused; the raw value is the wire's reason code.
public enum RefusalReason: String, Sendable, Hashable, CaseIterable {
    /// The price is below the lot's minimum next bid (the start price, then price + increment).
    case priceTooLow = "price_too_low"
    /// Bidding on the product has ended.
    case auctionClosed = "auction_closed"
    /// No product has that id.
    case unknownProduct = "unknown_product"
    /// The connection is not logged in.
    case unauthenticated = "unauthenticated"
    /// The request names another user than the logged-in one.
    case userMismatch = "user_mismatch"
    /// Too many requests; try again shortly.
    case rateLimited = "rate_limited"
    /// The request could not be understood.
    case malformed = "malformed"
    /// The request is well formed but not allowed (e.g. a message too long).
    case invalid = "invalid"
    /// The server failed to do what was asked; nothing was changed.
    case serverError = "server_error"
    /// The old backend said no without saying why.
    case unspecified = "unspecified"
    /// The price is above the server's maximum price per bid.
    case priceTooHigh = "price_too_high"
    /// The price is further above the current price than the server's maximum raise.
    case raiseTooLarge = "raise_too_large"
    /// The product's stored state is out of range; bids on it are refused until an operator fixes it.
    case productUnavailable = "product_unavailable"
    /// Another bidder's secret maximum beats (or ties, placed earlier) this bid; their proxy answered.
    case outbidByProxy = "outbid_by_proxy"
    /// A proxy bid's maximum is below its bid price.
    case maximumBelowBid = "maximum_below_bid"
    /// The leader's new maximum does not exceed the one they hold: a maximum can only be raised.
    case maximumNotRaised = "maximum_not_raised"
    /// The product has no buy-now price, or it disappeared (a bid was accepted, or the reserve was met).
    case buyNowUnavailable = "buy_now_unavailable"
    /// A catalogue query's parameters are out of range, unknown, or its cursor is not one handed out.
    case invalidQuery = "invalid_query"
    /// The store cannot record bids right now (e.g. PostgreSQL unreachable); nothing was decided.
    case unavailable = "unavailable"
    /// The bidder sells the lot: a seller may neither bid on nor buy their own lot.
    case ownLot = "own_lot"
    /// The idempotency key already names a different request (another product, kind, price or maximum).
    case idempotencyKeyReused = "idempotency_key_reused"
    /// The seller withdrew the lot: it takes no more bids and cannot be bought.
    case withdrawn = "withdrawn"
    /// A moderator removed the lot: it takes no more bids and cannot be bought.
    case lotRemoved = "lot_removed"
    /// A moderator suspended the account (the reply's `message` says why and until when).
    case suspended = "suspended"

    /// A sentence a user can act on.
    public var explanation: String {
        switch self {
        case .priceTooLow: "the price is below the minimum next bid"
        case .auctionClosed: "the auction has ended"
        case .unknownProduct: "there is no such product"
        case .unauthenticated: "you are not logged in"
        case .userMismatch: "the bid names another user"
        case .rateLimited: "too many requests; wait a moment and try again"
        case .malformed: "the server could not understand the request"
        case .invalid: "the request is not allowed"
        case .serverError: "the server failed; nothing was changed"
        case .unspecified: "the server refused without giving a reason"
        case .priceTooHigh: "the price is above the highest price the server accepts"
        case .raiseTooLarge: "the price is too far above the current price"
        case .productUnavailable: "bidding on this product is suspended"
        case .outbidByProxy: "another bidder's maximum is higher; their automatic bid answered yours"
        case .maximumBelowBid: "the maximum must be at least the bid"
        case .maximumNotRaised: "you lead with a maximum at least this high already; a maximum can only be raised, never lowered"
        case .buyNowUnavailable: "this product cannot be bought now (no buy-now price, or bidding has begun)"
        case .invalidQuery: "the query's parameters are not valid"
        case .unavailable: "the auction house cannot record bids right now; nothing was placed, try again shortly"
        case .ownLot: "you sell this lot; a seller cannot bid on or buy their own lot"
        case .idempotencyKeyReused: "that idempotency key was already used for a different request; use a new key"
        case .withdrawn: "the seller withdrew this lot; it takes no more bids"
        case .lotRemoved: "the auction house removed this lot; it takes no more bids"
        case .suspended: "a moderator suspended this account"
        }
    }
}

/// The definite answer to a bid.
public enum BidOutcome: Hashable, Sendable {
    /// The bid was accepted; the product's price is now this.
    case accepted(price: Money)
    /// The bid was refused; the current price when known.
    case refused(RefusalReason, currentPrice: Money?)
}
