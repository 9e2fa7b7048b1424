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

    /// A bid from a client: login and rate checks, its idempotency key, then the common path.
    func bidFromClient(_ bid: Bid, userID: UserID?, completionID: Int64?, peer: SocketPeer) {
        let now = currentTime()
        guard let bidder = admit(peer, claimed: userID, productID: bid.productID, completionID: completionID, now: now)
        else { return }
        let target = ReplyTarget(connection: peer.id, completionID: completionID)
        let key = idempotencyKey(bid.idempotencyKey, bidder: bidder, request: KeyedRequest(bid))
        if answeredByKey(key, target: target, now: now) { return }
        place(bid, bidder: bidder, now: now, target: target, key: key)
    }

    /// Login and rate checks of a bid or buy; the bidder (nil: anonymous), or nil after answering a refusal.
    func admit(_ peer: SocketPeer, claimed userID: UserID?, productID: ProductID, completionID: Int64?,
               now: Timestamp) -> UserID?? {
        // A session that ended (found here, by a notice's delivery or by a suspension) is answered unauthenticated once.
        let wasLoggedIn = peer.user != nil || peer.loginEnded
        let user = currentUser(of: peer)
        if user == nil, let suspension = peer.suspension {  // never an anonymous bid of a suspended user
            counters.bidsRefused += 1
            metrics?.refused(.suspended)
            reply(to: peer, completionID, result: false, reason: .suspended, price: bidPath.book.lot(for: productID)?.price,
                  fields: suspension.replyFields)
            return nil
        }
        peer.loginEnded = false
        let admission = BidAdmission(allowsAnonymousBids: configuration.allowAnonymousBids)
        switch bidPath.admit(admission, connection: peer.id, user: user?.id, wasLoggedIn: wasLoggedIn, claimed: userID, now: now) {
        case .admitted(let admitted):
            return .some(admitted)
        case .refused(let reason):
            counters.bidsRefused += 1
            metrics?.refused(reason)
            if reason == .userMismatch, let user, let claimed = userID {
                log.info("socket: \(peer.label) bid as user \(claimed) while logged in as \(user.name): refused")
            } else if reason == .rateLimited {
                log.debug("socket: \(peer.label) bids too fast: refused")
            }
            reply(to: peer, completionID, result: false, reason: reason, price: bidPath.book.lot(for: productID)?.price,
                  fields: currentMinimumFields(productID))
            return nil
        }
    }

    /// Decides a bid; a refusal that changed nothing is answered at once, anything else after its commit.
    ///
    /// Decisions made while the loop handles one round of input go to the ledger together, in one
    /// submission at the end of the round, and come back together: their replies and pushes are
    /// then written in one loop iteration, so each watcher gets them in one `send`.
    func place(_ bid: Bid, bidder: UserID?, now: Timestamp, target: ReplyTarget?, key: IdempotencyKey? = nil,
               attempts: Int = 0) {
        if bidPath.waitsForSellerChange(bid.productID, { [unowned self] later in
            place(bid, bidder: bidder, now: later, target: target, key: key, attempts: attempts)
        }) { return }
        submit(bidPath.decide(bid, bidder: bidder, now: now, target: target, key: key, attempts: attempts), now: now)
    }

    /// Answers a decision that stored nothing at once; queues any other for this round's commit.
    func submit(_ pending: PendingBid, now: Timestamp) {
        guard pending.decision.changesBook else {
            counters.bidsRefused += 1
            let answer = KeyedAnswer(pending.decision.outcome)
            if let target = pending.target, let peer = peers[target.connection] {
                reply(to: peer, target.completionID, result: answer.result, reason: answer.reason, price: answer.price,
                      fields: outcomeFields(pending.decision, productID: pending.productID, bidder: pending.bidder, peer: peer))
            }
            settle(pending.key, answer, now: now)
            return
        }
        if bidPath.queue(pending) {
            let this = LoopBound(self, on: loop)
            loop.execute { this.value.submitPending() }
        }
    }

    /// Hands the decisions made this round to the ledger as one submission (loop thread).
    func submitPending() {
        let batch = bidPath.takeRound()
        guard !batch.isEmpty else { return }
        let inbox = bidPath.inbox, loop = self.loop, this = LoopBound(self, on: loop)
        // One submission per decision: a store that decides each once (PostgreSQL) refuses only the
        // conflicting ones; the writer still commits everything queued in one transaction.
        for item in batch {
            ledger.submit(bidPath.submission(of: item)) { outcome in
                // On the writer thread: park the outcome; one loop task takes every parked outcome.
                if inbox.post([item], outcome) { loop.execute { this.value.drainCommits() } }
            }
        }
    }

    /// Takes every commit result parked so far and answers it (loop thread).
    ///
    /// The pushes of every successful group taken here leave as one `PushGroup` (more pushes per
    /// write under load); a failed group's corrections go out after the pushes taken before it.
    private func drainCommits() {
        var pushes: [(PriceUpdate, Int)] = []
        for (batch, outcome) in bidPath.inbox.takeAll() {
            if !outcome.isCommitted { pushGroup(&pushes) }
            committed(batch, outcome: outcome, pushes: &pushes)
        }
        pushGroup(&pushes)
        if clusterFeed.hasParked { adoptParkedRemoteBids() }
        if bidPath.hasSettlingChanges { runSettledChanges() }
    }

    /// Pushes the accepted steps collected so far, then their price changes go to the live feed.
    private func pushGroup(_ pushes: inout [(PriceUpdate, Int)]) {
        pushes = fanOut.admit(pushes)
        guard !pushes.isEmpty else { return }
        if pushes.count == 1 {
            broadcast(pushes[0].0, position: pushes[0].1)
        } else {
            broadcast(PushGroup(pushes.lazy.map { ($0.0, $0.1) }))
        }
        for item in pushes { hooks.onPriceChange(item.0) }
        pushes.removeAll()
    }

    /// The ledger's answer, back on the loop: confirm, reply and push; or undo, reply and correct.
    /// Accepted steps' pushes are appended to `pushes` for the caller to send as one group.
    private func committed(_ batch: [PendingBid], outcome: CommitOutcome<StoreError>, pushes: inout [(PriceUpdate, Int)]) {
        bidPath.returned(batch, committed: outcome.isCommitted)
        let now = currentTime()
        switch outcome {
        case .committed(let stored):
            for item in batch {
                counters.bidsAccepted += item.decision.steps.count
                if !item.decision.isAccepted { counters.bidsRefused += 1 }
            }
            // Replies now, pushes with the whole group (a bidder that also watches gets its reply
            // before its push, as before; pushes of different products may come in page order).
            for item in batch {
                let answer = KeyedAnswer(item.decision.outcome)
                if let target = item.target, let peer = peers[target.connection] {
                    reply(to: peer, target.completionID, result: answer.result, reason: answer.reason, price: answer.price,
                          fields: outcomeFields(item.decision, productID: item.productID, bidder: item.bidder, peer: peer))
                }
                settle(item.key, answer, now: now)
                pushMissedBids(stored.missed, before: item, into: &pushes)
                let updates = bidPath.sequencedUpdates(of: item, stored: stored.sequences)
                if let position = item.decision.position { pushes += updates.map { ($0, position) } }
            }
            for item in batch { announceLotChange(item) }
            metrics?.replied(to: batch)
            // Who leads and who was displaced, read once for the outbid notices and the standing pushes.
            let leaders = LeaderChange.of(batch)
            notifyCommitted(batch, leaders: leaders)
            pushStanding(leaders)
            if log.enabled(.debug) {
                for item in batch {
                    for step in item.decision.steps {
                        log.debug("bid: \(step.productID) accepted at \(step.price) for "
                                  + (step.bidder.map { "user \($0)" } ?? "anonymous") + (step.isAutomatic ? " (proxy)" : ""))
                    }
                }
            }
        case .conflict, .duplicateKey, .bidderSuspended:
            for item in batch { decideAgain(item, after: outcome, now: now) }
        case .unavailable(let error):
            counters.commitFailures += batch.count
            log.error("bid: \(batch.count) decision(s) could not be stored and were undone: \(error)")
            // Undone in the book only: nothing uncommitted was ever pushed (pushes leave after the
            // commit), so watchers already hold the last committed price and its seq — a correction
            // would repeat that seq.
            for correction in bidPath.undo(batch) { hooks.onPriceChange(correction) }
            for item in batch {
                let reason = error.refusalReason
                let answer = KeyedAnswer(result: false, reason: reason, price: bidPath.book.lot(for: item.productID)?.price)
                if let target = item.target, let peer = peers[target.connection] {
                    reply(to: peer, target.completionID, result: false, reason: reason, price: answer.price)
                }
                abandon(item.key, answer)
            }
        case .unknown(let error):
            counters.commitFailures += batch.count
            log.error("bid: \(batch.count) decision(s) may or may not be stored (the link broke after COMMIT was sent): "
                      + "no answer given, the lot is learnt again from the store: \(error)")
            // The book forgets them; if the store kept them, the cluster feed brings them back (pushed
            // with their seqs) once the link returns. No reply: a client takes silence as an unknown
            // outcome, and a keyed retry is decided again, where the store answers with the original.
            for correction in bidPath.undo(batch) { hooks.onPriceChange(correction) }
            for item in batch {
                if let key = item.key { _ = bidPath.abandonKey(key) }
            }
        }
        // A lot that ended while its bids were committing (or was bought) closes now, after its last price push.
        if batch.contains(where: { item in
            bidPath.book.lot(for: item.productID)?.endsAt.map { $0 <= now } ?? false
        }) {
            pushGroup(&pushes)
            runClosings()
        }
    }

}
