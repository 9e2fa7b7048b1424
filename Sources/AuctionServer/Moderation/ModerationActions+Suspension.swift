import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Suspending a user and lifting it: the account's side (sessions, logins) in its store, then what the
/// user had open on the auction — their lots removed, their leads retracted — as the other actions do it.
extension ModerationActions {
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
        let leading: [ProductID: [Int64]]
        do throws(StoreError) {
            leading = try selling.leadingBids(of: user.id).filter { !lots.contains($0.key) }
        } catch {
            throw .unavailable("the store failed: \(error); nothing was changed")
        }
        let details = JSONObject([("lots_withdrawn", .array(lots.map { .int(Int64($0.rawValue)) })),
                                  ("leads_retracted", .array(leading.keys.sorted().map { .int(Int64($0.rawValue)) }))])
        let change: AccountStore.SuspensionChange
        do throws(AccountError) {
            change = try accounts.suspend(name, reason: reason, until: until, moderator: moderator.userID, details: details)
        } catch {
            throw .unavailable("\(error); nothing was changed")
        }
        switch change {
        case .suspended(let id, let ended, let entry):
            // Once this node's bids decided before the logout are stored, the read of leads below holds them.
            if !hooks.endConnections(id, SessionSuspension(reason: reason.text, until: until)) { log.error("moderation: bids in flight of suspended user \(id) did not settle within 30 s") }
            var removed = 0
            // Each entry names the role the suspended user had there: seller of a removed lot, bidder of a retracted lead.
            let lotReason = (try? ModerationReason("seller suspended: \(reason.text)")) ?? reason
            let bidReason = (try? ModerationReason("bidder suspended: \(reason.text)")) ?? reason
            for lot in lots {
                if (try? removeLot(lot, reason: lotReason, by: moderator))?.changed == true { removed += 1 }
            }
            // Read again now the suspension is stored and this node's bids in flight are answered: a bid
            // committed meanwhile is among these, and no later one of theirs commits (this node logged
            // them out; another node's batch reads the suspension).
            let leadingNow = (try? selling.leadingBids(of: id).filter { !lots.contains($0.key) }) ?? leading
            var fellBack = 0
            for (lot, bids) in leadingNow.sorted(by: { $0.key < $1.key }) {
                let answer = try? retract(bids, on: lot, reason: bidReason, by: moderator, action: .retractBid, user: id)
                if answer?.changed == true { fellBack += 1 }
            }
            log.info("moderation: \(moderator.name) suspended \(name) (\(ended.count) session(s), \(removed) lot(s), \(fellBack) lead(s))")
            let term = until.map { "until \($0.description)" } ?? "until lifted"
            return Answer(changed: true, message: "\(name) suspended \(term); \(ended.count) session(s) ended, \(removed) open lot(s) removed, "
                          + "\(fellBack) lead(s) retracted", entry: entry)
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
