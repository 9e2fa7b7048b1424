import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Moderators' changes on the loop: one decision point with bids, as sellers' changes have
/// (`BidPath+Sellers`): the book says what it would do, the lot's bids wait while the
/// store writes (other nodes' bids meet the change under the lot's row lock), then the book takes it.
extension SocketService {
    /// Takes a removal the store recorded (here or on another node) and pushes `withdrawn` with the
    /// moderator's reason to the connections whose pages hold the lot (loop thread).
    func adoptRemoval(_ id: ProductID, reason: String) {
        guard let position = bidPath.adoptRemoval(id) else { return }
        log.info("moderation: product \(id) removed")
        let event = LotEvent(kind: .withdrawn, productID: id, removedReason: reason)
        broadcast(other: FrameEncoder.encode(ServerMessage.lot(event).frame), position: position, productID: id)
    }

    /// What the book says to a retraction on lot `id`: `decided` runs now, or with `.applied` once the
    /// bids already in flight on the lot have come back from the ledger (loop thread).
    func checkRetraction(_ id: ProductID, decided: @escaping (AuctionBook.SellerChange) -> Void) {
        switch bidPath.checkRetraction(id) {
        case .decided(let change): decided(change)
        case .waits(let change): settledChanges[change] = { decided(.applied) }
        }
    }

    /// The store has answered a change `checkWithdrawal`/`checkEdit`/`checkRemoval` held the lot for, and
    /// the book has taken what it wrote (posted before this): the bids that waited are decided now, in order.
    func releaseSellerHold(_ id: ProductID) {
        perform(bidPath.sellerHoldReleased(id, now: currentTime()))
    }

    /// Takes a retraction the store recorded: the book takes the repriced state and the watchers get
    /// its price with its seq, as another node's step is adopted (loop thread).
    func adoptRetraction(_ retraction: SellingStore.Retraction) {
        guard let step = retraction.step else { return }
        let outcome = retraction.outcome, lot = bidPath.book.lot(for: retraction.productID)
        let refresh = LotRefresh(productID: retraction.productID, price: outcome.price, lastChange: outcome.lastChange,
                                 lastChangeAt: step.bid.acceptedAt, leader: outcome.leader, leaderMaximum: outcome.leaderMaximum,
                                 bidCount: outcome.hasBids ? Int(clamping: retraction.bidCount) : 0,
                                 endsAt: lot?.endsAt, extensions: lot?.extensions ?? 0)
        perform(bidPath.adoptRead(RemoteBids(lot: refresh, bidCount: retraction.bidCount, bids: [step])))
        log.info("moderation: product \(retraction.productID) repriced to \(outcome.price) by a retraction")
    }
}
