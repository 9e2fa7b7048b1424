import AuctionBidding
import AuctionCore

/// One batch's decisions inside its transaction, with its product rows locked: each submission in
/// order, against the rows as the submissions before it left them. Only what it accepts is written
/// afterwards (`inserted`, `changes`; the insert's trigger moves the products); the rows' `moved` ones are notified.
struct PostgresBatchPlan {
    /// A locked product row as the batch has left it so far.
    struct Row {
        /// The stored price.
        var price: Int64
        /// The stored bid count (the last `seq`).
        var bidCount: Int64
        /// Whether the lot is closed or withdrawn.
        var isClosed: Bool
        /// The stored terms version (`edited_at`; nil: never edited).
        var version: Int64?
        /// Whether the last stored bid is this writer's own (committed here, this batch or before).
        var isOwnLast = false
        /// Whether this batch stores bids on it.
        var moved = false
    }

    /// The locked rows, as decided so far.
    private(set) var rows: [ProductID: Row]
    /// Keys bound to stored bids, and to bids this batch stores.
    private var bound: [BidKey: AcceptedBid]
    /// Each submission's outcome, in order.
    private(set) var outcomes: [CommitOutcome<StoreError>] = []
    /// The bids to insert, with their `seq`.
    private(set) var inserted: [SequencedBid] = []
    /// The lot changes of the submissions stored.
    private(set) var changes: [LotChange] = []
    /// Bids in submissions not stored.
    private(set) var refusedBids = 0

    /// The placers the store holds suspended: their submissions are refused.
    private let suspended: Set<UserID>

    /// Starts from the locked rows, the keys already bound and the suspended placers.
    init(rows: [ProductID: Row], bound: [BidKey: AcceptedBid], suspended: Set<UserID> = []) {
        self.rows = rows
        self.bound = bound
        self.suspended = suspended
    }

    /// Who placed the submission's bids: each step's placer (a proxy's answer names the challenger
    /// whose bid it answers), and the bidder of a step no bid placed (a buy).
    static func placers(of submission: LedgerSubmission) -> [UserID] {
        submission.bids.compactMap { bid -> UserID? in
            if let placement = bid.placement { return placement.bidder }
            return bid.isAutomatic ? nil : bid.bidder
        }
    }

    /// Puts the lot log's receipts on the committed outcome at `index`.
    mutating func attach(_ receipts: [BidReceipt], toOutcome index: Int) {
        guard case .committed(var committed) = outcomes[index] else { return }
        committed.receipts = receipts
        outcomes[index] = .committed(committed)
    }

    /// Decides one submission: a duplicate key, a conflict (with what `database` holds for its node),
    /// a missing product, or stored (its bids numbered and queued for writing).
    mutating func decide(_ submission: LedgerSubmission, on database: PostgresConnection) throws(StoreError) {
        let outcome = try outcome(of: submission, on: database)
        if !outcome.isCommitted { refusedBids += submission.bids.count }
        outcomes.append(outcome)
    }

    private mutating func outcome(of submission: LedgerSubmission, on database: PostgresConnection)
        throws(StoreError) -> CommitOutcome<StoreError> {
        for case let key? in submission.bids.map(BidKey.init) {
            if let original = bound[key] { return .duplicateKey(original: original) }
        }
        if let placer = Self.placers(of: submission).first(where: suspended.contains) { return .bidderSuspended(placer) }
        guard let first = submission.bids.first else { return .committed(CommittedBids(sequences: [])) }
        // The rows this submission moves, applied to `rows` only once all of it is accepted.
        var touched: [ProductID: Row] = [:]
        var sequences: [Int64] = []
        var missed: RemoteBids?
        for bid in submission.bids {
            let product = bid.productID, isDecided = product == first.productID
            guard var row = touched[product] ?? rows[product] else {
                return .unavailable(.postgres(sqlState: "23503", message: "no product \(product.rawValue)", target: database.target))
            }
            // What the node knew of the lot when it decided (nil: not tracked, so the newest bids are read).
            let known = isDecided ? submission.knownBids : nil
            let termsChanged = isDecided && submission.terms.map { $0.editedAt != row.version } == true
            if row.isClosed || row.price != bid.previousPrice.minorUnits || termsChanged {
                // The lot and the bids the node has not seen, for it to adopt (pushed) before deciding again.
                guard let read = try ClusterReads.bidsInTransaction(of: product, after: known ?? 0, database) else {
                    return .unavailable(.bidConflict(target: database.target, productID: product,
                                                     storedPrice: Money(row.price), decidedFrom: bid.previousPrice))
                }
                return .conflict(read)
            }
            if missed == nil, !row.isOwnLast, let known, row.bidCount > known {
                // At the decided price, but after bids of another node the node never saw (the same price
                // by chance): they are pushed before these, or their seq would skip the others'.
                missed = try ClusterReads.bidsInTransaction(of: product, after: known, database)
            }
            row.bidCount &+= 1
            row.price = bid.price.minorUnits
            row.isOwnLast = true
            row.moved = true
            touched[product] = row
            sequences.append(row.bidCount)
        }
        rows.merge(touched) { _, moved in moved }
        for (bid, sequence) in zip(submission.bids, sequences) {
            inserted.append(SequencedBid(sequence: sequence, bid: bid))
            if let key = BidKey(bid) { bound[key] = bid }
        }
        changes += submission.changes
        return .committed(CommittedBids(sequences: sequences, missed: missed))
    }
}
