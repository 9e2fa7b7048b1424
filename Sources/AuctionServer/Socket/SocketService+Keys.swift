import AuctionCore
import AuctionData
import AuctionEngine

/// Idempotency keys on bids and buys: a retry gets the first answer, never a second bid; a key
/// reused for a different request is refused `idempotency_key_reused` at once.
extension SocketService {
    /// The keys' table as the socket service keeps it.
    typealias KeyTable = IdempotencyKeys<KeyedRequest, KeyedAnswer, ReplyTarget>

    /// A user's idempotency key and the request it came with.
    struct IdempotencyKey: Sendable {
        /// The user's key.
        var name: KeyTable.Key
        /// What it asked for.
        var request: KeyedRequest
        /// Whose key it is.
        var user: UserID { name.user }
        /// The key's text.
        var key: String { name.key }
    }

    /// What a key names: a bid (product, price, maximum) or a buy-now (product).
    struct KeyedRequest: IdempotentRequest, Sendable {
        /// A bid or a buy; nil for a key read back from a stored bid (the store keeps no kind).
        var isPurchase: Bool?
        /// The product asked about.
        var productID: ProductID
        /// A bid's price (nil for a buy, or a key read back from the store).
        var price: Money?
        /// A bid's secret maximum, when it named one.
        var maximum: Money?

        /// A bid as received.
        init(_ bid: Bid) {
            self.init(isPurchase: false, productID: bid.productID, price: bid.price, maximum: bid.maximum)
        }

        /// A request from its parts.
        init(isPurchase: Bool?, productID: ProductID, price: Money? = nil, maximum: Money? = nil) {
            self.isPurchase = isPurchase
            self.productID = productID
            self.price = price
            self.maximum = maximum
        }

        /// The same kind, product, price and maximum; a stored bid's key (restored at start) knows its product only.
        func repeats(_ original: KeyedRequest) -> Bool {
            guard let kind = original.isPurchase else { return productID == original.productID }
            return isPurchase == kind && productID == original.productID && price == original.price && maximum == original.maximum
        }
    }

    /// The answer a key returns again: the reply's `result`, `reason` and `price`.
    struct KeyedAnswer: Sendable {
        var result: Bool
        var reason: RefusalReason?
        var price: Money?

        /// The answer for a decision's outcome.
        init(_ outcome: BidOutcome) {
            switch outcome {
            case .accepted(let price): self.init(result: true, reason: nil, price: price)
            case .refused(let reason, let price): self.init(result: false, reason: reason, price: price)
            }
        }

        /// An answer as given.
        init(result: Bool, reason: RefusalReason?, price: Money?) {
            self.result = result
            self.reason = reason
            self.price = price
        }
    }

    /// The key of `request` from `bidder` (keys count only for logged-in users).
    func idempotencyKey(_ key: String?, bidder: UserID?, request: KeyedRequest) -> IdempotencyKey? {
        guard let key, let bidder else { return nil }
        return IdempotencyKey(name: KeyTable.Key(user: bidder, key: key), request: request)
    }

    /// Looks a request's key up; true when the request was answered (or waits) and must not be decided again.
    func answeredByKey(_ key: IdempotencyKey?, target: ReplyTarget, now: Timestamp) -> Bool {
        guard let key else { return false }
        switch bidPath.beginKey(key, waiter: target, now: now) {
        case .new:
            return false
        case .waiting:
            log.debug("bid: a retry of user \(key.user)'s key waits for the original's commit")
            return true
        case .answered(let first):
            counters.keyedRetries += 1
            answer(target, with: first)
            return true
        case .full:
            metrics?.refused(.rateLimited)
            log.debug("bid: user \(key.user) holds as many idempotency keys as allowed: refused until old ones expire")
            answer(target, with: KeyedAnswer(result: false, reason: .rateLimited, price: nil))
            return true
        case .reused:
            counters.bidsRefused += 1
            metrics?.refused(.idempotencyKeyReused)
            log.debug("bid: user \(key.user) reused an idempotency key for a different request: refused")
            answer(target, with: KeyedAnswer(result: false, reason: .idempotencyKeyReused,
                                             price: bidPath.book.lot(for: key.request.productID)?.price))
            return true
        }
    }

    /// Records a key's answer and answers the retries that waited for it.
    func settle(_ key: IdempotencyKey?, _ answer: KeyedAnswer, now: Timestamp) {
        metrics?.refused(answer.reason)
        guard let key else { return }
        for waiter in bidPath.settleKey(key, answer, now: now) { self.answer(waiter, with: answer) }
    }

    /// Forgets a key whose request stored nothing (its commit failed): the waiting retries get `answer`.
    func abandon(_ key: IdempotencyKey?, _ answer: KeyedAnswer) {
        metrics?.refused(answer.reason)
        guard let key else { return }
        for waiter in bidPath.abandonKey(key) { self.answer(waiter, with: answer) }
    }

    private func answer(_ target: ReplyTarget, with answer: KeyedAnswer) {
        guard let peer = peers[target.connection] else { return }
        reply(to: peer, target.completionID, result: answer.result, reason: answer.reason, price: answer.price)
    }
}
