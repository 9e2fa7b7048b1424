import AuctionCore
import AuctionEngine

/// A lot's log replayed under the engine's rules (`BidMinimum`, `SoftClose`, the increment table):
/// each entry must be one the auction could have written after the ones before it. Feed the entries
/// in order to `apply(_:)`, then call `finish()`; the state read off it is the lot as the log makes it.
///
/// What the log does not hold is not guessed: secret maximums (so a proxy's answer is checked
/// against the least bid, not against the challenger it answered), the reserve before the close
/// reveals it (steps that need it are checked then), and who leads after a retraction (the log
/// states the price the remaining bids make, not their leader: any alias may lead until the next bid).
public struct LotLogReplay: Sendable {
    /// Where the lot stands.
    public enum Status: Hashable, Sendable {
        /// No entry yet.
        case unlisted
        /// Open for bids (its end may have passed; the close is not logged yet).
        case open
        /// Ended: sold or not, bought at the buy-now price or not.
        case closed(sold: Bool, bought: Bool)
        /// Removed by a moderator.
        case removed
    }

    /// Who leads, as far as the log tells.
    public enum Leader: Hashable, Sendable {
        /// Nobody: no bid.
        case none
        /// This alias (`LotAlias.nobody` for a simulated or anonymous bidder).
        case alias(LotAlias)
        /// Someone the log does not name: bids from before the log, or the lead after a retraction.
        case unknown
    }

    /// The lot's terms (nil before the listing).
    public internal(set) var terms: LotLogTerms?
    /// The current price.
    public internal(set) var price = Money.zero
    /// How many bids the lot has had (its last bid's `bid_seq`).
    public internal(set) var bidCount: Int64 = 0
    /// Whether the least bid is price + increment (a bid stands) rather than the price itself.
    public internal(set) var hasBids = false
    /// The leader.
    public internal(set) var leader = Leader.none
    /// The current end (soft close moves it).
    public internal(set) var endsAt: Timestamp?
    /// How many extensions so far.
    public internal(set) var extensions: Int64 = 0
    /// Where the lot stands.
    public internal(set) var status = Status.unlisted
    /// The increment table the house bids by.
    public let increments: IncrementTable

    /// The entry applied last.
    var previous: LotLogEntry?
    /// The seq of a bid that soft close extends, until its `extended` entry comes.
    var dueExtension: UInt64?
    /// A bid that may have been a buy-now (or must have been, to be legal), until the next entry tells.
    var buyCandidate: BuyCandidate?
    /// Checks that wait for the reserve the close reveals.
    var reserveChecks: [ReserveCheck] = []
    /// The seqs of bid entries, and of those retracted.
    var bidEntries: Set<UInt64> = []
    var retractedEntries: Set<UInt64> = []

    /// A replay with nothing applied yet.
    public init(increments: IncrementTable = .standard) { self.increments = increments }

    /// The least bid the lot accepts now (`BidMinimum.next`).
    public var minimum: Money {
        BidMinimum.next(price: price, hasBids: hasBids, minimumIncrement: terms?.minimumIncrement, increments: increments)
    }

    /// Applies the next entry; throws the rule it breaks.
    public mutating func apply(_ entry: LotLogEntry) throws(VerificationFailure) {
        try settlePending(before: entry)
        switch status {
        case .unlisted:
            guard case .listed(let terms, let price, let bidCount) = entry.event else { throw fail(entry, .notListedFirst) }
            try list(entry, terms: terms, price: price, bidCount: bidCount)
        case .closed, .removed:
            throw fail(entry, .afterTheEnd)
        case .open:
            switch entry.event {
            case .listed: throw fail(entry, .listedAgain)
            case .bid(let bid): try take(bid, in: entry)
            case .extended(let end, let count): try extend(to: end, count: count, in: entry)
            case .edited(let terms): try edit(terms, in: entry)
            case .retracted(let target, _, let price, let bidCount): try retract(target, price: price, bidCount: bidCount, in: entry)
            case .removed: status = .removed
            case .closed(let close): try self.close(close, in: entry)
            }
        }
        previous = entry
    }

    /// Checks what the last entry left open: a due extension is written with its bid, so a log may
    /// not end without it; a last bid that may be a buy-now stands (its close comes in a later commit).
    public mutating func finish() throws(VerificationFailure) {
        if let seq = dueExtension, buyCandidate?.seq != seq { throw VerificationFailure(seq: seq, .rule(.missingExtension)) }
    }

    /// A failure at `entry`.
    func fail(_ entry: LotLogEntry, _ breach: RuleBreach) -> VerificationFailure {
        VerificationFailure(seq: entry.seq, .rule(breach))
    }

    /// The listing: a lot first logged with a price above its start price counts as having bids, as
    /// the engine counts it (`AuctionBook`), whoever placed them.
    private mutating func list(_ entry: LotLogEntry, terms: LotLogTerms, price: Money, bidCount: Int64) throws(VerificationFailure) {
        self.terms = terms
        self.price = price
        self.bidCount = max(0, bidCount)
        hasBids = bidCount > 0 || price != terms.startPrice
        leader = hasBids ? .unknown : .none
        endsAt = terms.endsAt
        status = .open
    }
}
