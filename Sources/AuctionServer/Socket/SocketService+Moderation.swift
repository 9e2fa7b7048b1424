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
        let change = book.removal(of: id)
        if change == .applied { sellerHolds.hold(id) }
        return change
    }

    /// Takes a removal the store recorded (here or on another node) and pushes `withdrawn` with the
    /// moderator's reason to the connections whose pages hold the lot (loop thread).
    func adoptRemoval(_ id: ProductID, reason: String) {
        guard book.adoptRemoval(id), let position = book.position(of: id) else { return }
        log.info("moderation: product \(id) removed")
        let event = LotEvent(kind: .withdrawn, productID: id, removedReason: reason)
        broadcast(other: FrameEncoder.encode(ServerMessage.lot(event).frame), position: position, productID: id)
    }

    /// Stores and pushes `drafts` (moderation notices) as the loop's other notifications go.
    func postModerationNotices(_ drafts: [NotificationDraft]) {
        post(drafts)
    }
}
