
/// One lot's state as the shared store holds it, read after a conflict (another node moved it):
/// what `AuctionBook.refresh(_:)` puts in place of the book's own copy.
public struct LotRefresh: Hashable, Sendable {
    /// The product.
    public var productID: ProductID
    /// The stored current price.
    public var price: Money
    /// The change its last bid made.
    public var lastChange: Money
    /// When the price last changed.
    public var lastChangeAt: Timestamp?
    /// Who made the latest stored bid (nil: none, or anonymous).
    public var leader: UserID?
    /// The leader's stored proxy maximum, when there is one.
    public var leaderMaximum: Money?
    /// How many bids are stored (the product's `bid_count`).
    public var bidCount: Int
    /// When bidding ends, as stored (soft close on another node may have moved it).
    public var endsAt: Timestamp?
    /// How many times soft close moved the end.
    public var extensions: Int
    /// Whether the close (or a withdrawal) is recorded.
    public var isClosed: Bool
    /// Whether a buy-now ended it.
    public var isBought: Bool
    /// The seller's terms as stored, when they were read (nil: the book keeps its own).
    public var terms: Terms?
    /// How the lot was taken down, when it was (nil: not withdrawn, or not read); a bid that conflicts
    /// with it is refused `withdrawn` or `lot_removed`, as on the node that took it down.
    public var withdrawal: Withdrawal?

    /// Who took a lot down before its end.
    public enum Withdrawal: Hashable, Sendable {
        /// Its seller withdrew it.
        case bySeller
        /// A moderator removed it.
        case removed
    }

    /// Creates a refresh from stored values.
    public init(productID: ProductID, price: Money, lastChange: Money = .zero, lastChangeAt: Timestamp? = nil,
                leader: UserID? = nil, leaderMaximum: Money? = nil, bidCount: Int = 0, endsAt: Timestamp? = nil,
                extensions: Int = 0, isClosed: Bool = false, isBought: Bool = false) {
        self.productID = productID
        self.price = price
        self.lastChange = lastChange
        self.lastChangeAt = lastChangeAt
        self.leader = leader
        self.leaderMaximum = leaderMaximum
        self.bidCount = bidCount
        self.endsAt = endsAt
        self.extensions = extensions
        self.isClosed = isClosed
        self.isBought = isBought
    }
}

extension LotRefresh {
    /// The seller's terms a decision depends on besides price and end: what a seller's edit on any
    /// node may change while bids go on.
    public struct Terms: Hashable, Sendable {
        /// The product's own minimum increment (nil: the server's table).
        public var minimumIncrement: Money?
        /// The hidden reserve (nil: none).
        public var reserve: Money?
        /// The buy-now price (nil: none).
        public var buyNow: Money?
        /// The stored time of the last edit (a version: every edit changes it; nil: never edited).
        public var version: Int64?

        /// Creates terms from stored values.
        public init(minimumIncrement: Money? = nil, reserve: Money? = nil, buyNow: Money? = nil, version: Int64? = nil) {
            self.minimumIncrement = minimumIncrement
            self.reserve = reserve
            self.buyNow = buyNow
            self.version = version
        }
    }
}
