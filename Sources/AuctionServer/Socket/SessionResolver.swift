import AuctionCore

/// Someone a session token belongs to: who a logged-in socket connection bids as.
public struct SessionUser: Hashable, Sendable {
    /// The user's id (bids are recorded for it).
    public var id: UserID
    /// The user's name (shown as the winner, in chat).
    public var name: String
    /// When the session stops being valid; nil for a session that never expires (fixed test sessions).
    public var expiresAt: Timestamp?
    /// What the resolver recognises the session by again (the token's SHA-256); nil when it cannot be revoked.
    public var sessionKey: String?
    /// The resolver's revocation generation when the session was last confirmed (see `SessionRevocations`).
    public var confirmedGeneration: Int

    /// Creates a user; without `expiresAt` and `sessionKey` the session lasts as long as the connection.
    public init(id: UserID, name: String, expiresAt: Timestamp? = nil, sessionKey: String? = nil, confirmedGeneration: Int = 0) {
        self.id = id
        self.name = name
        self.expiresAt = expiresAt
        self.sessionKey = sessionKey
        self.confirmedGeneration = confirmedGeneration
    }
}

/// Turns a session token from a login frame (type 3) into the user it belongs to, and says
/// whether a session resolved earlier still holds.
///
/// The accounts store implements it; the socket service calls it on its event-loop thread, so
/// it must answer quickly (one indexed lookup to resolve, memory only to re-check).
public protocol SessionResolver: Sendable {
    /// The user whose valid (unexpired, unrevoked) session this token is, or nil.
    func user(forToken token: String) -> SessionUser?

    /// A session resolved earlier as it stands at `now`: the user (perhaps re-confirmed) while it
    /// is valid, nil once it expired or was revoked. Called before every bid and chat message, so
    /// it answers from memory.
    func current(_ user: SessionUser, now: Timestamp) -> SessionUser?

    /// Records that another node revoked the session named by `key` (`SessionToken.revocationKey`),
    /// as if it had been logged out here; false when `key` is not one.
    func revokedElsewhere(key: String) -> Bool

    /// Makes every session resolved earlier be read from the store again at its next use (other
    /// nodes' revocations may have been missed).
    func recheckAll()

    /// The suspension in force of the user `token` belongs to (valid or ended by the suspension), or nil.
    /// Asked only after `user(forToken:)` refused the token, so a refusal can say why.
    func suspension(forToken token: String) -> SessionSuspension?
}

extension SessionResolver {
    /// Expiry only: the user until `expiresAt` (for resolvers whose sessions are never revoked).
    public func current(_ user: SessionUser, now: Timestamp) -> SessionUser? {
        guard let expiresAt = user.expiresAt else { return user }
        return now < expiresAt ? user : nil
    }
}

extension SessionResolver {
    /// Nothing to record (for resolvers whose sessions are never revoked).
    public func revokedElsewhere(key: String) -> Bool { false }

    /// Nothing to re-check (for resolvers that cache nothing).
    public func recheckAll() {}

    /// No suspensions (for resolvers without accounts).
    public func suspension(forToken token: String) -> SessionSuspension? { nil }
}

/// A resolver that knows no sessions: every login is refused (used until accounts exist).
public struct NoSessions: SessionResolver {
    /// Creates the resolver.
    public init() {}

    /// Always nil.
    public func user(forToken token: String) -> SessionUser? { nil }
}
