/// What the cluster listener learned about sessions for the loop (see `ClusterEvent.sessions`).
enum ClusterSessions: Sendable {
    /// Another node (or this one) revoked the session with this revocation key (`auction_sessions`).
    case revoked(key: String)
    /// The listener reconnected: revocations sent meanwhile were missed, so every session is read again.
    case missedWhileAway

    /// The event an `auction_sessions` payload names, or nil when it is not a revocation key.
    static func revocation(_ payload: String) -> ClusterSessions? {
        SessionToken.isRevocationKey(payload) ? .revoked(key: payload) : nil
    }
}
