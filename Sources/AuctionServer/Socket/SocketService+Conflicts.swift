import AuctionCore
import AuctionEngine

/// Bids another node's commit overtook (PostgreSQL): undo, catch up with the store, decide again.
extension SocketService {
    /// A decision the store refused as a conflict or as a duplicate key, back on the loop: the book
    /// forgets it; a duplicate key is answered with the original bid; a conflict adopts what the
    /// store held past this node's knowledge (pushing the missed bids, `adoptNow`) and decides the
    /// request again on it, as `ConflictRecovery` plans.
    func decideAgain(_ item: PendingBid, after outcome: CommitOutcome<StoreError>, now: Timestamp) {
        bidPath.undo([item])
        switch outcome {
        case .duplicateKey(let original):
            answerDuplicate(item, original: original, now: now)
        case .conflict(let read):
            recover(item, from: read, now: now)
        case .bidderSuspended(let user):
            refuseSuspended(item, user: user)
        case .committed, .unavailable, .unknown:
            refuseUnavailable(item)
        }
    }

    /// A keyed request whose key another commit bound first: answered with that original bid.
    private func answerDuplicate(_ item: PendingBid, original: AcceptedBid?, now: Timestamp) {
        counters.keyedRetries += 1
        guard let key = item.key, let original else {
            refuseUnavailable(item)
            return
        }
        guard key.request.repeats(KeyedRequest(isPurchase: nil, productID: original.productID)) else {
            // Bound (on another node, or before a restart) to a bid on another product: not this request.
            counters.bidsRefused += 1
            let answer = KeyedAnswer(result: false, reason: .idempotencyKeyReused, price: bidPath.book.lot(for: item.productID)?.price)
            if let target = item.target, let peer = peers[target.connection] {
                reply(to: peer, target.completionID, result: false, reason: .idempotencyKeyReused, price: answer.price)
            }
            abandon(item.key, answer)
            return
        }
        let answer = KeyedAnswer(result: true, reason: nil, price: original.price)
        if let target = item.target, let peer = peers[target.connection] {
            reply(to: peer, target.completionID, result: true, price: original.price)
        }
        settle(item.key, answer, now: now)
    }

    /// Catches up with a conflict's read and decides the request again (or refuses it after too many tries).
    private func recover(_ item: PendingBid, from read: RemoteBids, now: Timestamp) {
        let id = item.productID
        // Catch up through the listener's path first: the bids the node missed are pushed with their
        // seq (before this request's own, decided again next), the catalogue follows.
        adoptNow(read)
        let catchUp = bidPath.recover(id, from: read, attempts: item.attempts)
        if let update = catchUp.correction { hooks.onPriceChange(update) }
        if let lot = catchUp.changedLot { hooks.onLotChange(lot, 0) }
        if let withdrawal = read.lot.withdrawal {
            // Taken down on another node, whose notice has not arrived yet: refused as it would be there.
            refuse(item, withdrawal == .removed ? .lotRemoved : .withdrawn)
            return
        }
        guard catchUp.decidesAgain else {
            log.info("bid: \(id) still conflicts after \(item.attempts) attempts: refused as unavailable")
            refuseUnavailable(item)
            return
        }
        log.debug("bid: \(id) moved on another node (now \(read.lot.price)): deciding again")
        if item.isPurchase {
            buy(id, buyer: item.bidder, target: item.target, key: item.key, attempts: item.attempts + 1, now: now)
        } else if let request = item.request {
            place(request, bidder: item.bidder, now: now, target: item.target, key: item.key, attempts: item.attempts + 1)
        } else {
            refuseUnavailable(item)
        }
    }

    /// A bid whose placer the store holds suspended (the session notice has not reached this node yet):
    /// refused `suspended` (the reason and end come with the notice; the loop reads no store for them), and
    /// every connection here logged in as them is logged out now.
    private func refuseSuspended(_ item: PendingBid, user: UserID) {
        refuse(item, .suspended)
        logOutConnections(of: user)
    }

    /// Refuses a request whose decision could not be stored, with `unavailable`: nothing was stored.
    private func refuseUnavailable(_ item: PendingBid) {
        refuse(item, .unavailable)
    }

    /// Answers a decision the store did not take with `reason` (its key may be used again).
    private func refuse(_ item: PendingBid, _ reason: RefusalReason) {
        counters.bidsRefused += 1
        let answer = KeyedAnswer(result: false, reason: reason, price: bidPath.book.lot(for: item.productID)?.price)
        if let target = item.target, let peer = peers[target.connection] {
            reply(to: peer, target.completionID, result: false, reason: reason, price: answer.price)
        }
        abandon(item.key, answer)
    }
}

extension SocketService {
    /// Before a committed decision's own pushes: the bids of other nodes it came right after without
    /// this node having adopted them (it was decided at their price by chance, on a step of this
    /// node's own that then lost), appended to `pushes` with their seqs so none is skipped. The book
    /// keeps its own state (the committed steps sit on top of those bids).
    func pushMissedBids(_ missed: RemoteBids?, before item: PendingBid, into pushes: inout [(PriceUpdate, Int)]) {
        let id = item.productID, fresh = bidPath.missedBids(missed, on: id)
        guard !fresh.isEmpty else { return }
        if let position = item.decision.position {
            for bid in fresh {
                var update = bid.bid.update
                update.sequence = bid.sequence
                pushes.append((update, position))
            }
        }
        if let lot = bidPath.book.lot(for: id) { hooks.onLotChange(lot, fresh.count) }
        log.debug("bid: \(id) committed after \(fresh.count) bid(s) of another node not seen here: pushed first")
    }
}

extension StoreError {
    /// The reason a client is given when its bid could not be stored: `unavailable` when the
    /// store could not be reached or the lot could not be read after a conflict (try again, perhaps
    /// on another node), `server_error` otherwise.
    var refusalReason: RefusalReason {
        if case .unavailable = self { return .unavailable }
        if isBidConflict { return .unavailable }
        return .serverError
    }
}
