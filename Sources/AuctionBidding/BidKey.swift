import AuctionCore

/// The idempotency keys' table as the bid path keeps it.
public typealias BidKeyTable = IdempotencyKeys<KeyedRequest, KeyedAnswer, BidReplyTarget>

/// A user's idempotency key and the request it came with.
public struct BidKey: Sendable {
    /// The user's key.
    public var name: BidKeyTable.Key
    /// What it asked for.
    public var request: KeyedRequest
    /// Whose key it is.
    public var user: UserID { name.user }
    /// The key's text.
    public var key: String { name.key }

    /// `name` as sent with `request`.
    public init(name: BidKeyTable.Key, request: KeyedRequest) {
        self.name = name
        self.request = request
    }

    /// The key of `request` from `bidder` (keys count only for logged-in users).
    public init?(_ key: String?, bidder: UserID?, request: KeyedRequest) {
        guard let key, let bidder else { return nil }
        self.init(name: BidKeyTable.Key(user: bidder, key: key), request: request)
    }
}

/// What a key names: a bid (product, price, maximum) or a buy-now (product).
public struct KeyedRequest: IdempotentRequest, Sendable {
    /// A bid or a buy; nil for a key read back from a stored bid (the store keeps no kind).
    public var isPurchase: Bool?
    /// The product asked about.
    public var productID: ProductID
    /// A bid's price (nil for a buy, or a key read back from the store).
    public var price: Money?
    /// A bid's secret maximum, when it named one.
    public var maximum: Money?

    /// A bid as received.
    public init(_ bid: Bid) {
        self.init(isPurchase: false, productID: bid.productID, price: bid.price, maximum: bid.maximum)
    }

    /// A request from its parts.
    public init(isPurchase: Bool?, productID: ProductID, price: Money? = nil, maximum: Money? = nil) {
        self.isPurchase = isPurchase
        self.productID = productID
        self.price = price
        self.maximum = maximum
    }

    /// The same kind, product, price and maximum; a stored bid's key (restored at start) knows its product only.
    public func repeats(_ original: KeyedRequest) -> Bool {
        guard let kind = original.isPurchase else { return productID == original.productID }
        return isPurchase == kind && productID == original.productID && price == original.price && maximum == original.maximum
    }
}

/// The answer a key returns again: the reply's `result`, `reason` and `price`.
public struct KeyedAnswer: Sendable, Equatable {
    /// Whether the request was accepted.
    public var result: Bool
    /// Why it was refused.
    public var reason: RefusalReason?
    /// The price the answer names.
    public var price: Money?

    /// The answer for a decision's outcome.
    public init(_ outcome: BidOutcome) {
        switch outcome {
        case .accepted(let price): self.init(result: true, reason: nil, price: price)
        case .refused(let reason, let price): self.init(result: false, reason: reason, price: price)
        }
    }

    /// An answer as given.
    public init(result: Bool, reason: RefusalReason?, price: Money?) {
        self.result = result
        self.reason = reason
        self.price = price
    }
}
