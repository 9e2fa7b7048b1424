import AuctionCore
import AuctionEngine

/// The bid path as a value (loop thread, no I/O): the book that decides bids, each connection's bid
/// rate, the idempotency keys' answers, the lots held for sellers' changes, the decisions between
/// their decision and their commit, other nodes' reads parked meanwhile, and the terms version each
/// decision is pinned to. Its `mutating` entry points (a request arrives, a round ends, commits come
/// back, another node's bids arrive, a seller's hold ends) return `BidAction`s, which the socket
/// service carries out; it decides nothing itself.
public struct BidPath {
    /// The bounds a bid path keeps.
    public struct Settings: Sendable {
        /// Bids per second per connection.
        public var bidsPerSecond: Int
        /// How long a settled idempotency key answers.
        public var keyLifetimeMilliseconds: Int64
        /// Settled keys kept per user.
        public var keysPerUser: Int
        /// Settled keys kept in all.
        public var keysInAll: Int
        /// Bids kept per parked read of another node's lot.
        public var bidsPerParkedRead: Int
        /// Whether a connection that is not logged in may bid.
        public var allowsAnonymousBids: Bool

        /// The bounds as given.
        public init(bidsPerSecond: Int, keyLifetimeMilliseconds: Int64, keysPerUser: Int, keysInAll: Int,
                    bidsPerParkedRead: Int, allowsAnonymousBids: Bool) {
            self.bidsPerSecond = bidsPerSecond
            self.keyLifetimeMilliseconds = keyLifetimeMilliseconds
            self.keysPerUser = keysPerUser
            self.keysInAll = keysInAll
            self.bidsPerParkedRead = bidsPerParkedRead
            self.allowsAnonymousBids = allowsAnonymousBids
        }
    }

    /// Every lot's state and the decisions on it (changed only through this type's entry points).
    public internal(set) var book: AuctionBook
    /// What was counted so far.
    public internal(set) var counts = BidCounts()
    /// Accepted bids known per product: every price push carries the product's count as `seq`.
    public let sequences: any KnownSequences
    /// The terms version (`edited_at`) the book holds per lot (absent: never edited): each decision is
    /// submitted pinned to it, so a seller's edit on another node since makes its commit a conflict.
    public internal(set) var termsVersions: [ProductID: Int64]
    let settings: Settings
    var limiter: RateLimiter<ConnectionID>
    var keys: BidKeyTable
    var sellerHolds = SellerHolds<DeferredRequest, SettledChange>()
    var round = BidRound()
    /// Other nodes' reads of lots whose own bids await their commit, adopted once those come back.
    var parkedReads: [ProductID: RemoteBids] = [:]
    var nextSettledChange = 0

    /// A bid path deciding on `book`, from the counts and terms versions read at start.
    public init(book: AuctionBook, sequences: any KnownSequences, termsVersions: [ProductID: Int64], settings: Settings) {
        self.book = book
        self.sequences = sequences
        self.termsVersions = termsVersions
        self.settings = settings
        limiter = RateLimiter(configuration: .perSecond(max(1, settings.bidsPerSecond)))
        keys = BidKeyTable(lifetimeMilliseconds: settings.keyLifetimeMilliseconds, perUser: settings.keysPerUser,
                           inAll: settings.keysInAll)
    }

    /// Decisions whose commit has not come back yet.
    public var commitsInFlight: Int { round.inFlight }
    /// Whether another node's read waits for this node's bids on its lot.
    public var hasParkedReads: Bool { !parkedReads.isEmpty }
    /// How many idempotency keys are settled now.
    public var settledKeys: Int { keys.count }

    /// Forgets a closed connection's bid rate.
    public mutating func forget(_ id: ConnectionID) {
        limiter.forget(id)
    }

    /// Remembers the accepted keyed bids of the last 24 h found in the store at start.
    public mutating func restoreKeys(_ bids: [AcceptedBid]) {
        for bid in bids.reversed() {
            guard let key = bid.idempotencyKey, let bidder = bid.bidder else { continue }
            let request = KeyedRequest(isPurchase: nil, productID: bid.productID)
            _ = keys.settle(BidKeyTable.Key(user: bidder, key: key), request: request,
                            answer: KeyedAnswer(result: true, reason: nil, price: bid.price), now: bid.acceptedAt)
        }
    }

    /// Looks `key` up for a request answered at `waiter` (for tests and the shell's diagnostics).
    public mutating func beginKey(_ key: BidKey, waiter: BidReplyTarget, now: Timestamp) -> BidKeyTable.Begin {
        keys.begin(key.name, request: key.request, waiter: waiter, now: now)
    }

    /// Whether lot `id` has decisions awaiting their commit.
    public func hasUncommittedBids(_ id: ProductID) -> Bool {
        book.lot(for: id)?.hasUncommittedBids == true
    }

    /// The lot's price as the book has it now.
    func price(of id: ProductID) -> Money? {
        book.lot(for: id)?.price
    }

    // MARK: Timers

    /// Closes every auction due at `now`.
    public mutating func closeDue(now: Timestamp) -> [AuctionClosing] {
        book.closeDue(now: now)
    }

    /// The ending-soon notices due for `productID` (every lot: nil) within `window` ms, each marked sent.
    public mutating func endingSoon(of productID: ProductID? = nil, now: Timestamp, within window: Int64) -> [EndingSoon] {
        guard let productID else { return book.endingSoon(now: now, within: window) }
        return book.endingSoon(of: productID, now: now, within: window)
    }
}
