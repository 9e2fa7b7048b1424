import AuctionCore

/// What the bid path does with a decision the shared store refused as a conflict (another node
/// moved the lot, closed it or changed its terms first): which stored state the book takes, and
/// whether the request is decided again. A pure function of the conflict's read and the book's
/// state, so every node recovers the same way and it is tested without a store.
public struct ConflictRecovery: Equatable, Sendable {
    /// What the book takes from the conflict's read.
    public enum BookUpdate: Equatable, Sendable {
        /// The stored lot, whole (price, leader, end, close and terms).
        case refresh(LotRefresh)
        /// Only the seller's terms: the book already knows newer bids than the read.
        case terms(LotRefresh.Terms)
        /// Nothing: the book is at least as new as the read.
        case none
    }

    /// How many times a request is decided again after conflicts before it is refused as unavailable.
    public static let attempts = 3

    /// What the book takes.
    public var update: BookUpdate
    /// Whether the lot's terms version moved (the node then records the read's version).
    public var termsChanged: Bool
    /// Whether the request is decided again (false: refused as unavailable, nothing stored).
    public var decidesAgain: Bool

    /// Creates a plan from its parts.
    public init(update: BookUpdate, termsChanged: Bool, decidesAgain: Bool) {
        self.update = update
        self.termsChanged = termsChanged
        self.decidesAgain = decidesAgain
    }

    /// Plans the recovery from a conflict.
    ///
    /// - `read`: the lot as the store held it, with its bid count.
    /// - `known`: how many of the lot's bids the node knows after adopting the read's bids.
    /// - `bookVersion`: the terms version the node's book holds (nil: never edited).
    /// - `hasUncommittedBids`: whether other decisions of the node on the lot await their commit.
    /// - `attempts`: how many times this request was decided again already.
    ///
    /// The read replaces the book whole only when it is exactly as new as what the node knows and
    /// the book holds nothing of its own past it (or the lot closed, or its terms changed, which
    /// every later decision must see); decisions in flight on the old state fail their own
    /// conditional commits and are decided again.
    public static func plan(read: LotRefresh, readBidCount: Int64, known: Int64, bookVersion: Int64?,
                            hasUncommittedBids: Bool, attempts: Int) -> ConflictRecovery {
        let termsChanged = read.terms.map { $0.version != bookVersion } ?? false
        let update: BookUpdate
        if readBidCount == known, read.isClosed || termsChanged || !hasUncommittedBids {
            update = .refresh(read)
        } else if termsChanged, let terms = read.terms {
            update = .terms(terms)
        } else {
            update = .none
        }
        return ConflictRecovery(update: update, termsChanged: termsChanged, decidesAgain: attempts < Self.attempts)
    }
}
