import AuctionCore

/// Someone a session token belongs to: who a logged-in socket connection bids as.
public struct SessionUser: Hashable, Sendable {
    /// The user's id (bids are recorded for it).
    public var id: UserID
    /// The user's name (shown as the winner, in chat).
    public var name: String

    /// Creates a user.
    public init(id: UserID, name: String) {
        self.id = id
        self.name = name
    }
}

/// Turns a session token from a login frame (type 3) into the user it belongs to.
///
/// The accounts store implements it; the socket service calls it on its event-loop thread, so
/// it must answer quickly (one indexed lookup).
public protocol SessionResolver: Sendable {
    /// The user whose valid (unexpired, unrevoked) session this token is, or nil.
    func user(forToken token: String) -> SessionUser?
}

/// A resolver that knows no sessions: every login is refused (used until accounts exist).
public struct NoSessions: SessionResolver {
    /// Creates the resolver.
    public init() {}

    /// Always nil.
    public func user(forToken token: String) -> SessionUser? { nil }
}
