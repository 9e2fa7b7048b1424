import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The login the client keeps between runs: whose, which server, the token and its expiry.
public struct SavedLogin: Hashable, Sendable {
    /// The user's name.
    public var name: String
    /// The user's id.
    public var userID: UserID
    /// The server's HTTP base URL, e.g. `http://127.0.0.1:3100`.
    public var server: String
    /// The session token.
    public var token: String
    /// When the token stops being valid.
    public var expiresAt: Timestamp

    /// Creates a saved login.
    public init(name: String, userID: UserID, server: String, token: String, expiresAt: Timestamp) {
        self.name = name
        self.userID = userID
        self.server = server
        self.token = token
        self.expiresAt = expiresAt
    }

    /// The login for a session just opened on `server`.
    public init(session: UserSession, server: String) {
        self.init(name: session.name, userID: session.userID, server: server, token: session.token,
                  expiresAt: session.expiresAt)
    }

    /// Whether it has expired at `now`.
    public func isExpired(at now: Timestamp) -> Bool { now >= expiresAt }

    /// The file's JSON: `{"name","user_id","server","token","expires_at"}`.
    public var json: [UInt8] {
        JSONValue.object(JSONObject([
            ("name", .string(name)), ("user_id", .int(userID.rawValue)), ("server", .string(server)),
            ("token", .string(token)), ("expires_at", .int(expiresAt.millisecondsSinceEpoch)),
        ])).serialized()
    }

    /// Reads the file's JSON; nil when a member is missing.
    public init?(json bytes: [UInt8]) {
        guard let json = try? JSONValue.parse(bytes), let name = json["name"]?.stringValue,
              let id = json["user_id"]?.intValue, let server = json["server"]?.stringValue,
              let token = json["token"]?.stringValue, let expires = json["expires_at"]?.intValue else { return nil }
        self.init(name: name, userID: UserID(rawValue: id), server: server, token: token,
                  expiresAt: Timestamp(millisecondsSinceEpoch: expires))
    }
}
