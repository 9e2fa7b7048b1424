/// What a group of accepted bids changes about its lots beyond the price: stored by a `BidLedger`
/// in the same transaction as the bids, so a reply never reports a change that a crash could undo.
public enum LotChange: Hashable, Sendable {
    /// A bidder's secret proxy maximum on a product (replaces the bidder's earlier one).
    case maximum(ProductID, user: UserID, maximum: Money, placedAt: Timestamp)
    /// Soft close moved the product's end time; `extensions` counts the moves so far.
    case endTime(ProductID, endsAt: Timestamp, extensions: Int)
    /// Bought now: the auction ends at `at` (its closing is recorded like any other).
    case bought(ProductID, at: Timestamp)
}
