import AuctionCore
import AuctionEngine

/// A round ends, its decisions go to the ledger, and their commits come back.
extension BidPath {
    /// A decision of this round and what it goes to the ledger as.
    public struct Submission: Sendable {
        /// The decision, handed back with its outcome.
        public var pending: PendingBid
        /// Its steps and lot changes, pinned to the terms version and bid count the node knew.
        public var ledger: LedgerSubmission
    }

    /// Takes the decisions made this round, each with its ledger submission (one per decision: a store
    /// that decides each once refuses only the conflicting ones).
    public mutating func takeRound() -> [Submission] {
        round.take().map { item in
            Submission(pending: item, ledger: LedgerSubmission(
                bids: item.decision.steps, changes: item.changes, terms: TermsVersion(editedAt: termsVersions[item.productID]),
                knownBids: sequences.known(of: item.productID)))
        }
    }

    /// Commit results back on the loop, in the order the ledger finished them: replies, settled keys,
    /// the pushes of every successful group as one `.push` (a failed group's corrections go out after
    /// the pushes taken before it), closings of lots that ended meanwhile, then the other nodes' reads
    /// and the moderators' changes that waited for these bids.
    public mutating func returned<Failure: BidCommitFailure>(_ results: [([PendingBid], CommitOutcome<Failure>)],
                                                             now: Timestamp) -> [BidAction] {
        var actions: [BidAction] = [], pushes: [PositionedUpdate] = []
        for (batch, outcome) in results {
            if !outcome.isCommitted { flush(&pushes, into: &actions) }
            returned(batch, outcome: outcome, now: now, pushes: &pushes, into: &actions)
        }
        flush(&pushes, into: &actions)
        if !parkedReads.isEmpty {
            let ready = parkedReads.keys.filter { !hasUncommittedBids($0) }.sorted()
            for id in ready {
                if let read = parkedReads.removeValue(forKey: id) { actions += remoteBidsArrived(read) }
            }
        }
        if !sellerHolds.settling.isEmpty {
            let book = self.book
            for change in sellerHolds.takeSettled({ book.lot(for: $0)?.hasUncommittedBids != true }) {
                actions.append(.runSettled(change))
            }
        }
        return actions
    }

    private mutating func flush(_ pushes: inout [PositionedUpdate], into actions: inout [BidAction]) {
        guard !pushes.isEmpty else { return }
        actions.append(.push(pushes))
        pushes.removeAll()
    }

    /// One group's outcome: confirm, reply and push; or undo, reply and correct; or decide again.
    private mutating func returned<Failure: BidCommitFailure>(_ batch: [PendingBid], outcome: CommitOutcome<Failure>, now: Timestamp,
                                                              pushes: inout [PositionedUpdate], into actions: inout [BidAction]) {
        round.finished(batch.count)
        switch outcome {
        case .committed(let stored):
            for item in batch {
                book.confirm(item.decision)
                counts.accepted += item.decision.steps.count
                if !item.decision.isAccepted { counts.refused += 1 }
            }
            // Replies now, pushes with the whole group (a bidder that also watches gets its reply
            // before its push; pushes of different products may come in page order).
            for item in batch {
                let answer = KeyedAnswer(item.decision.outcome)
                if let target = item.target { actions.append(.reply(target, answer, outcomeFields(item, stored: stored.receipts))) }
                settle(item.key, answer, now: now, into: &actions)
                pushMissedBids(stored.missed, before: item, into: &pushes, actions: &actions)
                let updates = sequencedUpdates(of: item, stored: stored.sequences)
                if let position = item.decision.position { pushes += updates.map { PositionedUpdate($0, position: position) } }
            }
            for item in batch {
                guard let lot = book.lot(for: item.productID) else { continue }
                actions.append(.announce(item, lot: lot, position: book.position(of: item.productID) ?? lot.position))
            }
            actions.append(.committed(batch))
        case .conflict, .duplicateKey, .bidderSuspended:
            for item in batch { decideAgain(item, after: outcome, now: now, into: &actions) }
        case .unavailable(let error):
            counts.commitFailures += batch.count
            actions.append(.note(.undone(count: batch.count, error: error.description)))
            // Undone in the book only: nothing uncommitted was ever pushed (pushes leave after the
            // commit), so watchers hold the last committed price and its seq already.
            for correction in undo(batch) { actions.append(.correctPrice(correction)) }
            for item in batch {
                let answer = KeyedAnswer(result: false, reason: error.refusalReason, price: price(of: item.productID))
                if let target = item.target { actions.append(.reply(target, answer, .none)) }
                abandon(item.key, answer, into: &actions)
            }
        case .unknown(let error):
            counts.commitFailures += batch.count
            actions.append(.note(.outcomeUnknown(count: batch.count, error: error.description)))
            // The book forgets them; if the store kept them, the cluster feed brings them back (pushed
            // with their seqs). No reply: a client takes silence as an unknown outcome, and a keyed
            // retry is decided again, where the store answers with the original.
            for correction in undo(batch) { actions.append(.correctPrice(correction)) }
            for item in batch {
                if let key = item.key { _ = keys.abandon(key.name) }
            }
        }
        // A lot that ended while its bids were committing (or was bought) closes now, after its last price push.
        if batch.contains(where: { book.lot(for: $0.productID)?.endsAt.map { $0 <= now } ?? false }) {
            flush(&pushes, into: &actions)
            actions.append(.runClosings)
        }
    }

    /// Undoes decisions the store did not take, newest first: the book's corrections.
    @discardableResult
    mutating func undo(_ batch: [PendingBid]) -> [PriceUpdate] {
        batch.reversed().flatMap { book.revert($0.decision) }
    }

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

    /// The price updates of a committed decision's steps, each with the seq the store gave it (other
    /// nodes' bids may come before), counted here when the store gave none; the seqs become known.
    private func sequencedUpdates(of item: PendingBid, stored: [Int64]) -> [PriceUpdate] {
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

    /// Before a committed decision's own pushes: the bids of other nodes it came right after without
    /// this node having adopted them (it was decided at their price by chance, on a step of this
    /// node's own that then lost), pushed with their seqs so none is skipped. The book keeps its own
    /// state (the committed steps sit on top of those bids).
    private func pushMissedBids(_ missed: RemoteBids?, before item: PendingBid, into pushes: inout [PositionedUpdate],
                                actions: inout [BidAction]) {
        guard let missed else { return }
        let id = item.productID, known = sequences.known(of: id)
        let fresh = missed.bids.filter { $0.sequence > known }
        guard let last = fresh.last else { return }
        sequences.raise(id, to: last.sequence)
        if let position = item.decision.position {
            for bid in fresh {
                var update = bid.bid.update
                update.sequence = bid.sequence
                pushes.append(PositionedUpdate(update, position: position))
            }
        }
        if let lot = book.lot(for: id) { actions.append(.lotChanged(lot, addedBids: fresh.count)) }
        actions.append(.otherNodesBids(fresh.map(\.bid)))
        actions.append(.note(.missedBids(id, count: fresh.count)))
    }
}
