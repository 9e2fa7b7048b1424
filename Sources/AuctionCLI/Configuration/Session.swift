/// A saved login: who, the session token, and which server issued it.
public struct Session: Hashable, Sendable {
    /// The user name.
    public var user: String
    /// The session token (secret: never print or log it).
    public var token: String
    /// The HTTP endpoint that issued it, e.g. `http://127.0.0.1:3100`.
    public var server: String

    /// Creates a session record.
    public init(user: String, token: String, server: String) {
        self.user = user
        self.token = token
        self.server = server
    }
}
