import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Bids: who may bid, the decision, the durable commit, then the reply and the push.
extension SocketService {
    /// Where a bid's answer goes: a client's request, or nowhere (simulated bids).
    struct ReplyTarget: Sendable {
        var connection: ConnectionID
        var completionID: Int64?
    }

    /// A bid from a client: login and rate checks, then the common path.
    func bidFromClient(_ bid: Bid, userID: UserID?, completionID: Int64?, peer: SocketPeer) {
        let now = WallClock.now()
        let bidder: UserID?
        if let user = peer.user {
            if let claimed = userID, claimed != user.id {
                counters.bidsRefused += 1
                log.info("socket: \(peer.label) bid as user \(claimed) while logged in as \(user.name): refused")
                return reply(to: peer, completionID, result: false, reason: .userMismatch,
                             price: book.lot(for: bid.productID)?.price)
            }
            bidder = user.id
        } else if configuration.allowAnonymousBids {
            // The original backend took `user_id` on trust; we record the bid as anonymous instead.
            bidder = nil
        } else {
            counters.bidsRefused += 1
            return reply(to: peer, completionID, result: false, reason: .unauthenticated,
                         price: book.lot(for: bid.productID)?.price)
        }
        guard bidLimiter.take(peer.id, now: now) else {
            counters.bidsRefused += 1
            log.debug("socket: \(peer.label) bids too fast: refused")
            return reply(to: peer, completionID, result: false, reason: .rateLimited,
                         price: book.lot(for: bid.productID)?.price)
        }
        place(bid, bidder: bidder, now: now, target: ReplyTarget(connection: peer.id, completionID: completionID))
    }

    /// Decides a bid; a refusal is answered at once, an acceptance after its commit.
    func place(_ bid: Bid, bidder: UserID?, now: Timestamp, target: ReplyTarget?) {
        switch book.decide(bid, bidder: bidder, now: now) {
        case .refused(let reason, let price):
            counters.bidsRefused += 1
            if let target, let peer = peers[target.connection] {
                reply(to: peer, target.completionID, result: false, reason: reason, price: price)
            }
        case .accepted(let accepted, let update, let position):
            bidsInFlight += 1
            let loop = self.loop
            ledger.submit(accepted) { [self] result in
                loop.execute { self.committed(accepted, update: update, position: position, target: target, result: result) }
            }
        }
    }

    /// The ledger's answer, back on the loop: confirm, reply and push; or undo, reply and correct.
    private func committed(_ bid: AcceptedBid, update: PriceUpdate, position: Int, target: ReplyTarget?,
                           result: Result<Void, StoreError>) {
        bidsInFlight -= 1
        switch result {
        case .success:
            counters.bidsAccepted += 1
            book.confirm(CollectionOfOne(bid))
            if let target, let peer = peers[target.connection] {
                reply(to: peer, target.completionID, result: true, price: bid.price)
            }
            broadcast(update, position: position)
            onPriceChange(update)
            log.debug("bid: \(bid.productID) accepted at \(bid.price) for \(bid.bidder.map(String.init(describing:)) ?? "anonymous")")
        case .failure(let error):
            counters.commitFailures += 1
            log.error("bid: \(bid.productID) at \(bid.price) could not be stored, undone: \(error)")
            if let correction = book.revert(bid) {
                broadcast(correction, position: position)
                onPriceChange(correction)
            }
            if let target, let peer = peers[target.connection] {
                reply(to: peer, target.completionID, result: false, reason: .serverError,
                      price: book.lot(for: bid.productID)?.price)
            }
        }
        // A lot that ended while its bids were committing closes now.
        if let endsAt = book.lot(for: bid.productID)?.endsAt, endsAt <= WallClock.now() {
            runClosings()
        }
    }
}
