import AuctionCore
import AuctionEngine

/// A request arrives: login and rate checks, its idempotency key, the seller's hold, the decision.
extension BidPath {
    /// A bid or buy from a client: refused at once (login, rate, key), parked behind a seller's change,
    /// answered at once when its decision changes nothing, or queued for this round's commit.
    public mutating func arrived(_ arrival: BidArrival, now: Timestamp) -> [BidAction] {
        var actions: [BidAction] = []
        guard let bidder = admit(arrival, now: now, into: &actions) else { return actions }
        let request: DeferredRequest
        switch arrival.request {
        case .bid(let bid, _):
            request = DeferredRequest(kind: .bid(bid), bidder: bidder, target: arrival.target,
                                      key: BidKey(bid.idempotencyKey, bidder: bidder, request: KeyedRequest(bid)),
                                      attempts: 0, receivedAt: arrival.receivedAt)
        case .buy(let id, let key):
            request = DeferredRequest(kind: .buy(id), bidder: bidder, target: arrival.target,
                                      key: BidKey(key, bidder: bidder, request: KeyedRequest(isPurchase: true, productID: id)),
                                      attempts: 0, receivedAt: arrival.receivedAt)
        }
        if answeredByKey(request.key, target: arrival.target, now: now, into: &actions) { return actions }
        decide(request, now: now, into: &actions)
        return actions
    }

    /// A simulated bidder's bid: no reply, no key, no rate.
    public mutating func simulated(_ bid: Bid, bidder: UserID?, now: Timestamp) -> [BidAction] {
        var actions: [BidAction] = []
        decide(DeferredRequest(kind: .bid(bid), bidder: bidder, target: nil, key: nil, attempts: 0, receivedAt: 0),
               now: now, into: &actions)
        return actions
    }

    /// Login and rate checks; the bidder (nil: anonymous), or nil after a refusal was answered.
    private mutating func admit(_ arrival: BidArrival, now: Timestamp, into actions: inout [BidAction]) -> UserID?? {
        let id = arrival.productID
        if arrival.user == nil, arrival.isSuspended {  // never an anonymous bid of a suspended user
            counts.refused += 1
            actions.append(.meter(.suspended))
            actions.append(.reply(arrival.target, KeyedAnswer(result: false, reason: .suspended, price: price(of: id)), .suspension))
            return nil
        }
        var claimed: UserID?
        if case .bid(_, let named) = arrival.request { claimed = named }
        let admission = BidAdmission(allowsAnonymousBids: settings.allowsAnonymousBids)
        switch admission.decide(connection: arrival.target.connection, user: arrival.user, wasLoggedIn: arrival.wasLoggedIn,
                                claimed: claimed, limiter: &limiter, now: now) {
        case .admitted(let bidder):
            return .some(bidder)
        case .refused(let reason):
            counts.refused += 1
            actions.append(.meter(reason))
            if reason == .userMismatch, arrival.user != nil, let claimed {
                actions.append(.note(.userMismatch(arrival.target.connection, claimed: claimed)))
            } else if reason == .rateLimited {
                actions.append(.note(.rateLimited(arrival.target.connection)))
            }
            actions.append(.reply(arrival.target, KeyedAnswer(result: false, reason: reason, price: price(of: id)),
                                  .minimum(openMinimum(of: id))))
            return nil
        }
    }

    /// The next minimum of an open lot, for a request refused before the book decided.
    private func openMinimum(of id: ProductID) -> Money? {
        guard let lot = book.lot(for: id), !lot.isClosed, !lot.isBought else { return nil }
        return book.nextMinimum(of: lot)
    }

    /// Looks a request's key up; true when the request was answered (or waits) and must not be decided.
    private mutating func answeredByKey(_ key: BidKey?, target: BidReplyTarget, now: Timestamp,
                                        into actions: inout [BidAction]) -> Bool {
        guard let key else { return false }
        switch keys.begin(key.name, request: key.request, waiter: target, now: now) {
        case .new:
            return false
        case .waiting:
            actions.append(.note(.keyWaits(key.user)))
        case .answered(let first):
            counts.keyedRetries += 1
            actions.append(.reply(target, first, .none))
        case .full:
            actions.append(.meter(.rateLimited))
            actions.append(.note(.keysFull(key.user)))
            actions.append(.reply(target, KeyedAnswer(result: false, reason: .rateLimited, price: nil), .none))
        case .reused:
            counts.refused += 1
            actions.append(.meter(.idempotencyKeyReused))
            actions.append(.note(.keyReused(key.user)))
            actions.append(.reply(target, KeyedAnswer(result: false, reason: .idempotencyKeyReused,
                                                      price: price(of: key.request.productID)), .none))
        }
        return true
    }

    /// Decides a request on the book, or parks it while a seller's change to its lot is stored.
    ///
    /// Decisions made while the loop handles one round of input go to the ledger together, in one
    /// submission at the end of the round, and come back together: their replies and pushes are
    /// then written in one loop iteration, so each watcher gets them in one `send`.
    mutating func decide(_ request: DeferredRequest, now: Timestamp, into actions: inout [BidAction]) {
        if sellerHolds.park(request.productID, request) { return }
        var pending: PendingBid
        switch request.kind {
        case .bid(let bid):
            let decision = book.decide(bid, bidder: request.bidder, now: now)
            pending = PendingBid(productID: bid.productID, decision: decision, changes: Self.lotChanges(of: decision, on: bid.productID),
                                 bidder: request.bidder, target: request.target, key: request.key, request: bid)
        case .buy(let id):
            var decision = book.buyNow(productID: id, buyer: request.bidder, now: now)
            if let key = request.key {
                for index in decision.steps.indices { decision.steps[index].idempotencyKey = key.key }
            }
            if decision.isAccepted, request.attempts == 0, let price = decision.steps.first?.price {
                actions.append(.note(.bought(id, price: price)))
            }
            pending = PendingBid(productID: id, decision: decision, changes: decision.isAccepted ? [.bought(id, at: now)] : [],
                                 bidder: request.bidder, target: request.target, key: request.key, isPurchase: true)
        }
        pending.attempts = request.attempts
        pending.decidedAt = request.receivedAt
        submit(pending, now: now, into: &actions)
    }

    /// Answers a decision that stored nothing at once; queues any other for this round's commit.
    private mutating func submit(_ pending: PendingBid, now: Timestamp, into actions: inout [BidAction]) {
        guard pending.decision.changesBook else {
            counts.refused += 1
            let answer = KeyedAnswer(pending.decision.outcome)
            if let target = pending.target { actions.append(.reply(target, answer, outcomeFields(pending))) }
            settle(pending.key, answer, now: now, into: &actions)
            return
        }
        if round.add(pending) { actions.append(.scheduleRound) }
    }

    /// The reply fields of a decision, with the lot's increment and end as the book has them now,
    /// and the receipts of the steps the bidder placed among `stored` (one per step, once committed).
    func outcomeFields(_ pending: PendingBid, stored receipts: [BidReceipt] = []) -> BidReplyFields {
        let lot = book.lot(for: pending.productID)
        let own = zip(pending.decision.steps, receipts).compactMap { step, receipt in
            step.bidder != nil && step.bidder == pending.bidder ? receipt : nil
        }
        return .outcome(pending.decision, bidder: pending.bidder, minimumIncrement: lot?.minimumIncrement,
                        endsAt: pending.decision.endsAt ?? lot?.endsAt, receipts: own)
    }

    /// Records a key's answer and answers the retries that waited for it.
    mutating func settle(_ key: BidKey?, _ answer: KeyedAnswer, now: Timestamp, into actions: inout [BidAction]) {
        actions.append(.meter(answer.reason))
        guard let key else { return }
        for waiter in keys.settle(key.name, request: key.request, answer: answer, now: now) {
            actions.append(.reply(waiter, answer, .none))
        }
    }

    /// Forgets a key whose request stored nothing (its commit failed): the waiting retries get `answer`.
    mutating func abandon(_ key: BidKey?, _ answer: KeyedAnswer, into actions: inout [BidAction]) {
        actions.append(.meter(answer.reason))
        guard let key else { return }
        for waiter in keys.abandon(key.name) { actions.append(.reply(waiter, answer, .none)) }
    }
}
