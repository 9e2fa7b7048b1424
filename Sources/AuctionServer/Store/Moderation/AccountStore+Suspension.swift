import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Suspensions stored on the account (`users.suspended_*`): set and lifted by moderators, each with
/// its entry in the moderation log in the same transaction. Suspending revokes every live session of
/// the user in that transaction too (notified on `auction_sessions`, as a logout is, on PostgreSQL).
extension AccountStore {
    /// What a suspension did.
    public enum SuspensionChange: Hashable, Sendable {
        /// Suspended now: the user, the token hashes of the sessions ended, and the log entry's id.
        case suspended(user: UserID, endedSessions: [String], entry: Int64)
        /// Lifted now: the user and the log entry's id.
        case lifted(user: UserID, entry: Int64)
        /// Already as asked: suspended (the suspension in force) or not suspended (nil); nothing written.
        case unchanged(user: UserID, suspension: Suspension?)
        /// No user has this name.
        case unknownUser
    }

    /// Suspends the user named `name` until `until` (nil: until lifted) for `reason`, ends their
    /// sessions and logs it for `moderator`; `.unchanged` while a suspension is in force already.
    /// `details` joins the entry's own (`sessions_ended`, `until`).
    public func suspend(_ name: String, reason: ModerationReason, until: Timestamp?, moderator: UserID, now: Timestamp,
                        details: JSONObject = JSONObject([])) throws(StoreError) -> SuspensionChange {
        try connection.withDatabase { database throws(StoreError) -> SuspensionChange in
            try database.inTransaction { () throws(StoreError) -> SuspensionChange in
                guard let user = try Self.lockedUser(name, in: database) else { return .unknownUser }
                if let current = user.suspension, current.isInForce(at: now) { return .unchanged(user: user.id, suspension: current) }
                let time = StoreValue.integer(now.millisecondsSinceEpoch)
                try database.write("UPDATE users SET suspended_at = ?, suspended_until = ?, suspension_reason = ? WHERE id = ?",
                                   [time, until.map { .integer($0.millisecondsSinceEpoch) } ?? .null, .text(reason.text),
                                    .integer(user.id.rawValue)])
                let ended = try database.rows("""
                    SELECT token_hash FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY token_hash
                    """, [.integer(user.id.rawValue), time]) { $0.text(0) }
                try database.write("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
                                   [time, .integer(user.id.rawValue)])
                for hash in ended {
                    try database.publish(channel: Self.sessionChannel, payload: SessionToken.revocationKey(ofHash: hash))
                }
                var details = details
                details["sessions_ended"] = .int(Int64(ended.count))
                details["until"] = until.map { .int($0.millisecondsSinceEpoch) } ?? .null
                let entry = try ModerationLog.append(ModerationLog.Entry(
                    moderator: moderator, action: .suspend, user: user.id, reason: reason, details: details, at: now), on: database)
                return .suspended(user: user.id, endedSessions: ended, entry: entry)
            }
        }
    }

    /// Lifts the suspension of the user named `name` for `reason`, logged for `moderator`; `.unchanged`
    /// when none is in force (an expired one is cleared all the same, without an entry).
    public func unsuspend(_ name: String, reason: ModerationReason, moderator: UserID, now: Timestamp) throws(StoreError) -> SuspensionChange {
        try connection.withDatabase { database throws(StoreError) -> SuspensionChange in
            try database.inTransaction { () throws(StoreError) -> SuspensionChange in
                guard let user = try Self.lockedUser(name, in: database) else { return .unknownUser }
                try database.write("UPDATE users SET suspended_at = NULL, suspended_until = NULL, suspension_reason = NULL WHERE id = ?",
                                   [.integer(user.id.rawValue)])
                guard let current = user.suspension, current.isInForce(at: now) else { return .unchanged(user: user.id, suspension: nil) }
                var details = JSONObject([])
                details["was_until"] = current.until.map { .int($0.millisecondsSinceEpoch) } ?? .null
                details["suspension_reason"] = .string(current.reason)
                let entry = try ModerationLog.append(ModerationLog.Entry(
                    moderator: moderator, action: .unsuspend, user: user.id, reason: reason, details: details, at: now), on: database)
                return .lifted(user: user.id, entry: entry)
            }
        }
    }

    /// The user named `name` with their suspension, its row locked on PostgreSQL until the transaction ends.
    private static func lockedUser(_ name: String, in database: any StoreDatabase) throws(StoreError) -> User? {
        guard let id = try database.scalarInteger("SELECT id FROM users WHERE name = ?", [.text(name)]) else { return nil }
        try database.serialize(lock: .user(UserID(rawValue: id)))
        return try database.rows("SELECT \(userColumns) FROM users WHERE id = ?", [.integer(id)], map: user(from:)).first
    }
}
