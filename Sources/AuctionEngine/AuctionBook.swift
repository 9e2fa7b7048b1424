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
public struct AuctionBook: Sendable {
    /// The lots in catalogue order (by product id); index + 1 is the position.
    public internal(set) var lots: [AuctionLot]
    /// Lot index by product id.
    var indexByID: [ProductID: Int]
    /// Lot indices with an end time, by end time then position; `closeDue` walks it once.
    var endOrder: [Int]
    /// How far `closeDue` has walked `endOrder`.
    var nextToClose: Int = 0
    /// Due lots whose closing waits for their bids' commits.
    var deferredClosings: [Int] = []
    private let rules: BidRules

    /// Builds the book from the catalogue; `leaders` restores who holds each product's highest bid,
    /// `closed` the auctions already ended (they are not announced again).
    public init(
        products: [Product], leaders: [ProductID: UserID] = [:], closed: Set<ProductID> = [],
        rules: BidRules = BidRules()
    ) {
        var seen = Set<ProductID>()
        let ordered = products.sorted { $0.id < $1.id }.filter { seen.insert($0.id).inserted }
        lots = ordered.enumerated().map { offset, product in
            AuctionLot(
                productID: product.id, position: offset + 1, price: product.currentPrice,
                lastChange: product.lastChange, minimumIncrement: product.minimumIncrement,
                endsAt: product.endsAt, leader: leaders[product.id], isClosed: closed.contains(product.id)
            )
        }
        indexByID = Dictionary(uniqueKeysWithValues: lots.enumerated().map { ($1.productID, $0) })
        endOrder = lots.enumerated()
            .compactMap { index, lot in lot.isClosed ? nil : lot.endsAt.map { (end: $0, index: index) } }
            .sorted { ($0.end, $0.index) < ($1.end, $1.index) }
            .map(\.index)
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

    /// The 1-based catalogue position of a product, or nil when there is no such product.
    public func position(of id: ProductID) -> Int? {
        indexByID[id].map { $0 + 1 }
    }

    /// Decides a bid now; an accepted bid becomes the current price before this returns.
    public mutating func decide(_ bid: Bid, bidder: UserID?, now: Timestamp) -> BidDecision {
        guard let index = indexByID[bid.productID] else {
            return .refused(.unknownProduct, currentPrice: nil)
        }
        let current = lots[index].price
        if lots[index].isClosed {
            return .refused(.auctionClosed, currentPrice: current)
        }
        let outcome = rules.decide(
            bid, current: current, minimumIncrement: lots[index].minimumIncrement,
            endsAt: lots[index].endsAt, now: now
        )
        switch outcome {
        case .refused(let reason, let price):
            return .refused(reason, currentPrice: price)
        case .accepted(let price):
            let accepted = AcceptedBid(
                productID: bid.productID, price: price, previousPrice: current, bidder: bidder, acceptedAt: now
            )
            lots[index].uncommitted.append(UncommittedStep(
                price: price, previousPrice: current, previousChange: lots[index].lastChange,
                previousChangeAt: lots[index].lastChangeAt, previousLeader: lots[index].leader
            ))
            lots[index].price = price
            lots[index].lastChange = price - current
            lots[index].lastChangeAt = now
            lots[index].leader = bidder
            return .accepted(accepted, update: accepted.update, position: index + 1)
        }
    }
}
