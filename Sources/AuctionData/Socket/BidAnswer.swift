import AuctionCore

/// A bid's outcome with what the server said a refused bid would have needed (ours only).
public struct BidAnswer: Hashable, Sendable {
    /// Accepted or refused (with the reason and current price).
    public var outcome: BidOutcome
    /// The product's minimum raise, when the server named one (`min_increment`).
    public var minimumIncrement: Money?
    /// The smallest price the server would accept now, when it said (`minimum_bid`).
    public var minimumBid: Money?
    /// Whether the bidder leads after this answer, when the server said (`leading`, with proxy bids).
    public var leading: Bool?
    /// The auction's end time after this answer, when the server said (`ends_at`; soft close may move it).
    public var endsAt: Timestamp?

    /// The server's `message` of a `suspended` refusal (at most 512 characters).
    var suspension: String?

    /// Creates an answer.
    public init(outcome: BidOutcome, minimumIncrement: Money? = nil, minimumBid: Money? = nil,
                leading: Bool? = nil, endsAt: Timestamp? = nil) {
        self.outcome = outcome
        self.minimumIncrement = minimumIncrement
        self.minimumBid = minimumBid
        self.leading = leading
        self.endsAt = endsAt
    }

    /// Reads the refusal fields of a reply; values out of range (not positive) are ignored.
    init(reply: WireReply, bid: Bid) {
        func positive(_ key: String) -> Money? {
            guard case .int(let value)? = reply.fields[key], value > 0 else { return nil }
            return Money(value)
        }
        var leading: Bool?
        if case .bool(let flag)? = reply.fields["leading"] { leading = flag }
        self.init(outcome: reply.outcome(of: bid), minimumIncrement: positive("min_increment"), minimumBid: positive("minimum_bid"),
                  leading: leading, endsAt: positive("ends_at").map { Timestamp(millisecondsSinceEpoch: $0.minorUnits) })
        if reply.reason == .suspended { suspension = reply.fields["message"]?.stringValue.map { String($0.prefix(512)) } }
    }
}

extension BidAnswer {
    /// The server's sentence for a `suspended` refusal (why, until when), when it sent one.
    public var suspensionMessage: String? { suspension }
}
