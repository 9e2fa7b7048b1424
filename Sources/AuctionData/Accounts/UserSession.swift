import AuctionCore

/// A logged-in session as the client sees it: who, the bearer token, and until when.
/// (Candidate for AuctionCore/Entities.)
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
}

/// Who the server says a token belongs to (`GET /users/me`). (Candidate for AuctionCore/Entities.)
public struct UserProfile: Hashable, Sendable {
    /// The user's id.
    public var userID: UserID
    /// The user's name.
    public var name: String
    /// When the token stops being valid.
    public var expiresAt: Timestamp

    /// Creates a profile value.
    public init(userID: UserID, name: String, expiresAt: Timestamp) {
        self.userID = userID
        self.name = name
        self.expiresAt = expiresAt
    }
}
