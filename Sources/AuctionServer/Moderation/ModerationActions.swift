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

    /// Where lots, bids and their log entries are written.
    let selling: SellingStore
    /// Where accounts, sessions and suspensions are.
    let accounts: AccountService
    /// The way into the running auction.
    let hooks: ModerationHooks
    /// The server's clock.
    let now: @Sendable () -> Timestamp
    /// Where actions are logged.
    let log: ServerLog
    private let limits: PriceLimits

    /// Actions on `selling` and `accounts`, reaching the auction through `hooks`; retractions reprice
    /// under the server's price `limits`.
    init(selling: SellingStore, accounts: AccountService, hooks: ModerationHooks, now: @escaping @Sendable () -> Timestamp,
         log: ServerLog, limits: PriceLimits = PriceLimits()) {
        self.selling = selling
        self.accounts = accounts
        self.hooks = hooks
        self.now = now
        self.log = log
        self.limits = limits
    }

    /// The log entry `id` as the log's routes render it (nil when it cannot be read: the answer then names only its id).
    func entry(_ id: Int64) -> JSONValue? {
        guard let row = try? selling.connection.withDatabase({ database throws(StoreError) in
            try ModerationLogReads.entry(id: id, on: database)
        }) else { return nil }
        return ModerationLogReads.json(row)
    }

    /// Tells each of `users` (in id order) of an action on lot `product`, with the moderator's reason as the note.
    private func notify(_ users: Set<UserID>, _ kind: NotificationKind, on product: ProductID, price: Money, reason: ModerationReason,
                        at time: Timestamp) {
        hooks.notify(users.sorted { $0.rawValue < $1.rawValue }.map {
            NotificationDraft(user: $0, kind: kind, productID: product, price: price, createdAt: time, note: reason.text)
        })
    }

    /// Retracts bid `id`: the lot's price and leader become what the remaining bids make them, its
    /// watchers get the new price with its seq, the former and the new leader a `bid_retracted` notice.
    func retract(bid id: Int64, reason: ModerationReason, by moderator: UserIdentity) throws(Refusal) -> Answer {
        let found: ProductID?
        do throws(StoreError) {
            found = try selling.product(ofBid: id)
        } catch {
            throw .unavailable("the store failed: \(error); nothing was changed")
        }
        guard let product = found else { throw .notFound("there is no bid \(id)") }
        return try retract([id], on: product, reason: reason, by: moderator, action: .retractBid, user: nil)
    }

    /// Retracts bids `ids` on lot `product` under one hold and one replay, logged as `action`.
    func retract(_ ids: [Int64], on product: ProductID, reason: ModerationReason, by moderator: UserIdentity,
                         action: ModerationLog.Action, user: UserID?) throws(Refusal) -> Answer {
        guard let change = hooks.checkRetraction(product) else { throw .unavailable("the auction did not answer; nothing was changed") }
        switch change {
        case .unknownProduct: throw .notFound("there is no lot \(product)")
        case .closed, .hasBids: throw .conflict("the auction of lot \(product) has ended; its bids stand")
        case .applied: break
        }
        defer { hooks.release(product) }
        let stored: SellingStore.StoredRetraction
        do throws(StoreError) {
            stored = try selling.retract(ids, on: product, reason: reason, moderator: moderator.userID, now: now(), limits: limits,
                                         action: action, user: user)
        } catch {
            throw .unavailable("the store failed: \(error); nothing was changed")
        }
        switch stored {
        case .retracted(let retraction):
            hooks.adoptRetraction(retraction)
            let outcome = retraction.outcome, time = now()
            let concerned = Set([retraction.leaderBefore, outcome.leader].compactMap { $0 })
            if retraction.step != nil { notify(concerned, .bidRetracted, on: product, price: outcome.price, reason: reason, at: time) }
            log.info("moderation: \(moderator.name) retracted \(ids.count) bid(s) on lot \(product): \(retraction.priceBefore) -> \(outcome.price)")
            let moved = retraction.step == nil ? "its price and leader stand at \(outcome.price)"
                : "its price is now \(outcome.price) (was \(retraction.priceBefore))"
            return Answer(changed: true, message: "retracted on lot \(product); \(moved)", entry: retraction.entry)
        case .alreadyRetracted:
            return Answer(changed: false, message: "already retracted; nothing changed")
        case .automatic:
            throw .conflict("that step was placed by a bidder's maximum; retract the bid that set the maximum")
        case .auctionEnded:
            throw .conflict("the auction of lot \(product) has ended; its bids stand")
        case .unknownBid:
            throw .notFound("there is no such bid on lot \(product)")
        }
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
            notify(concerned, .lotRemoved, on: id, price: price, reason: reason, at: time)
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
}
