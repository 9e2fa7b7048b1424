import AuctionCore

/// What the `AuctionBook` decided about one bid (or buy-now): the bidder's answer and what to store.
///
/// `steps` are the accepted bids to commit, in order (the bidder's own step, or a proxy's automatic
/// answer); the book already holds their prices. A refusal may carry a step too: `outbidByProxy`
/// comes with the leader's automatic answer. A leader raising their maximum gets no step at all,
/// only `maximum` to store.
public struct BidDecision: Hashable, Sendable {
    /// The answer the client gets.
    public var outcome: BidOutcome
    /// Accepted bids to commit, oldest first; each is pushed like any bid.
    public var steps: [AcceptedBid]
    /// A secret maximum to store (a proxy bid that leads, or a leader raising theirs).
    public var maximum: ProxyMaximum?
    /// The new end time when soft close (or buy-now) moved it; nil when the end did not move.
    public var endsAt: Timestamp?
    /// How many times soft close had moved the end once this decision moved it (nil when it did not):
    /// announced with the moved end, never the lot's count later (a decision after it may move it again).
    public var extensions: Int?
    /// Who led before the decision (for outbid notices); nil when nobody known led.
    public var previousLeader: UserID?
    /// The product's 1-based catalogue position, when the product exists and something changed.
    public var position: Int?
    /// What the decision did, as the reply states it (price after, leader, next minimum); nil for
    /// an unknown product, or a decision not made by `AuctionBook.decide`/`buyNow`.
    public var result: BidResult?

    /// Creates a decision.
    public init(
        outcome: BidOutcome, steps: [AcceptedBid] = [], maximum: ProxyMaximum? = nil, endsAt: Timestamp? = nil,
        previousLeader: UserID? = nil, position: Int? = nil
    ) {
        self.outcome = outcome
        self.steps = steps
        self.maximum = maximum
        self.endsAt = endsAt
        self.previousLeader = previousLeader
        self.position = position
    }

    /// A refusal that changes nothing.
    public static func refused(_ reason: RefusalReason, currentPrice: Money?) -> BidDecision {
        BidDecision(outcome: .refused(reason, currentPrice: currentPrice))
    }

    /// Whether the bidder's request was accepted.
    public var isAccepted: Bool {
        if case .accepted = outcome { return true }
        return false
    }

    /// The pushes the steps cause, in order.
    public var updates: [PriceUpdate] { steps.map(\.update) }

    /// Whether the decision changed the book (steps or a maximum), so it must be confirmed or reverted.
    public var changesBook: Bool { !steps.isEmpty || maximum != nil }
}
