import AuctionCore

/// The in-memory state of every auction: decides bids, serialises them per product and ends auctions.
///
/// The server keeps one book on its event-loop thread and decides every bid there, so bids on one
/// product are serialised: an accepted bid raises the price at once, prices only go up, and each
/// accepted bid is the highest at the moment it was accepted.
///
/// Commits happen later, in groups, and replies wait for them. A bid decided meanwhile may be
/// refused against a price whose commit is still in flight; that is sound because a commit never
/// fails silently: the server calls `confirm(_:)` when a group is durable and `revert(_:)` for each
/// bid of a group that failed (see `AuctionBook+Commit.swift`), which undoes exactly those bids.
///
/// Proxy bids (`AuctionBook+Decide.swift`) need only the leader's maximum: no other bidder's
/// maximum is ever above the current price, so resolving a bid is O(1) whatever the number of proxies.
public struct AuctionBook: Sendable {
    /// The lots in catalogue order (by product id); index + 1 is the catalogue row (list positions,
    /// which skip withdrawn lots, come from `position(of:)`).
    public internal(set) var lots: [AuctionLot]
    /// Lot index by product id.
    var indexByID: [ProductID: Int]
    /// Lot indices by end time (stale entries are dropped when they surface).
    var endQueue = EndTimeQueue()
    /// Due lots whose closing waits for their bids' commits.
    var deferredClosings: [Int] = []
    /// (product, user) pairs already warned that a lot ends soon.
    var warnedEndingSoon: Set<EndingSoonKey> = []
    /// Indices of withdrawn lots, ascending: lists skip them, so list positions do not count them.
    var withdrawnIndices: [Int] = []
    /// Soft-close rules for lots whose terms have none.
    public let softClose: SoftClose
    /// Increments for proxy answers on lots without their own minimum increment.
    public let increments: IncrementTable
    let rules: BidRules

    /// Builds the book from the catalogue; `leaders` restores who holds each product's highest bid,
    /// `closed` the auctions already ended (they are not announced again), `terms` each product's
    /// reserve, buy-now and soft-close rules, `maximums` the stored proxy maximums (only a leader's
    /// counts), `bidders` who bid on each product; `softClose` applies where the terms set none.
    public init(
        products: [Product], leaders: [ProductID: UserID] = [:], closed: Set<ProductID> = [],
        terms: [ProductID: AuctionTerms] = [:], maximums: [ProxyMaximum] = [], bidders: [ProductID: [UserID]] = [:],
        softClose: SoftClose = .disabled, increments: IncrementTable = .standard, rules: BidRules = BidRules()
    ) {
        var seen = Set<ProductID>()
        let ordered = products.sorted { $0.id < $1.id }.filter { seen.insert($0.id).inserted }
        var leaderMaximums: [ProductID: Money] = [:]
        for maximum in maximums where leaders[maximum.productID] == maximum.user {
            leaderMaximums[maximum.productID] = max(leaderMaximums[maximum.productID] ?? maximum.maximum, maximum.maximum)
        }
        var restoredBidders: [ProductID: Set<UserID>] = bidders.mapValues { Set($0) }
        for maximum in maximums { restoredBidders[maximum.productID, default: []].insert(maximum.user) }
        for (product, leader) in leaders { restoredBidders[product, default: []].insert(leader) }
        lots = ordered.enumerated().map { offset, product in
            let lotBidders = restoredBidders[product.id] ?? []
            return AuctionLot(
                productID: product.id, position: offset + 1, price: product.currentPrice,
                lastChange: product.lastChange, minimumIncrement: product.minimumIncrement,
                endsAt: product.endsAt, leader: leaders[product.id], isClosed: closed.contains(product.id),
                leaderMaximum: leaderMaximums[product.id], terms: terms[product.id] ?? AuctionTerms(),
                hasBids: !lotBidders.isEmpty || leaders[product.id] != nil || product.currentPrice != product.startPrice,
                bidders: lotBidders
            )
        }
        indexByID = Dictionary(uniqueKeysWithValues: lots.enumerated().map { ($1.productID, $0) })
        for (index, lot) in lots.enumerated() where !lot.isClosed {
            if let end = lot.endsAt { endQueue.push(EndTimeQueue.Entry(end: end, index: index)) }
        }
        self.softClose = softClose
        self.increments = increments
        self.rules = rules
    }

    /// How many products the catalogue holds.
    public var productCount: Int { lots.count }

    /// The highest price and the largest raise a bid may make.
    public var limits: PriceLimits { rules.limits }

    /// Lots whose stored price is outside the limits (e.g. written by an older server without them):
    /// every bid on them is refused `product_unavailable`, and the server logs them at start.
    public var unavailableLots: [AuctionLot] {
        lots.filter { !rules.limits.admits(storedPrice: $0.price) }
    }

    /// The lot of a product, or nil when there is no such product.
    public func lot(for id: ProductID) -> AuctionLot? {
        indexByID[id].map { lots[$0] }
    }

    /// The lot at a 1-based catalogue position, or nil outside the catalogue.
    public func lot(atPosition position: Int) -> AuctionLot? {
        position >= 1 && position <= lots.count ? lots[position - 1] : nil
    }

    /// The 1-based list position of a product (withdrawn lots before it not counted, as lists skip
    /// them), or nil when there is no such product. A withdrawn lot keeps the position it had.
    public func position(of id: ProductID) -> Int? {
        indexByID[id].map(listPosition(ofIndex:))
    }

    /// The step a proxy answer makes above `amount` on a lot: its own increment, else the table's.
    public func increment(at amount: Money, on lot: AuctionLot) -> Money {
        increments.increment(at: amount, minimumIncrement: lot.minimumIncrement)
    }
}

/// A (product, user) pair warned that the product ends soon.
struct EndingSoonKey: Hashable, Sendable {
    var productID: ProductID
    var user: UserID
}
