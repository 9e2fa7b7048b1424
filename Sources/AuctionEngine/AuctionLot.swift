import AuctionCore

/// One product's live auction state inside the `AuctionBook`.
public struct AuctionLot: Hashable, Sendable {
    /// The product.
    public let productID: ProductID
    /// 1-based row in the catalogue (by id order); pushes use `AuctionBook.position(of:)`, which skips withdrawn lots.
    public let position: Int
    /// The current (highest accepted) price.
    public internal(set) var price: Money
    /// The change the last accepted bid made (the wire's `beforePrice`).
    public internal(set) var lastChange: Money
    /// When the price last changed, if it changed since the book was built.
    public internal(set) var lastChangeAt: Timestamp?
    /// The smallest raise a bid must make, when the seller set one.
    public internal(set) var minimumIncrement: Money?
    /// When bidding ends, if it ever does (soft close moves it later; a buy-now moves it to the buy).
    public internal(set) var endsAt: Timestamp?
    /// Who made the highest accepted bid, when known; the winner once closed (if the reserve was met).
    public internal(set) var leader: UserID?
    /// Whether the auction has been closed by `closeDue(now:)` (or was closed when the book was built).
    public internal(set) var isClosed: Bool
    /// The leader's secret maximum when it is above the price (never show it to anyone but the leader).
    public internal(set) var leaderMaximum: Money?
    /// The reserve, buy-now price and soft-close rules.
    public internal(set) var terms: AuctionTerms
    /// How many times soft close moved the end.
    public internal(set) var extensions: Int
    /// Whether any bid was accepted (buy-now disappears with the first one when there is no reserve).
    public internal(set) var hasBids: Bool
    /// Whether a buy-now ended the auction.
    public internal(set) var isBought: Bool
    /// Everyone with an accepted bid or a stored maximum on this lot.
    public internal(set) var bidders: Set<UserID>
    /// Whether its seller withdrew it (it is closed too, and never announced as ended).
    public internal(set) var isWithdrawn = false
    /// Whether a moderator removed it (it is withdrawn too: closed, out of lists, bids refused `lot_removed`).
    public internal(set) var isRemoved = false
    /// How the store says it was taken down, read in a refresh before this node adopted the withdrawal
    /// (another node's, whose notice is still on its way): later bids are refused as they are there.
    public internal(set) var storedWithdrawal: LotRefresh.Withdrawal?

    /// Why a bid or a buy on it is refused when it was taken down (`lot_removed`, `withdrawn`), as this
    /// node adopted it or as a refresh read it from the store; nil when it was not.
    public var takedownRefusal: RefusalReason? {
        if isRemoved || storedWithdrawal == .removed { return .lotRemoved }
        if isWithdrawn || storedWithdrawal == .bySeller { return .withdrawn }
        return nil
    }
    /// The account that listed it, when the server knows one: their own bids and buys are refused `own_lot`.
    public internal(set) var seller: UserID?

    /// Accepted bids (and maximum changes) on this lot from the oldest one whose commit is not
    /// confirmed yet, oldest first (confirmed ones stay while an older one is unresolved, to keep
    /// the chain of states intact).
    var uncommitted: [UncommittedStep] = []

    /// Creates a lot.
    public init(
        productID: ProductID, position: Int, price: Money, lastChange: Money = .zero,
        minimumIncrement: Money? = nil, endsAt: Timestamp? = nil, leader: UserID? = nil, isClosed: Bool = false,
        leaderMaximum: Money? = nil, terms: AuctionTerms = AuctionTerms(), hasBids: Bool = false,
        bidders: Set<UserID> = []
    ) {
        self.productID = productID
        self.position = position
        self.price = price
        self.lastChange = lastChange
        self.lastChangeAt = nil
        self.minimumIncrement = minimumIncrement
        self.endsAt = endsAt
        self.leader = leader
        self.isClosed = isClosed
        self.leaderMaximum = leaderMaximum.flatMap { $0 > price ? $0 : nil }
        self.terms = terms
        self.extensions = terms.extensions
        self.hasBids = hasBids
        self.isBought = false
        self.bidders = bidders
    }

    /// Whether accepted bids on this lot still wait for their commit.
    public var hasUncommittedBids: Bool { !uncommitted.isEmpty }

    /// Whether the price reached the hidden reserve; nil when there is none.
    public var reserveMet: Bool? { terms.reserve.map { price >= $0 } }

    /// The buy-now price while buying is possible: the lot is open, the price is below it, and no
    /// bid was accepted yet (with a reserve: the reserve is not met yet). Nil otherwise.
    public var buyNowPrice: Money? {
        guard let buyNow = terms.buyNow, !isClosed, !isBought, buyNow > price else { return nil }
        if let met = reserveMet { return met ? nil : buyNow }
        return hasBids ? nil : buyNow
    }

    /// The most the leader will pay: their maximum, or the price when they have none above it.
    var leaderLimit: Money { max(leaderMaximum ?? price, price) }

    /// Everything a step may change, to undo it.
    var state: LotState {
        get {
            LotState(price: price, lastChange: lastChange, lastChangeAt: lastChangeAt, leader: leader,
                     leaderMaximum: leaderMaximum, endsAt: endsAt, extensions: extensions, hasBids: hasBids,
                     isBought: isBought)
        }
        set {
            price = newValue.price
            lastChange = newValue.lastChange
            lastChangeAt = newValue.lastChangeAt
            leader = newValue.leader
            leaderMaximum = newValue.leaderMaximum
            endsAt = newValue.endsAt
            extensions = newValue.extensions
            hasBids = newValue.hasBids
            isBought = newValue.isBought
        }
    }
}
