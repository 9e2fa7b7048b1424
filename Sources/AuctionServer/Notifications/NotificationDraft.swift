import AuctionCore

/// A notification decided on the loop and not stored yet: who gets it and what it says.
///
/// The store gives it its id and the product's name; an outbid notice without a maximum gets the
/// user's secret maximum on that product when one is stored.
struct NotificationDraft: Hashable, Sendable {
    /// Who it is for.
    var user: UserID
    /// What happened.
    var kind: NotificationKind
    /// The product it is about.
    var productID: ProductID
    /// The new price (outbid, ending soon) or the final price (won, lost, sold).
    var price: Money?
    /// The user's own maximum, when known.
    var maximum: Money?
    /// When it happened (server time).
    var createdAt: Timestamp
    /// What the auction house says about it (a moderator's reason), if anything.
    var note: String? = nil
}
