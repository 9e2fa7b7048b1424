import AuctionCore

/// A session just opened by `register` or `login`: the one moment the clear token exists on the server.
public struct AccountSession: Hashable, Sendable {
    /// The user's id.
    public var userID: UserID
    /// The user's name.
    public var name: String
    /// The bearer token to hand to the client (never stored or logged).
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

/// Who a valid token belongs to.
public struct AccountIdentity: Hashable, Sendable {
    /// The user's id.
    public var userID: UserID
    /// The user's name.
    public var name: String
    /// When the token stops being valid.
    public var expiresAt: Timestamp

    /// Creates an identity value.
    public init(userID: UserID, name: String, expiresAt: Timestamp) {
        self.userID = userID
        self.name = name
        self.expiresAt = expiresAt
    }
}
