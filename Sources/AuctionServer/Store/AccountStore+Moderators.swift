import AuctionCore

/// The moderator role, stored on the account (`users.moderator`): granted and revoked by
/// `auction-server admin`, read by the server at each request that needs it.
extension AccountStore {
    /// What granting or revoking the role did.
    public enum RoleChange: Hashable, Sendable {
        /// The role changed.
        case changed
        /// The user already had (or already lacked) the role: nothing was written.
        case unchanged
        /// No user has this name.
        case unknownUser
    }

    /// Grants (`moderator` true) or revokes the role of the user named `name`, in one statement;
    /// `.unchanged` when it already held, `.unknownUser` when there is no such user.
    public func setModerator(_ moderator: Bool, name: String) throws(StoreError) -> RoleChange {
        let flag: Int64 = moderator ? 1 : 0
        return try connection.withDatabase { database throws(StoreError) -> RoleChange in
            let updated = try database.write("UPDATE users SET moderator = ? WHERE name = ? AND moderator <> ?",
                                             [.integer(flag), .text(name), .integer(flag)])
            if updated > 0 { return .changed }
            let found = try database.rows("SELECT id FROM users WHERE name = ?", [.text(name)]) { $0.int64(0) }
            return found.isEmpty ? .unknownUser : .unchanged
        }
    }

    /// Whether the user `id` holds the stored role (false for an unknown user); read at each call, never cached.
    public func isModerator(userID id: UserID) throws(StoreError) -> Bool {
        try connection.withDatabase { database throws(StoreError) -> Bool in
            try database.rows("SELECT moderator FROM users WHERE id = ?", [.integer(id.rawValue)]) { $0.int64(0) }.first == 1
        }
    }

    /// The names of the users that hold the stored role, sorted.
    public func moderatorNames() throws(StoreError) -> [String] {
        try connection.withDatabase { database throws(StoreError) -> [String] in
            try database.rows("SELECT name FROM users WHERE moderator = 1 ORDER BY name", []) { $0.text(0) }
        }
    }
}
