import AuctionCore
import AuctionData
import AuctionEngine

/// Buy-now (request 12): decided by the book in the order of every other bid, stored like one.
extension SocketService {
    /// A buy from a client: login and rate checks, its idempotency key, then the book's decision.
    func buyNowFromClient(_ productID: ProductID, idempotencyKey keyText: String?, completionID: Int64?, peer: SocketPeer) {
        let now = currentTime()
        guard let buyer = admit(peer, claimed: nil, productID: productID, completionID: completionID, now: now) else { return }
        let target = ReplyTarget(connection: peer.id, completionID: completionID)
        let key = idempotencyKey(keyText, bidder: buyer, request: KeyedRequest(isPurchase: true, productID: productID))
        if answeredByKey(key, target: target, now: now) { return }
        buy(productID, buyer: buyer, target: target, key: key, now: now)
    }

    /// Decides a buy (again after a conflict: `attempts`) and queues it for the round's commit; waits
    /// first while a seller's change to the lot is being stored.
    func buy(_ productID: ProductID, buyer: UserID?, target: ReplyTarget?, key: IdempotencyKey?, attempts: Int = 0,
             now: Timestamp) {
        if bidPath.waitsForSellerChange(productID, { [unowned self] later in
            buy(productID, buyer: buyer, target: target, key: key, attempts: attempts, now: later)
        }) { return }
        let pending = bidPath.decideBuy(productID, buyer: buyer, now: now, target: target, key: key, attempts: attempts)
        if pending.decision.isAccepted && attempts == 0 {
            log.info("auction: \(productID) bought now at \(pending.decision.steps.first?.price ?? .zero)")
        }
        submit(pending, now: now)
    }
}
