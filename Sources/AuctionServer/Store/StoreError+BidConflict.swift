import AuctionBidding
import AuctionCore

/// The refusals of a store that decides each bid once (PostgreSQL): a conflict with another
/// node's commit, and an idempotency key already bound to a bid. Both write nothing.
extension StoreError {
    /// SQLSTATE used for a conflict (PostgreSQL's `serialization_failure`).
    static let conflictState = "40001"
    /// SQLSTATE used for a key already bound (PostgreSQL's `unique_violation`).
    static let duplicateKeyState = "23505"

    /// The product's stored price is not the one the bid was decided from, or it is closed.
    static func bidConflict(target: String, productID: ProductID, storedPrice: Money, decidedFrom: Money) -> StoreError {
        .postgres(sqlState: conflictState, message: "bid conflict on product \(productID.rawValue): stored price "
                  + "\(storedPrice.minorUnits), decided from \(decidedFrom.minorUnits)", target: target)
    }

    /// A keyed bid whose key already names a stored bid of the same user.
    static func duplicateBidKey(target: String, user: UserID) -> StoreError {
        .postgres(sqlState: duplicateKeyState, message: "user \(user.rawValue)'s idempotency key is already used", target: target)
    }

    /// Whether another node's commit came first: refresh the lot and decide again.
    public var isBidConflict: Bool {
        if case .postgres(let state, _, _) = self { return state == Self.conflictState }
        return false
    }

    /// Whether the bid's idempotency key is already bound: answer with the original bid.
    public var isDuplicateBidKey: Bool {
        if case .postgres(let state, _, _) = self { return state == Self.duplicateKeyState }
        return false
    }
}
