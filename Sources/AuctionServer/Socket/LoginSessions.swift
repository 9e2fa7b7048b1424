import AuctionCore

/// The sessions socket logins resolve against, and the names of the users who logged in here
/// (loop thread): winners are announced by name without a lookup.
final class LoginSessions {
    /// Resolves tokens and re-checks sessions (the accounts store).
    let resolver: any SessionResolver
    /// User names learnt from logins.
    private var names: [UserID: String] = [:]

    /// Sessions resolved by `resolver`, no name known yet.
    init(_ resolver: any SessionResolver) {
        self.resolver = resolver
    }

    /// Remembers the name of a user who just logged in (its token was resolved on a worker).
    func loggedIn(_ user: SessionUser) {
        names[user.id] = user.name
    }

    /// The name of a user who logged in here since the start, or nil.
    func name(of user: UserID) -> String? {
        names[user]
    }

    /// What memory says of a session resolved earlier at `now` (never reads the store).
    func check(_ user: SessionUser, now: Timestamp) -> SessionCheck {
        resolver.check(user, now: now)
    }

    /// Records another node's revocation of the session named by `key`; false when `key` is not one.
    func revokedElsewhere(key: String) -> Bool {
        resolver.revokedElsewhere(key: key)
    }

    /// Makes every session resolved earlier be read from the store again at its next use.
    func recheckAll() {
        resolver.recheckAll()
    }
}
