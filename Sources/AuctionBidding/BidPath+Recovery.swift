import AuctionCore
import AuctionEngine

/// Decisions the store refused: another node's commit overtook them (PostgreSQL), their key was bound
/// first, or their bidder is suspended there. The book forgets them; each is answered or decided again.
extension BidPath {
    /// A conflict adopts what the store held past this node's knowledge (its bids pushed first) and decides
    /// the request again on it, as `ConflictRecovery` plans; a duplicate key is answered with the original bid.
    mutating func decideAgain<Failure: BidCommitFailure>(_ item: PendingBid, after outcome: CommitOutcome<Failure>, now: Timestamp,
                                                         into actions: inout [BidAction]) {
        undo([item])
        switch outcome {
        case .duplicateKey(let original):
            answerDuplicate(item, original: original, now: now, into: &actions)
        case .conflict(let read):
            recover(item, from: read, now: now, into: &actions)
        case .bidderSuspended(let user):
            refuse(item, .suspended, into: &actions)
            actions.append(.logOut(user))
        case .committed, .unavailable, .unknown:
            refuse(item, .unavailable, into: &actions)
        }
    }

    /// A keyed request whose key another commit bound first: answered with that original bid.
    private mutating func answerDuplicate(_ item: PendingBid, original: AcceptedBid?, now: Timestamp, into actions: inout [BidAction]) {
        counts.keyedRetries += 1
        guard let key = item.key, let original else { return refuse(item, .unavailable, into: &actions) }
        guard key.request.repeats(KeyedRequest(isPurchase: nil, productID: original.productID)) else {
            // Bound (on another node, or before a restart) to a bid on another product: not this request.
            return refuse(item, .idempotencyKeyReused, into: &actions)
        }
        let answer = KeyedAnswer(result: true, reason: nil, price: original.price)
        if let target = item.target { actions.append(.reply(target, answer, .none)) }
        settle(item.key, answer, now: now, into: &actions)
    }

    /// Catches up with a conflict's read and decides the request again (or refuses it after too many tries).
    private mutating func recover(_ item: PendingBid, from read: RemoteBids, now: Timestamp, into actions: inout [BidAction]) {
        let id = item.productID
        // Catch up as another node's bids are adopted first: the bids the node missed are pushed with
        // their seq (before this request's own, decided again next), the catalogue follows.
        actions += adoptRead(read)
        let plan = ConflictRecovery.plan(read: read.lot, readBidCount: read.bidCount, known: sequences.known(of: id),
                                         bookVersion: termsVersions[id], hasUncommittedBids: hasUncommittedBids(id),
                                         attempts: item.attempts)
        switch plan.update {
        case .refresh(let lot): if let correction = book.refresh(lot) { actions.append(.correctPrice(correction)) }
        case .terms(let terms): _ = book.adoptTerms(terms, of: id)
        case .none: break
        }
        if plan.termsChanged {
            termsVersions[id] = read.lot.terms?.version
            if let lot = book.lot(for: id) { actions.append(.lotChanged(lot, addedBids: 0)) }
        }
        if let withdrawal = read.lot.withdrawal {
            // Taken down on another node, whose notice has not arrived yet: refused as it would be there.
            return refuse(item, withdrawal == .removed ? .lotRemoved : .withdrawn, into: &actions)
        }
        guard plan.decidesAgain else {
            actions.append(.note(.stillConflicts(id, attempts: item.attempts)))
            return refuse(item, .unavailable, into: &actions)
        }
        actions.append(.note(.decidingAgain(id, storedPrice: read.lot.price)))
        let kind: DeferredRequest.Kind
        if item.isPurchase {
            kind = .buy(id)
        } else if let request = item.request {
            kind = .bid(request)
        } else {
            return refuse(item, .unavailable, into: &actions)
        }
        decide(DeferredRequest(kind: kind, bidder: item.bidder, target: item.target, key: item.key, attempts: item.attempts + 1,
                               receivedAt: item.decidedAt), now: now, into: &actions)
    }

    /// Answers a decision the store did not take with `reason` (its key may be used again).
    private mutating func refuse(_ item: PendingBid, _ reason: RefusalReason, into actions: inout [BidAction]) {
        counts.refused += 1
        let answer = KeyedAnswer(result: false, reason: reason, price: price(of: item.productID))
        if let target = item.target { actions.append(.reply(target, answer, .none)) }
        abandon(item.key, answer, into: &actions)
    }
}
