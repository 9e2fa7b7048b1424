import AuctionCore
import AuctionData
import AuctionEngine
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
        let now = currentTime()
        let wasLoggedIn = peer.user != nil  // a session that ended is answered unauthenticated once
        let user = currentUser(of: peer)
        let admission = BidAdmission(allowsAnonymousBids: configuration.allowAnonymousBids)
        let bidder: UserID?
        switch admission.decide(connection: peer.id, user: user?.id, wasLoggedIn: wasLoggedIn, claimed: userID,
                                limiter: &bidLimiter, now: now) {
        case .admitted(let admitted):
            bidder = admitted
        case .refused(let reason):
            counters.bidsRefused += 1
            if reason == .userMismatch, let user, let claimed = userID {
                log.info("socket: \(peer.label) bid as user \(claimed) while logged in as \(user.name): refused")
            } else if reason == .rateLimited {
                log.debug("socket: \(peer.label) bids too fast: refused")
            }
            return reply(to: peer, completionID, result: false, reason: reason, price: book.lot(for: bid.productID)?.price)
        }
        place(bid, bidder: bidder, now: now, target: ReplyTarget(connection: peer.id, completionID: completionID))
    }

    /// Decides a bid; a refusal is answered at once, an acceptance after its commit.
    ///
    /// Bids accepted while the loop handles one round of input go to the ledger together, in one
    /// submission at the end of the round, and come back together: their replies and pushes are
    /// then written in one loop iteration, so each watcher gets them in one `send`.
    func place(_ bid: Bid, bidder: UserID?, now: Timestamp, target: ReplyTarget?) {
        var plain = bid
        plain.maximum = nil  // proxy bids are not offered yet: a plain bid decides as before
        let decision = book.decide(plain, bidder: bidder, now: now)
        switch decision.outcome {
        case .refused(let reason, let price):
            counters.bidsRefused += 1
            if let target, let peer = peers[target.connection] {
                reply(to: peer, target.completionID, result: false, reason: reason, price: price,
                      fields: refusalFields(reason, productID: bid.productID))
            }
        case .accepted:
            guard let accepted = decision.steps.first, let position = decision.position else { return }
            if bidCommits.add(PendingBid(bid: accepted, update: accepted.update, position: position, target: target)) {
                loop.execute { [self] in submitPending() }
            }
        }
    }

    /// Hands the bids accepted this round to the ledger as one submission (loop thread).
    func submitPending() {
        let batch = bidCommits.takeRound()
        guard !batch.isEmpty else { return }
        let inbox = bidCommits.inbox, loop = self.loop
        ledger.submit(batch.map(\.bid)) { [self] result in
            // On the writer thread: park the result; one loop task takes every parked result.
            if inbox.post(batch, result) { loop.execute { self.drainCommits() } }
        }
    }

    /// Takes every commit result parked so far and answers it (loop thread).
    ///
    /// The pushes of every successful group taken here leave as one `PushGroup` (more pushes per
    /// write under load); a failed group's corrections go out after the pushes taken before it.
    private func drainCommits() {
        var pushes: [PendingBid] = []
        for (batch, result) in bidCommits.inbox.takeAll() {
            if case .failure = result { pushGroup(&pushes) }
            committed(batch, result: result, pushes: &pushes)
        }
        pushGroup(&pushes)
    }

    /// Pushes the accepted bids collected so far, then their price changes go to the live feed.
    private func pushGroup(_ pushes: inout [PendingBid]) {
        guard !pushes.isEmpty else { return }
        if pushes.count == 1 {
            broadcast(pushes[0].update, position: pushes[0].position)
        } else {
            broadcast(PushGroup(pushes.lazy.map { ($0.update, $0.position) }))
        }
        for item in pushes { onPriceChange(item.update) }
        pushes.removeAll()
    }

    /// The ledger's answer, back on the loop: confirm, reply and push; or undo, reply and correct.
    /// Accepted bids' pushes are appended to `pushes` for the caller to send as one group.
    private func committed(_ batch: [PendingBid], result: Result<Void, StoreError>, pushes: inout [PendingBid]) {
        bidCommits.finished(batch.count)
        switch result {
        case .success:
            counters.bidsAccepted += batch.count
            book.confirm(batch.lazy.map(\.bid))
            // Replies now, pushes with the whole group (a bidder that also watches gets its reply
            // before its push, as before; pushes of different products may come in page order).
            for item in batch {
                if let target = item.target, let peer = peers[target.connection] {
                    reply(to: peer, target.completionID, result: true, price: item.bid.price)
                }
            }
            pushes.append(contentsOf: batch)
            if log.enabled(.debug) {
                for item in batch {
                    log.debug("bid: \(item.bid.productID) accepted at \(item.bid.price) for "
                              + (item.bid.bidder.map { "user \($0)" } ?? "anonymous"))
                }
            }
        case .failure(let error):
            counters.commitFailures += batch.count
            log.error("bid: \(batch.count) accepted bid(s) could not be stored and were undone: \(error)")
            for correction in book.revert(batch.map(\.bid)) {
                guard let position = book.position(of: correction.productID) else { continue }
                broadcast(correction, position: position)
                onPriceChange(correction)
            }
            for item in batch {
                if let target = item.target, let peer = peers[target.connection] {
                    reply(to: peer, target.completionID, result: false, reason: .serverError,
                          price: book.lot(for: item.bid.productID)?.price)
                }
            }
        }
        // A lot that ended while its bids were committing closes now, after its last price push.
        let now = currentTime()
        if batch.contains(where: { item in book.lot(for: item.bid.productID)?.endsAt.map { $0 <= now } ?? false }) {
            pushGroup(&pushes)
            runClosings()
        }
    }
}
