import AuctionCore

/// Who may bid, decided before the auction book sees the bid: the connection's login (or the
/// anonymous bids the server may allow) and its bid rate. A pure decision; the socket service logs
/// and answers it.
public struct BidAdmission: Sendable {
    /// The outcome for one bid.
    public enum Decision: Hashable, Sendable {
        /// The bid goes to the book as this bidder (nil: anonymous).
        case admitted(bidder: UserID?)
        /// The bid is refused before the book: `.userMismatch`, `.unauthenticated` or `.rateLimited`.
        case refused(RefusalReason)
    }

    /// Whether a connection that never logged in may bid anonymously (`--allow-anonymous-bids`).
    public var allowsAnonymousBids: Bool

    /// Admits anonymous bids only when `allowsAnonymousBids`.
    public init(allowsAnonymousBids: Bool) {
        self.allowsAnonymousBids = allowsAnonymousBids
    }

    /// Decides a bid from `connection`: `user` is its live session's user, `wasLoggedIn` whether it
    /// had one (a session that ended is answered unauthenticated once), `claimed` the bid's own
    /// `user_id`; a bid that passes takes a token from `limiter`.
    public func decide(connection: ConnectionID, user: UserID?, wasLoggedIn: Bool, claimed: UserID?,
                       limiter: inout RateLimiter<ConnectionID>, now: Timestamp) -> Decision {
        let bidder: UserID?
        if let user {
            if let claimed, claimed != user { return .refused(.userMismatch) }
            bidder = user
        } else if allowsAnonymousBids && !wasLoggedIn {
            // The original backend took `user_id` on trust; we record the bid as anonymous instead.
            bidder = nil
        } else {
            return .refused(.unauthenticated)
        }
        guard limiter.take(connection, now: now) else { return .refused(.rateLimited) }
        return .admitted(bidder: bidder)
    }
}
