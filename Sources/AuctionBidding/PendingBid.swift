import AuctionCore
import AuctionEngine

/// A bid's (or buy's) decision waiting for its commit, with what to do once it is durable.
///
/// `decision.previousLeader` names who led before it: after a successful commit the notifier
/// (outbid notices) reads it from here.
public struct PendingBid: Sendable {
    /// The product asked about.
    public var productID: ProductID
    /// What the book decided: the steps to store and push, the maximum, the moved end.
    public var decision: BidDecision
    /// Lot changes stored with the steps (maximum, moved end, purchase).
    public var changes: [LotChange]
    /// Who asked (nil for a simulated bid).
    public var bidder: UserID?
    /// Where the answer goes.
    public var target: BidReplyTarget?
    /// The idempotency key the answer settles, when the request carried one.
    public var key: BidKey?
    /// Whether it is a buy-now (its end time is not pushed as an extension).
    public var isPurchase = false
    /// The request as received, to decide it again after a conflict with another node (nil: not again).
    public var request: Bid?
    /// How many times it was decided again after a conflict.
    public var attempts = 0
    /// When its request arrived (monotonic nanoseconds) with metrics on; 0 when not timed.
    public var decidedAt: Int64 = 0

    /// A decision with what its commit answers.
    public init(productID: ProductID, decision: BidDecision, changes: [LotChange], bidder: UserID?, target: BidReplyTarget?,
                key: BidKey?, isPurchase: Bool = false, request: Bid? = nil, attempts: Int = 0, decidedAt: Int64 = 0) {
        self.productID = productID
        self.decision = decision
        self.changes = changes
        self.bidder = bidder
        self.target = target
        self.key = key
        self.isPurchase = isPurchase
        self.request = request
        self.attempts = attempts
        self.decidedAt = decidedAt
    }
}
