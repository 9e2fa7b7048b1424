import AuctionCore

/// Sessions revoked while the server runs, so connections that logged in earlier learn of a
/// logout without a store lookup per bid.
///
/// Keyed by the session's revocation key (`SessionToken.revocationKey`: the start of the token's
/// hash); each entry is kept until the session would have expired anyway.
/// Memory is bounded: when the table is full even after dropping expired entries, it is emptied
/// and `generation` moves on. A session confirmed under an older generation must then be checked
/// once against the store (it may have been revoked and forgotten); one confirmed under the
/// current generation is valid unless it is in the table. On SQLite only one server runs on a
/// database (it holds the file's lock), so every revocation passes through here; on a shared store
/// other nodes' revocations arrive as `auction_sessions` notifications and are recorded here too,
/// and `forgetConfirmations` makes every session be read again after notifications may have been missed.
public struct SessionRevocations: Sendable {
    /// Entries kept at most before the table is emptied and the generation moves on.
    public let capacity: Int
    /// Moves on each time the table is emptied to stay within `capacity`.
    public private(set) var generation = 0
    private var revoked: [String: Int64] = [:]

    /// An empty table holding at most `capacity` revocations.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Revocations held now.
    public var count: Int { revoked.count }

    /// Records that the session with this key is revoked; it would have expired at `expiresAt`.
    public mutating func revoke(_ key: String, expiresAt: Timestamp, now: Timestamp) {
        guard expiresAt > now else { return }  // an expired session is refused anyway
        if revoked[key] == nil && revoked.count >= capacity {
            revoked = revoked.filter { $0.value > now.millisecondsSinceEpoch }
            if revoked.count >= capacity {
                revoked.removeAll()
                generation &+= 1
            }
        }
        revoked[key] = expiresAt.millisecondsSinceEpoch
    }

    /// Moves the generation on: every session confirmed earlier is checked once against the store again.
    public mutating func forgetConfirmations() {
        generation &+= 1
    }

    /// Whether the session with this key was revoked (and the table still remembers it).
    public func isRevoked(_ key: String) -> Bool {
        revoked[key] != nil
    }
}
