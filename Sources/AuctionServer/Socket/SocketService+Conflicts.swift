import AuctionCore
import AuctionEngine

/// Bids another node's commit overtook (PostgreSQL): undo, catch up with the store, decide again.
extension SocketService {
    /// How many times a bid is decided again after conflicts before it is refused as unavailable.
    static let conflictAttempts = 3

    /// A decision the store refused as a conflict or as a duplicate key, back on the loop: the book
    /// forgets it; a duplicate key is answered with the original bid; a conflict adopts what the
    /// store held past this node's knowledge (pushing the missed bids, `adoptNow`) and decides the
    /// request again on it (at most `conflictAttempts` times).
    func decideAgain(_ item: PendingBid, after error: StoreError, now: Timestamp) {
        book.revert(item.decision)
        guard let postgres = ledger as? PostgresBidLedger else {
            refuseUnavailable(item)
            return
        }
        if error.isDuplicateBidKey {
            counters.keyedRetries += 1
            guard let key = item.key, let original = postgres.takeOriginal(user: key.user, key: key.key) else {
                refuseUnavailable(item)
                return
            }
            guard key.request.repeats(KeyedRequest(isPurchase: nil, productID: original.productID)) else {
                // Bound (on another node, or before a restart) to a bid on another product: not this request.
                counters.bidsRefused += 1
                let answer = KeyedAnswer(result: false, reason: .idempotencyKeyReused, price: book.lot(for: item.productID)?.price)
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
            return
        }
        guard let first = item.decision.steps.first, let read = postgres.takeConflictRead(of: first) else {
            refuseUnavailable(item)
            return
        }
        // A seller's edit on another node since the book took the lot's terms (or its own, adopted
        // where the ledger did not hear of it): the stored terms replace the book's below.
        let id = item.productID
        let termsChanged = read.lot.terms.map { $0.version != postgres.termsVersion(of: id) } ?? false
        // Catch up through the listener's path first: the bids the node missed are pushed with their
        // seq (before this request's own, decided again next), the catalogue follows.
        adoptNow(read)
        // Read at (or adopted to) what the node knows: a closed lot is taken whole; so is a lot with no
        // decision in flight (its book must equal the store then, but may have missed a step of its own
        // that committed after an earlier refresh forgot it). Steps in flight are kept otherwise.
        let lot = book.lot(for: id), known = sequences.known(of: id)
        if let latest = postgres.conflictState(for: id), Int64(latest.bidCount) > max(read.bidCount, known) {
            // A later conflict on this lot already read a newer state: decide from that one (as
            // fresh as the store allows); its bids reach the watchers through the feed, or before
            // the next commit here (the writer reads what this node missed).
            if let update = book.refresh(latest) { onPriceChange(update) }
        } else if read.bidCount == known, read.lot.isClosed || termsChanged || lot?.hasUncommittedBids != true {
            if let update = book.refresh(read.lot) { onPriceChange(update) }
        } else if termsChanged, let terms = read.lot.terms {
            book.adoptTerms(terms, of: id)  // the book knows newer bids than this read: the terms only
        }
        if termsChanged {
            postgres.adoptedTerms(version: read.lot.terms?.version, of: id)
            if let lot = book.lot(for: id) { onLotChange(lot, 0) }
        }
        guard item.attempts < Self.conflictAttempts else {
            log.info("bid: \(item.productID) still conflicts after \(item.attempts) attempts: refused as unavailable")
            refuseUnavailable(item)
            return
        }
        log.debug("bid: \(item.productID) moved on another node (now \(read.lot.price)): deciding again")
        if item.isPurchase {
            buy(item.productID, buyer: item.bidder, target: item.target, key: item.key, attempts: item.attempts + 1, now: now)
        } else if let request = item.request {
            place(request, bidder: item.bidder, now: now, target: item.target, key: item.key, attempts: item.attempts + 1)
        } else {
            refuseUnavailable(item)
        }
    }

    /// Refuses a request whose decision could not be stored, with `unavailable`: nothing was stored.
    private func refuseUnavailable(_ item: PendingBid) {
        counters.bidsRefused += 1
        let answer = KeyedAnswer(result: false, reason: .unavailable, price: book.lot(for: item.productID)?.price)
        if let target = item.target, let peer = peers[target.connection] {
            reply(to: peer, target.completionID, result: false, reason: .unavailable, price: answer.price)
        }
        abandon(item.key, answer)
    }
}

extension SocketService {
    /// Before a committed decision's own pushes: the bids of other nodes it came right after without
    /// this node having adopted them (it was decided at their price by chance, on a step of this
    /// node's own that then lost), appended to `pushes` with their seqs so none is skipped. The book
    /// keeps its own state (the committed steps sit on top of those bids).
    func pushMissedBids(before item: PendingBid, into pushes: inout [(PriceUpdate, Int)]) {
        guard let first = item.decision.steps.first, let postgres = ledger as? PostgresBidLedger,
              let missed = postgres.takeMissedBids(of: first) else { return }
        let id = item.productID, known = sequences.known(of: id)
        let fresh = missed.bids.filter { $0.sequence > known }
        guard let last = fresh.last else { return }
        sequences.raise(id, to: last.sequence)
        if let position = item.decision.position {
            for bid in fresh {
                var update = bid.bid.update
                update.sequence = bid.sequence
                pushes.append((update, position))
            }
        }
        if let lot = book.lot(for: id) { onLotChange(lot, fresh.count) }
        log.debug("bid: \(id) committed after \(fresh.count) bid(s) of another node not seen here: pushed first")
    }

    /// Pins the terms version the book holds for a decision's lot to its submission (PostgreSQL):
    /// the store refuses it as a conflict if a seller's edit changed the lot since. Called just
    /// before the submission goes to the ledger.
    func pinTerms(of item: PendingBid) {
        guard let first = item.decision.steps.first, let postgres = ledger as? PostgresBidLedger else { return }
        postgres.pinTerms(first)
    }
}

extension StoreError {
    /// The reason a client is given when its bid could not be stored: `unavailable` when the
    /// store could not be reached (try again, perhaps on another node), `server_error` otherwise.
    var refusalReason: RefusalReason {
        if case .unavailable = self { return .unavailable }
        return .serverError
    }
}
