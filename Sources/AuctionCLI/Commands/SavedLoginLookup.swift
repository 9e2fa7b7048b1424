import AuctionCore

/// The login a command sends before its requests: the saved session's token, name and user id.
public struct LoginCredential: Hashable, Sendable {
    /// The user's name.
    public var name: String
    /// The session token.
    public var token: String
    /// The user's id, when known (sent with bids for servers that want it).
    public var userID: UserID?

    /// Creates a credential.
    public init(name: String, token: String, userID: UserID? = nil) {
        self.name = name
        self.token = token
        self.userID = userID
    }
}

/// Finds the saved login for the configured server.
enum SavedLoginLookup {
    /// The saved login, or nil when there is none.
    static func load(_ context: CommandContext) throws(CommandError) -> LoginCredential? {
        nil
    }
}
