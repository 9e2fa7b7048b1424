import AuctionCore
import AuctionLotLog

/// A bid's or buy's outcome with what the server said happened (ours only): the client's message is
/// built from these fields alone, never from what it asked for.
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
    /// The least bid the server accepts after this answer (`next_minimum`).
    public var nextMinimum: Money?
    /// The bidder's maximum while they lead with one (`your_maximum`).
    public var yourMaximum: Money?
    /// The price of the automatic (proxy) answer this request caused, when one was made (`proxy_price`).
    public var proxyPrice: Money?
    /// Whether a bid (or buy) of the bidder's was recorded (`placed`); false when only their maximum changed.
    public var placed: Bool?
    /// The receipts of the log entries this request wrote for the bidder (`receipts`, feature `receipts`);
    /// empty when the server sent none, or a receipt did not read.
    public var receipts: [LotReceipt] = []

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

    /// The price the lot is at after this answer, when the server said (`price`).
    public var price: Money? {
        switch outcome {
        case .accepted(let price): price
        case .refused(_, let current): current
        }
    }

    /// Reads the refusal fields of a reply; values out of range (not positive) are ignored.
    init(reply: WireReply, bid: Bid) {
        func positive(_ key: String) -> Money? {
            guard case .int(let value)? = reply.fields[key], value > 0 else { return nil }
            return Money(value)
        }
        func flag(_ key: String) -> Bool? {
            guard case .bool(let value)? = reply.fields[key] else { return nil }
            return value
        }
        func amount(_ key: String) -> Money? {
            positive(key).flatMap { $0 <= Money.largestExact ? $0 : nil }
        }
        self.init(outcome: reply.outcome(of: bid), minimumIncrement: positive("min_increment"), minimumBid: positive("minimum_bid"),
                  leading: flag("leading"), endsAt: positive("ends_at").map { Timestamp(millisecondsSinceEpoch: $0.minorUnits) })
        nextMinimum = amount("next_minimum") ?? minimumBid  // an older server named it only as `minimum_bid`
        yourMaximum = amount("your_maximum")
        proxyPrice = amount("proxy_price")
        placed = flag("placed")
        receipts = LotLogDTO.receipts(from: reply.fields["receipts"]) ?? []
        if reply.reason == .suspended { suspension = reply.fields["message"]?.stringValue.map { String($0.prefix(512)) } }
    }
}

extension BidAnswer {
    /// The server's sentence for a `suspended` refusal (why, until when), when it sent one.
    public var suspensionMessage: String? { suspension }
}
