import AuctionCore

/// One product's live auction state inside the `AuctionBook`.
public struct AuctionLot: Hashable, Sendable {
    /// The product.
    public let productID: ProductID
    /// 1-based position in the catalogue (by id order); decides which list states see its changes.
    public let position: Int
    /// The current (highest accepted) price.
    public internal(set) var price: Money
    /// The change the last accepted bid made (the wire's `beforePrice`).
    public internal(set) var lastChange: Money
    /// When the price last changed, if it changed since the book was built.
    public internal(set) var lastChangeAt: Timestamp?
    /// The smallest raise a bid must make, when the seller set one.
    public let minimumIncrement: Money?
    /// When bidding ends, if it ever does.
    public let endsAt: Timestamp?
    /// Who made the highest accepted bid, when known; the winner once closed.
    public internal(set) var leader: UserID?
    /// Whether the auction has been closed by `closeDue(now:)` (or was closed when the book was built).
    public internal(set) var isClosed: Bool

    /// Accepted bids on this lot from the oldest one whose commit is not confirmed yet, oldest first
    /// (confirmed ones stay while an older one is unresolved, to keep the chain of prices intact).
    var uncommitted: [UncommittedStep] = []

    /// Creates a lot.
    public init(
        productID: ProductID, position: Int, price: Money, lastChange: Money = .zero,
        minimumIncrement: Money? = nil, endsAt: Timestamp? = nil, leader: UserID? = nil, isClosed: Bool = false
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
    }

    /// Whether accepted bids on this lot still wait for their commit.
    public var hasUncommittedBids: Bool { !uncommitted.isEmpty }
}

/// An accepted bid awaiting its commit, with what it replaced so it can be undone.
struct UncommittedStep: Hashable, Sendable {
    /// The price the bid set (unique within a lot: prices only go up).
    var price: Money
    /// The lot's state before the bid.
    var previousPrice: Money
    var previousChange: Money
    var previousChangeAt: Timestamp?
    var previousLeader: UserID?
    /// Whether its commit succeeded (it can no longer be reverted).
    var isConfirmed = false
}
