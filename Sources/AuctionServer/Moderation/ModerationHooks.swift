import AuctionCore
import AuctionEngine

/// How moderators' actions reach the running auction: the book on the loop (one decision point with
/// bids: the lot's bids wait while the store writes), the lot adoption gate shared with the cluster
/// listener, the notifications, and the live connections. Every call but `remove` goes through the loop.
struct ModerationHooks: Sendable {
    /// What the book says to a removal now (waits for the loop); `.applied` holds the lot's bids until `release`.
    var checkRemoval: @Sendable (ProductID) -> AuctionBook.SellerChange?
    /// What the book says to a retraction on a lot (waits for the loop, and for the lot's bids in flight
    /// to come back from the ledger); `.applied` holds the lot's bids until `release`. Nil: no answer.
    var checkRetraction: @Sendable (ProductID) -> AuctionBook.SellerChange?
    /// The book takes a retraction the store recorded, and the watchers its price.
    var adoptRetraction: @Sendable (SellingStore.Retraction) -> Void
    /// Ends the hold an `.applied` check took, once the store has answered.
    var release: @Sendable (ProductID) -> Void
    /// Runs the store's removal (true when written); when written the lot leaves lists and the book: push 9 `withdrawn`.
    var remove: @Sendable (ProductID, String, () -> Bool) -> Void
    /// Stores and pushes notices.
    var notify: @Sendable ([NotificationDraft]) -> Void
    /// Logs out this node's live connections of a user whose sessions just ended, then waits until the
    /// ledger has answered every bid this node decided before (false: no answer within 30 s). The
    /// suspension, when one ended them, is what their later requests are told.
    var endConnections: @Sendable (UserID, SessionSuspension?) -> Bool
}
