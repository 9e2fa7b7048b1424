import AuctionCore

extension AccountService {
    /// Whether `user` is a moderator now: a name the config's `moderators` lists, or the role stored on the
    /// account, read from the store at this call (so a revoke takes effect at the user's next request).
    public func isModerator(_ user: UserIdentity) throws(AccountError) -> Bool {
        if configuration.moderators.contains(user.name) { return true }
        do throws(StoreError) {
            return try store.isModerator(userID: user.userID)
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
    }

    /// Who holds `token`, with the role read now (`isModerator`); `invalidToken` without a valid session.
    public func profile(forToken token: String?) throws(AccountError) -> UserIdentity {
        guard let token, var identity = user(forToken: token) else {
            if let token, let suspension = suspension(forToken: token) {
                throw AccountError.suspended(reason: suspension.reason, until: suspension.until)
            }
            throw AccountError.invalidToken
        }
        identity.isModerator = try isModerator(identity)
        return identity
    }
}
