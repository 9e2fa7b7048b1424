/// A session opened by registering or logging in: who, the bearer token, and until when.
///
/// On the server this is the one moment the clear token exists; it is never stored or logged.
public struct UserSession: Hashable, Sendable {
    /// The user's id.
    public var userID: UserID
    /// The user's name.
    public var name: String
    /// The bearer token.
    public var token: String
    /// When the token stops being valid.
    public var expiresAt: Timestamp

    /// Creates a session value.
    public init(userID: UserID, name: String, token: String, expiresAt: Timestamp) {
        self.userID = userID
        self.name = name
        self.token = token
        self.expiresAt = expiresAt
    }

    /// Who the session belongs to, without the token.
    public var identity: UserIdentity { UserIdentity(userID: userID, name: name, expiresAt: expiresAt) }
}

/// Who a valid token belongs to, and until when.
public struct UserIdentity: Hashable, Sendable {
    /// The user's id.
    public var userID: UserID
    /// The user's name.
    public var name: String
    /// When the token stops being valid.
    public var expiresAt: Timestamp
    /// Whether the user holds the moderator role (as the server answered `/users/me`).
    public var isModerator: Bool

    /// Creates an identity value.
    public init(userID: UserID, name: String, expiresAt: Timestamp, isModerator: Bool = false) {
        self.userID = userID
        self.name = name
        self.expiresAt = expiresAt
        self.isModerator = isModerator
    }
}
