import AuctionCore
import AuctionInfrastructure

/// Users and their sessions in the store (SQLite or PostgreSQL); holds only password hashes and token hashes, never secrets.
///
/// Thread-safe (`Sendable`): one connection behind a lock. Each write is its own durable commit.
public final class AccountStore: Sendable {
    /// A stored user.
    public struct User: Hashable, Sendable {
        /// The user's id.
        public var id: UserID
        /// The unique user name.
        public var name: String
        /// The password hash as `crypt` wrote it.
        public var passwordHash: String
        /// When the account was made.
        public var createdAt: Timestamp
        /// The suspension in force or past, when a moderator suspended the account (`suspended_at`).
        public var suspension: Suspension? = nil
    }

    /// A moderator's suspension of an account.
    public struct Suspension: Hashable, Sendable {
        /// Why.
        public var reason: String
        /// When it ends; nil: until a moderator lifts it.
        public var until: Timestamp?

        /// Whether it holds at `now`.
        public func isInForce(at now: Timestamp) -> Bool { until.map { now < $0 } ?? true }

        /// `isInForce` in SQL over the `users` row named `table` (`u`, `users`): true or false, false for
        /// the missing row of an outer join; its one `?` takes now in milliseconds since the epoch.
        static func inForceSQL(_ table: String) -> String {
            "(\(table).suspended_at IS NOT NULL AND (\(table).suspended_until IS NULL OR \(table).suspended_until > ?))"
        }
    }

    /// A stored session, found by its token's hash.
    public struct Session: Hashable, Sendable {
        /// The hash of the session token.
        public var tokenHash: String
        /// Whose session it is.
        public var userID: UserID
        /// That user's name.
        public var userName: String
        /// When it was made.
        public var createdAt: Timestamp
        /// When it stops being valid.
        public var expiresAt: Timestamp
        /// When it was revoked (logout), if it was.
        public var revokedAt: Timestamp?
        /// The holder's suspension, if a moderator suspended them.
        public var suspension: Suspension? = nil

        /// Whether it lets its holder in at `now` (not revoked, not expired, the holder not suspended).
        public func isValid(at now: Timestamp) -> Bool {
            revokedAt == nil && now < expiresAt && !(suspension?.isInForce(at: now) ?? false)
        }
    }

    let connection: StoreConnection

    /// The columns `user(from:)` reads, in order.
    static let userColumns = "id, name, password_hash, created_at, suspended_at, suspension_reason, suspended_until"

    /// A user from a row of `userColumns`.
    static func user(from row: any StoreRow) -> User {
        User(id: UserID(rawValue: row.int64(0)), name: row.text(1), passwordHash: row.text(2),
             createdAt: Timestamp(millisecondsSinceEpoch: row.int64(3)), suspension: suspension(row, at: 4))
    }

    /// The suspension in the three columns from `column` (`suspended_at`, `suspension_reason`, `suspended_until`), if any.
    static func suspension(_ row: any StoreRow, at column: Int) -> Suspension? {
        row.isNull(column) ? nil : Suspension(reason: row.optionalText(column + 1) ?? "",
                                              until: row.optionalInt64(column + 2).map(Timestamp.init(millisecondsSinceEpoch:)))
    }

    /// Opens (creating and migrating if needed) the store at `path`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the store at `target` (a PostgreSQL store must be migrated first: `PostgresSchema.migrate`).
    public init(target: StoreTarget) throws(StoreError) {
        connection = try StoreConnection(target)
    }

    /// Closes the connection; later calls fail with `.closed`.
    public func close() {
        connection.close()
    }

    /// Adds a user; nil when the name is taken.
    public func createUser(name: String, passwordHash: String, at now: Timestamp) throws(StoreError) -> UserID? {
        try connection.withDatabase { database throws(StoreError) -> UserID? in
            do throws(StoreError) {
                return UserID(rawValue: try database.insertReturningID(
                    "INSERT INTO users (name, password_hash, created_at, name_key) VALUES (?, ?, ?, ?)",
                    [.text(name), .text(passwordHash), .integer(now.millisecondsSinceEpoch), .text(NameKey.of(name))]))
            } catch where error.isConstraintViolation {
                return nil
            }
        }
    }

    /// The name of the account whose key (`NameKey`) `name` shares, or nil: what a registration collided with.
    public func nameHolder(like name: String) throws(StoreError) -> String? {
        try connection.withDatabase { database throws(StoreError) -> String? in
            try database.rows("SELECT name FROM users WHERE name_key = ? OR name = ? ORDER BY id LIMIT 1",
                              [.text(NameKey.of(name)), .text(name)]) { $0.text(0) }.first
        }
    }

    /// The user with this name, or nil.
    public func user(named name: String) throws(StoreError) -> User? {
        try connection.withDatabase { database throws(StoreError) -> User? in
            try database.rows("SELECT \(Self.userColumns) FROM users WHERE name = ?", [.text(name)], map: Self.user(from:)).first
        }
    }

    /// Stores a new session for a user and revokes the user's oldest live sessions past `keeping` (the
    /// new one counted and never revoked); returns the revoked sessions' token hashes. One transaction,
    /// the user's row locked on PostgreSQL, so concurrent logins never leave more than `keeping` live; on
    /// PostgreSQL each revocation is notified on `auction_sessions` as a logout's is.
    @discardableResult
    public func createSession(tokenHash: String, userID: UserID, createdAt: Timestamp, expiresAt: Timestamp,
                              keeping: Int = Int.max) throws(StoreError) -> [String] {
        try connection.withDatabase { database throws(StoreError) -> [String] in
            try database.inTransaction { () throws(StoreError) -> [String] in
                try database.serialize(lock: .user(userID))
                _ = try database.write("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)", [
                    .text(tokenHash), .integer(userID.rawValue), .integer(createdAt.millisecondsSinceEpoch),
                    .integer(expiresAt.millisecondsSinceEpoch),
                ])
                guard keeping < Int.max else { return [] }
                let others = try database.rows("""
                    SELECT token_hash FROM sessions WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL AND expires_at > ?
                    ORDER BY created_at DESC, token_hash DESC
                    """, [.integer(userID.rawValue), .text(tokenHash), .integer(createdAt.millisecondsSinceEpoch)]) { $0.text(0) }
                let revoked = Array(others.dropFirst(max(0, keeping - 1)))
                for hash in revoked {
                    try database.write("UPDATE sessions SET revoked_at = ? WHERE token_hash = ?", [.integer(createdAt.millisecondsSinceEpoch), .text(hash)])
                    try database.publish(channel: Self.sessionChannel, payload: SessionToken.revocationKey(ofHash: hash))
                }
                return revoked
            }
        }
    }

    /// The session with this token hash (valid or not), or nil.
    public func session(tokenHash: String) throws(StoreError) -> Session? {
        try connection.withDatabase { database throws(StoreError) -> Session? in
            try database.rows("""
                SELECT s.token_hash, s.user_id, u.name, s.created_at, s.expires_at, s.revoked_at,
                       u.suspended_at, u.suspension_reason, u.suspended_until
                FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?
                """, [.text(tokenHash)]) { row in
                Session(tokenHash: row.text(0), userID: UserID(rawValue: row.int64(1)), userName: row.text(2),
                        createdAt: Timestamp(millisecondsSinceEpoch: row.int64(3)),
                        expiresAt: Timestamp(millisecondsSinceEpoch: row.int64(4)),
                        revokedAt: row.optionalInt64(5).map(Timestamp.init(millisecondsSinceEpoch:)),
                        suspension: Self.suspension(row, at: 6))
            }.first
        }
    }

    /// The channel a shared (PostgreSQL) store notifies with each revoked session's revocation key
    /// (`SessionToken.revocationKey`: never the token nor its whole hash).
    public static let sessionChannel = "auction_sessions"

    /// Revokes a session; false when there was no such session or it was already revoked. On PostgreSQL
    /// the same transaction notifies `auction_sessions`, so every node refuses the session at once.
    @discardableResult
    public func revokeSession(tokenHash: String, at now: Timestamp) throws(StoreError) -> Bool {
        try connection.withDatabase { database throws(StoreError) -> Bool in
            try database.inTransaction { () throws(StoreError) -> Bool in
                let revoked = try database.write("UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
                                                 [.integer(now.millisecondsSinceEpoch), .text(tokenHash)]) > 0
                if revoked {
                    try database.publish(channel: Self.sessionChannel, payload: SessionToken.revocationKey(ofHash: tokenHash))
                }
                return revoked
            }
        }
    }

    /// Deletes sessions that expired before `now`; returns how many.
    @discardableResult
    public func removeExpiredSessions(before now: Timestamp) throws(StoreError) -> Int {
        try connection.withDatabase { database throws(StoreError) -> Int in
            Int(try database.write("DELETE FROM sessions WHERE expires_at <= ?", [.integer(now.millisecondsSinceEpoch)]))
        }
    }
}
