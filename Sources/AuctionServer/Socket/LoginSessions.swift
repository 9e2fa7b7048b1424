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

    /// The user whose valid (unexpired, unrevoked) session `token` is, its name remembered; or nil.
    func logIn(token: String) -> SessionUser? {
        guard let user = resolver.user(forToken: token) else { return nil }
        names[user.id] = user.name
        return user
    }

    /// The name of a user who logged in here since the start, or nil.
    func name(of user: UserID) -> String? {
        names[user]
    }

    /// A session resolved earlier as it stands at `now` (nil once it expired or was revoked).
    func current(_ user: SessionUser, now: Timestamp) -> SessionUser? {
        resolver.current(user, now: now)
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
