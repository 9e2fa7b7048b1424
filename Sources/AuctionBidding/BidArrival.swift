import AuctionCore
import AuctionEngine

/// A bid or buy from a client, with what the shell knows of its connection's login.
public struct BidArrival: Sendable {
    /// What was asked.
    public enum Request: Sendable {
        /// A bid (its idempotency key inside), made as `claimed` when the request named a user.
        case bid(Bid, claimed: UserID?)
        /// A buy-now of a product, with its idempotency key.
        case buy(ProductID, key: String?)
    }

    /// What was asked.
    public var request: Request
    /// Where the answer goes.
    public var target: BidReplyTarget
    /// The connection's user now (nil: anonymous, or its session ended).
    public var user: UserID?
    /// Whether the connection was logged in before this request (a session that just ended is answered unauthenticated).
    public var wasLoggedIn: Bool
    /// Whether the connection's user is suspended (a suspended user never bids anonymously).
    public var isSuspended: Bool
    /// When it arrived (monotonic nanoseconds) with metrics on; 0 when not timed.
    public var receivedAt: Int64

    /// A request from `target`'s connection.
    public init(_ request: Request, target: BidReplyTarget, user: UserID?, wasLoggedIn: Bool, isSuspended: Bool = false,
                receivedAt: Int64 = 0) {
        self.request = request
        self.target = target
        self.user = user
        self.wasLoggedIn = wasLoggedIn
        self.isSuspended = isSuspended
        self.receivedAt = receivedAt
    }

    /// The product asked about.
    public var productID: ProductID {
        switch request {
        case .bid(let bid, _): bid.productID
        case .buy(let id, _): id
        }
    }
}

/// A request decided later: parked while a seller's change to its lot is stored, or again after a conflict.
public struct DeferredRequest: Sendable {
    /// A bid, or a buy of the product.
    public enum Kind: Sendable {
        case bid(Bid)
        case buy(ProductID)
    }

    /// What was asked.
    public var kind: Kind
    /// Who asked (nil: anonymous or simulated).
    public var bidder: UserID?
    /// Where the answer goes (nil: simulated).
    public var target: BidReplyTarget?
    /// The request's idempotency key.
    public var key: BidKey?
    /// How many times it was decided again after a conflict.
    public var attempts: Int
    /// When it arrived (monotonic nanoseconds), 0 when not timed.
    public var receivedAt: Int64

    /// The product asked about.
    public var productID: ProductID {
        switch kind {
        case .bid(let bid): bid.productID
        case .buy(let id): id
        }
    }
}

/// A store failure as the bid path answers it.
public protocol BidCommitFailure: Error, Sendable, CustomStringConvertible {
    /// The reason a client is given when its bid could not be stored.
    var refusalReason: RefusalReason { get }
}

/// What the bid path counts (the server's `/health` and metrics read them).
public struct BidCounts: Sendable, Equatable {
    /// Bids stored (each proxy step counts).
    public var accepted = 0
    /// Bids and buys refused.
    public var refused = 0
    /// Decisions the store failed to take.
    public var commitFailures = 0
    /// Keyed bids and buys answered again from their first outcome.
    public var keyedRetries = 0

    /// Nothing counted.
    public init() {}
}

/// The accepted bids the node knows per product (the pushes' `seq`), shared with whatever else
/// reads the store's notifications (a cluster listener skips what the node knows).
public protocol KnownSequences: AnyObject, Sendable {
    /// The last sequence number known for a product (0 before its first bid).
    func known(of id: ProductID) -> Int64
    /// Counts one more accepted bid on a product; returns its sequence number.
    func advance(_ id: ProductID) -> Int64
    /// Raises a product's known sequence to `sequence`; returns the previous value (never lowers it).
    @discardableResult func raise(_ id: ProductID, to sequence: Int64) -> Int64
}
