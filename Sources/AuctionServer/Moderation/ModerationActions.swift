import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The moderators' actions, each run start to end on one writer thread (so they take turns): the book
/// decides with the lot's bids held, the store writes the change and its log entry in one transaction,
/// then the book, the lists, the watchers and the people concerned learn of it.
final class ModerationActions: Sendable {
    /// What an action came to, for the moderator.
    struct Answer: Sendable {
        /// Whether anything changed (false: it was so already; repeating an action changes nothing).
        var changed: Bool
        /// A sentence for the moderator.
        var message: String
        /// The moderation log entry written, when something changed.
        var entry: Int64?
    }

    /// Why an action was refused.
    enum Refusal: Error, Sendable {
        /// No such lot, user or bid.
        case notFound(String)
        /// The action does not apply (e.g. suspending oneself).
        case conflict(String)
        /// A value in the request is out of range.
        case invalid(String)
        /// The store failed or the loop did not answer; nothing was changed.
        case unavailable(String)
    }

    private let selling: SellingStore
    private let accounts: AccountService
    private let hooks: ModerationHooks
    private let now: @Sendable () -> Timestamp
    private let log: ServerLog

    /// Actions on `selling` and `accounts`, reaching the auction through `hooks`.
    init(selling: SellingStore, accounts: AccountService, hooks: ModerationHooks, now: @escaping @Sendable () -> Timestamp,
         log: ServerLog) {
        self.selling = selling
        self.accounts = accounts
        self.hooks = hooks
        self.now = now
        self.log = log
    }

    /// Removes lot `id` for `reason`: it ends as removed whatever its bids, its watchers get push 9
    /// `withdrawn` with the reason, its bidders and seller a `lot_removed` notice.
    func removeLot(_ id: ProductID, reason: ModerationReason, by moderator: UserIdentity,
                   details: JSONObject = JSONObject([])) throws(Refusal) -> Answer {
        guard let change = hooks.checkRemoval(id) else { throw .unavailable("the auction did not answer; nothing was changed") }
        if change == .unknownProduct { throw .notFound("there is no lot \(id)") }
        let held = change == .applied
        defer { if held { hooks.release(id) } }
        var outcome: Result<SellingStore.StoredRemoval, StoreError>?
        let time = now()
        hooks.remove(id, reason.text) {
            do throws(StoreError) {
                outcome = .success(try selling.remove(id, reason: reason, moderator: moderator.userID, now: time, details: details))
            } catch {
                outcome = .failure(error)
            }
            if case .success(.removed)? = outcome { return true }
            return false
        }
        switch outcome {
        case .success(.removed(let price, let bidders, let seller, let entry))?:
            let concerned = Set(bidders + (seller.map { [$0] } ?? []))
            hooks.notify(concerned.sorted { $0.rawValue < $1.rawValue }.map {
                NotificationDraft(user: $0, kind: .lotRemoved, productID: id, price: price, createdAt: time, note: reason.text)
            })
            log.info("moderation: \(moderator.name) removed lot \(id) (\(concerned.count) notified)")
            return Answer(changed: true, message: "lot \(id) removed; \(concerned.count) bidder(s) and seller notified", entry: entry)
        case .success(.alreadyGone(let removedReason))?:
            return Answer(changed: false, message: removedReason.map { "lot \(id) was already removed (\($0)); nothing changed" }
                          ?? "lot \(id) was already withdrawn by its seller; nothing changed")
        case .success(.unknownProduct)?:
            throw .notFound("there is no lot \(id)")
        case .failure(let error)?:
            throw .unavailable("the store failed: \(error); nothing was changed")
        case nil:
            throw .unavailable("the removal did not run; nothing was changed")
        }
    }

    /// Suspends the user named `name` until `until` (nil: until lifted): their sessions end here at once
    /// and on other nodes from their next request, their logins are refused, their open lots are removed.
    func suspend(_ name: String, reason: ModerationReason, until: Timestamp?, by moderator: UserIdentity) throws(Refusal) -> Answer {
        guard name != moderator.name else { throw .conflict("you cannot suspend yourself") }
        let user: AccountStore.User
        let lots: [ProductID]
        do {
            guard let found = try accounts.storedUser(named: name) else { throw Refusal.notFound("there is no user named '\(name)'") }
            user = found
            lots = try selling.openLots(of: user.id)
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw .unavailable("the store failed: \(error); nothing was changed")
        }
        let details = JSONObject([("lots_withdrawn", .array(lots.map { .int(Int64($0.rawValue)) }))])
        let change: AccountStore.SuspensionChange
        do throws(AccountError) {
            change = try accounts.suspend(name, reason: reason, until: until, moderator: moderator.userID, details: details)
        } catch {
            throw .unavailable("\(error); nothing was changed")
        }
        switch change {
        case .suspended(let id, let ended, let entry):
            hooks.endConnections(id)
            var removed = 0
            let lotReason = (try? ModerationReason("seller suspended: \(reason.text)")) ?? reason
            for lot in lots {
                if (try? removeLot(lot, reason: lotReason, by: moderator))?.changed == true { removed += 1 }
            }
            log.info("moderation: \(moderator.name) suspended \(name) (\(ended.count) session(s), \(removed) lot(s))")
            let term = until.map { "until \($0.description)" } ?? "until lifted"
            return Answer(changed: true, message: "\(name) suspended \(term); \(ended.count) session(s) ended, \(removed) open lot(s) removed",
                          entry: entry)
        case .unchanged(_, let suspension):
            let term = suspension?.until.map { "until \($0.description)" } ?? "until lifted"
            return Answer(changed: false, message: "\(name) is already suspended \(term); nothing changed")
        case .unknownUser:
            throw .notFound("there is no user named '\(name)'")
        case .lifted:
            throw .unavailable("unexpected answer from the store; nothing was changed")
        }
    }

    /// Lifts the suspension of the user named `name`.
    func unsuspend(_ name: String, reason: ModerationReason, by moderator: UserIdentity) throws(Refusal) -> Answer {
        let change: AccountStore.SuspensionChange
        do throws(AccountError) {
            change = try accounts.unsuspend(name, reason: reason, moderator: moderator.userID)
        } catch {
            throw .unavailable("\(error); nothing was changed")
        }
        switch change {
        case .lifted(_, let entry):
            log.info("moderation: \(moderator.name) lifted the suspension of \(name)")
            return Answer(changed: true, message: "\(name) may log in again", entry: entry)
        case .unchanged:
            return Answer(changed: false, message: "\(name) is not suspended; nothing changed")
        case .unknownUser:
            throw .notFound("there is no user named '\(name)'")
        case .suspended:
            throw .unavailable("unexpected answer from the store; nothing was changed")
        }
    }
}
