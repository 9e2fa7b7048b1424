import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Moderators' changes on the loop: one decision point with bids, as sellers' changes have
/// (`SocketService+SellerHolds`): the book says what it would do, the lot's bids wait while the
/// store writes (other nodes' bids meet the change under the lot's row lock), then the book takes it.
extension SocketService {
    /// What the book says to a removal now; when it would apply, the lot's bids wait until
    /// `releaseSellerHold` (the caller must release it once the store has answered).
    func checkRemoval(_ id: ProductID) -> AuctionBook.SellerChange {
        holding(id, book.removal(of: id))
    }

    /// Takes a removal the store recorded (here or on another node) and pushes `withdrawn` with the
    /// moderator's reason to the connections whose pages hold the lot (loop thread).
    func adoptRemoval(_ id: ProductID, reason: String) {
        guard book.adoptRemoval(id), let position = book.position(of: id) else { return }
        log.info("moderation: product \(id) removed")
        let event = LotEvent(kind: .withdrawn, productID: id, removedReason: reason)
        broadcast(other: FrameEncoder.encode(ServerMessage.lot(event).frame), position: position, productID: id)
    }

    /// What the book says to a retraction on lot `id` now: `.applied` (open) holds the lot's bids, and
    /// `decided` runs once the bids already in flight there have come back from the ledger, so the store
    /// reprices a lot whose every bid it holds; otherwise `decided` runs at once (loop thread).
    func checkRetraction(_ id: ProductID, decided: @escaping (AuctionBook.SellerChange) -> Void) {
        guard let lot = book.lot(for: id) else { return decided(.unknownProduct) }
        guard !lot.isClosed, !lot.isBought else { return decided(.closed) }
        sellerHolds.hold(id)
        sellerHolds.whenSettled(id, isSettled: !lot.hasUncommittedBids) { decided(.applied) }
    }

    /// Runs the retractions whose lots' bids have all come back from the ledger (loop thread).
    func runSettledChanges() {
        for change in sellerHolds.takeSettled({ book.lot(for: $0)?.hasUncommittedBids != true }) { change() }
    }

    /// Takes a retraction the store recorded: the book takes the repriced state and the watchers get
    /// its price with its seq, as another node's step is adopted (loop thread).
    func adoptRetraction(_ retraction: SellingStore.Retraction) {
        guard let step = retraction.step else { return }
        let outcome = retraction.outcome, lot = book.lot(for: retraction.productID)
        let refresh = LotRefresh(productID: retraction.productID, price: outcome.price, lastChange: outcome.lastChange,
                                 lastChangeAt: step.bid.acceptedAt, leader: outcome.leader, leaderMaximum: outcome.leaderMaximum,
                                 bidCount: outcome.hasBids ? Int(clamping: retraction.bidCount) : 0,
                                 endsAt: lot?.endsAt, extensions: lot?.extensions ?? 0)
        adoptNow(RemoteBids(lot: refresh, bidCount: retraction.bidCount, bids: [step]))
        log.info("moderation: product \(retraction.productID) repriced to \(outcome.price) by a retraction")
    }
}
