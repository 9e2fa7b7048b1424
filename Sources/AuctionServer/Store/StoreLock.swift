import AuctionCore

/// What `StoreDatabase.serialize(lock:)` holds until the transaction ends: writers that must take
/// turns across every node sharing the store.
public enum StoreLock: Sendable, Equatable {
    /// Listing a lot: ids and the per-seller bounds are decided one listing at a time.
    case listing
    /// Creating or seeding the schema: several nodes may start at once.
    case migration
    /// One user's sessions: a login creates one and trims the oldest, one login at a time.
    case user(UserID)
    /// One lot's row (`FOR UPDATE`): a moderator's change and every node's bid commits take turns on it.
    case product(ProductID)
}
