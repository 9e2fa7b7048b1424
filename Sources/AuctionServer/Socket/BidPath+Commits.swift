import AuctionCore
import AuctionEngine

/// What the bid path reads to hand a decision to the ledger and to push it once committed.
extension BidPath {
    /// The lot changes stored with a bid's decision: its new secret maximum and its moved end.
    static func lotChanges(of decision: BidDecision, on productID: ProductID) -> [LotChange] {
        var changes: [LotChange] = []
        if let maximum = decision.maximum {
            changes.append(.maximum(maximum.productID, user: maximum.user, maximum: maximum.maximum, placedAt: maximum.placedAt))
        }
        if let endsAt = decision.endsAt {
            changes.append(.endTime(productID, endsAt: endsAt, extensions: decision.extensions ?? 0))
        }
        return changes
    }

    /// What a decision goes to the ledger as: its steps and lot changes, with the terms version and
    /// bid count the node knew when it decided (a shared store refuses it as a conflict when its
    /// lot moved since).
    func submission(of item: PendingBid) -> LedgerSubmission {
        LedgerSubmission(bids: item.decision.steps, changes: item.changes,
                         terms: TermsVersion(editedAt: termsVersions[item.productID]),
                         knownBids: sequences.known(of: item.productID))
    }

    /// The price updates of a committed decision's steps, each with the seq the store gave it (other
    /// nodes' bids may come before), counted here when the store gave none; the seqs become known.
    func sequencedUpdates(of item: PendingBid, stored: [Int64]) -> [PriceUpdate] {
        item.decision.steps.enumerated().map { index, step in
            var update = step.update
            if index < stored.count {
                sequences.raise(step.productID, to: stored[index])
                update.sequence = stored[index]
            } else {
                update.sequence = sequences.advance(step.productID)
            }
            return update
        }
    }

    /// The bids of other nodes a commit on `id` came right after that this node had not seen, with
    /// their seqs; they become known (the book keeps its own state: the committed steps sit on top).
    func missedBids(_ missed: RemoteBids?, on id: ProductID) -> [SequencedBid] {
        guard let missed else { return [] }
        let known = sequences.known(of: id)
        let fresh = missed.bids.filter { $0.sequence > known }
        if let last = fresh.last { sequences.raise(id, to: last.sequence) }
        return fresh
    }

    /// Whether lot `id` has decisions awaiting their commit.
    func hasUncommittedBids(_ id: ProductID) -> Bool {
        book.lot(for: id)?.hasUncommittedBids == true
    }

    /// Whether a read of lot `id` holding `bidCount` bids brings any this node does not know.
    func isBehind(_ id: ProductID, bidCount: Int64) -> Bool {
        bidCount > sequences.known(of: id)
    }
}
