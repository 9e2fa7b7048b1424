import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The bid path's own state (loop thread): the book that decides bids, each connection's bid rate,
/// the idempotency keys' answers, the lots held for sellers' changes, the decisions between their
/// decision and their commit, the seq known per product and the terms version each decision is
/// pinned to. `SocketService+Bids`, `+Conflicts` and `+Keys` decide and answer through it.
///
/// A class, so that one part may be read while another is changed in the same statement (the book
/// deciding with the rate limiter, a settled hold asking the book), each stored property its own access.
final class BidPath {
    /// Every lot's state and the decisions on it.
    var book: AuctionBook
    /// Bids per second per connection.
    var limiter: RateLimiter<ConnectionID>
    /// Recent bids' and buys' answers by idempotency key (`SocketService+Keys`).
    var idempotency: SocketService.KeyTable
    /// Lots held while a seller's change is stored, and the bids waiting on them (`BidPath+SellerHolds`).
    var sellerHolds = SellerHolds()
    /// The decisions of this round and those awaiting their commit (`SocketService+Bids`).
    var commits = BidCommits()
    /// Accepted bids known per product: every price push carries the product's count as `seq`
    /// (shared with the cluster listener, which skips what the node knows).
    let sequences: ProductSequences
    /// The terms version (`edited_at`) the book holds per lot (absent: never edited): each decision is
    /// submitted pinned to it, so a seller's edit on another node since makes its commit a conflict.
    var termsVersions: [ProductID: Int64]

    /// A bid path deciding on `book`, from the counts and terms versions read at start, with the
    /// rate and key bounds of `configuration`.
    init(book: AuctionBook, sequences: ProductSequences, termsVersions: [ProductID: Int64], configuration: ServerConfiguration) {
        self.book = book
        self.sequences = sequences
        self.termsVersions = termsVersions
        limiter = RateLimiter(configuration: .perSecond(max(1, configuration.limits.bidsPerSecond)))
        idempotency = IdempotencyKeys(
            lifetimeMilliseconds: configuration.bidding.idempotencyLifetimeMilliseconds,
            perUser: configuration.bidding.idempotencyKeysPerUser, inAll: configuration.bidding.idempotencyKeysInAll)
    }

    /// Forgets a closed connection's bid rate.
    func forget(_ id: ConnectionID) {
        limiter.forget(id)
    }

    /// Remembers the accepted keyed bids of the last 24 h found in the store at start.
    func restoreKeys(_ bids: [AcceptedBid]) {
        for bid in bids.reversed() {
            guard let key = bid.idempotencyKey, let bidder = bid.bidder else { continue }
            let request = SocketService.KeyedRequest(isPurchase: nil, productID: bid.productID)
            _ = idempotency.settle(SocketService.KeyTable.Key(user: bidder, key: key), request: request,
                                   answer: SocketService.KeyedAnswer(result: true, reason: nil, price: bid.price), now: bid.acceptedAt)
        }
    }
}
