import AuctionCore
import AuctionData
import AuctionEngine

/// Idempotency keys on bids and buys: a retry gets the first answer, never a second bid.
extension SocketService {
    /// A user's idempotency key.
    typealias IdempotencyKey = IdempotencyKeys<KeyedAnswer, ReplyTarget>.Key

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

    /// The key of a request from `bidder` (keys count only for logged-in users).
    func idempotencyKey(_ key: String?, bidder: UserID?) -> IdempotencyKey? {
        guard let key, let bidder else { return nil }
        return IdempotencyKey(user: bidder, key: key)
    }

    /// Looks a request's key up; true when the request was answered (or waits) and must not be decided again.
    func answeredByKey(_ key: IdempotencyKey?, target: ReplyTarget, now: Timestamp) -> Bool {
        guard let key else { return false }
        switch idempotency.begin(key, waiter: target, now: now) {
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
            log.debug("bid: user \(key.user) holds as many idempotency keys as allowed: refused until old ones expire")
            answer(target, with: KeyedAnswer(result: false, reason: .rateLimited, price: nil))
            return true
        }
    }

    /// Records a key's answer and answers the retries that waited for it.
    func settle(_ key: IdempotencyKey?, _ answer: KeyedAnswer, now: Timestamp) {
        guard let key else { return }
        for waiter in idempotency.settle(key, answer: answer, now: now) { self.answer(waiter, with: answer) }
    }

    /// Forgets a key whose request stored nothing (its commit failed): the waiting retries get `answer`.
    func abandon(_ key: IdempotencyKey?, _ answer: KeyedAnswer) {
        guard let key else { return }
        for waiter in idempotency.abandon(key) { self.answer(waiter, with: answer) }
    }

    /// Remembers the accepted keyed bids of the last 24 h found in the store at start.
    func restoreKeys(_ bids: [AcceptedBid]) {
        for bid in bids.reversed() {
            guard let key = idempotencyKey(bid.idempotencyKey, bidder: bid.bidder) else { continue }
            _ = idempotency.settle(key, answer: KeyedAnswer(result: true, reason: nil, price: bid.price), now: bid.acceptedAt)
        }
    }

    private func answer(_ target: ReplyTarget, with answer: KeyedAnswer) {
        guard let peer = peers[target.connection] else { return }
        reply(to: peer, target.completionID, result: answer.result, reason: answer.reason, price: answer.price)
    }
}
