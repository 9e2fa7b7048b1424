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
        let key = idempotencyKey(keyText, bidder: buyer)
        if answeredByKey(key, target: target, now: now) { return }
        var decision = book.buyNow(productID: productID, buyer: buyer, now: now)
        if let keyText, buyer != nil {
            decision.steps = decision.steps.map { step in
                var step = step
                step.idempotencyKey = keyText
                return step
            }
        }
        let changes: [LotChange] = decision.isAccepted ? [.bought(productID, at: now)] : []
        if decision.isAccepted { log.info("auction: \(productID) bought now at \(decision.steps.first?.price ?? .zero)") }
        submit(PendingBid(productID: productID, decision: decision, changes: changes, bidder: buyer, target: target,
                          key: key, isPurchase: true), now: now)
    }
}
