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
    /// The saved login for the configured server; nil when there is none, or it is another server's
    /// (an original backend has no login: the bid goes without one). A saved login is only handed out
    /// when the servers it would go to are private (`requirePrivateChannel`).
    static func load(_ context: CommandContext) async throws(CommandError) -> LoginCredential? {
        try await context.withAccounts(sendsSecrets: false) { (accounts) throws(CommandError) -> LoginCredential? in
            let saved: SavedLogin
            do throws(AccountCommandError) {
                saved = try accounts.validLogin()
            } catch .notLoggedIn, .otherServer, .noConfigDirectory {
                return nil
            } catch {
                throw .account(error)
            }
            try context.requirePrivateChannel(for: "your session token", http: true, socket: true)
            return LoginCredential(name: saved.name, token: saved.token, userID: saved.userID)
        }
    }
}
