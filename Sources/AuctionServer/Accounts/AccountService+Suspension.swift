import AuctionCore
import AuctionEngine
import AuctionInfrastructure

extension AccountService {
    /// Suspends the user named `name` (see `AccountStore.suspend`): their sessions end in the store and,
    /// here, in memory at once (other nodes hear `auction_sessions`); their logins are refused from now on.
    public func suspend(_ name: String, reason: ModerationReason, until: Timestamp?, moderator: UserID,
                        details: JSONObject = JSONObject([])) throws(AccountError) -> AccountStore.SuspensionChange {
        let change: AccountStore.SuspensionChange
        do throws(StoreError) {
            change = try store.suspend(name, reason: reason, until: until, moderator: moderator, now: now, details: details)
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
        if case .suspended(_, let ended, _) = change, !ended.isEmpty {
            forgetRevokedSessions(ended, now: now)
            log("accounts: \(ended.count) session(s) of \(AccountService.printable(name)) ended by a suspension")
        }
        return change
    }

    /// Lifts the suspension of the user named `name` (see `AccountStore.unsuspend`).
    public func unsuspend(_ name: String, reason: ModerationReason, moderator: UserID) throws(AccountError) -> AccountStore.SuspensionChange {
        do throws(StoreError) {
            return try store.unsuspend(name, reason: reason, moderator: moderator, now: now)
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
    }

    /// The suspension in force of the user whose session `token` is (or was, before the suspension
    /// ended it), or nil: one indexed read, on the refusal path only.
    public func suspension(forToken token: String) -> SessionSuspension? {
        guard SessionToken.isWellFormed(token),
              let session = try? store.session(tokenHash: SessionToken.hash(token)),
              let suspension = session.suspension, suspension.isInForce(at: now) else { return nil }
        return SessionSuspension(reason: suspension.reason, until: suspension.until)
    }

    /// The user named `name` as stored (with any suspension), or nil.
    public func storedUser(named name: String) throws(AccountError) -> AccountStore.User? {
        do throws(StoreError) {
            return try store.user(named: name)
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
    }
}
