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
/// The accounts store implements it. The socket service calls `user(forToken:)`, `current` and
/// `suspension(forToken:)` on a store worker (they may read the store), and only `check`,
/// `revokedElsewhere` and `recheckAll` on its event-loop thread (memory only).
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

    /// Whether a session resolved earlier holds at `now`, from memory only (the loop asks it before
    /// every bid and chat message): `.needsStore` when only a store read can say (`current` then does).
    func check(_ user: SessionUser, now: Timestamp) -> SessionCheck

    /// How often a session must be read from the store again (a shared store), or nil when never:
    /// the loop re-checks its sessions in the background before each such period ends.
    var recheckMilliseconds: Int64? { get }

    /// `current`, read from the store ahead of the period starting at `ahead`: the user confirmed for
    /// that period (so a bid then needs no store read), or nil once it expired or was revoked (a worker).
    func confirm(_ user: SessionUser, now: Timestamp, ahead: Timestamp) -> SessionUser?
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

    /// `current` (for resolvers that answer from memory).
    public func check(_ user: SessionUser, now: Timestamp) -> SessionCheck {
        current(user, now: now).map(SessionCheck.holds) ?? .ended
    }

    /// Never re-read (for resolvers that cache nothing).
    public var recheckMilliseconds: Int64? { nil }

    /// `current` at `now` (for resolvers with no periods).
    public func confirm(_ user: SessionUser, now: Timestamp, ahead: Timestamp) -> SessionUser? {
        current(user, now: now)
    }
}

/// What memory says of a session resolved earlier (`SessionResolver.check`).
public enum SessionCheck: Sendable, Equatable {
    /// It holds: the user, perhaps re-confirmed.
    case holds(SessionUser)
    /// It expired or was revoked.
    case ended
    /// Only the store can say (a new re-check period, or revocations this node may have missed).
    case needsStore
}

/// A resolver that knows no sessions: every login is refused (used until accounts exist).
public struct NoSessions: SessionResolver {
    /// Creates the resolver.
    public init() {}

    /// Always nil.
    public func user(forToken token: String) -> SessionUser? { nil }
}
