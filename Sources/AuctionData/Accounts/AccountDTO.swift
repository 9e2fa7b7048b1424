import AuctionCore
import AuctionInfrastructure

/// The JSON shapes of `/users/*`: `{"name","password"}` in; `{"user_id","name","token"?,"expires_at"}`
/// out (`expires_at` in milliseconds since the epoch); failures `{"error", "retry_after_ms"?}`.
public enum AccountDTO {
    /// `{"name": ..., "password": ...}`.
    public static func credentialsBody(name: String, password: String) -> [UInt8] {
        JSONValue.object(JSONObject([("name", .string(name)), ("password", .string(password))])).serialized()
    }

    /// Reads `{"name": ..., "password": ...}`; nil when the body is not that shape.
    public static func credentials(from body: [UInt8]) -> (name: String, password: String)? {
        guard let json = try? JSONValue.parse(body), let name = json["name"]?.stringValue,
              let password = json["password"]?.stringValue else { return nil }
        return (name, password)
    }

    /// Reads `{"token": ...}`; nil when the body has no token.
    public static func token(from body: [UInt8]) -> String? {
        guard let json = try? JSONValue.parse(body) else { return nil }
        return json["token"]?.stringValue
    }

    /// `{"token": ...}`.
    public static func tokenBody(_ token: String) -> [UInt8] {
        JSONValue.object(JSONObject([("token", .string(token))])).serialized()
    }

    /// `{"user_id","name","token"?,"expires_at","moderator"?}`; the token and the role are left out when nil
    /// (`/users/me` says `moderator`; register and login do not).
    public static func sessionBody(userID: UserID, name: String, token: String?, expiresAt: Timestamp,
                                   moderator: Bool? = nil) -> [UInt8] {
        var members: [(String, JSONValue)] = [("user_id", .int(userID.rawValue)), ("name", .string(name))]
        if let token { members.append(("token", .string(token))) }
        members.append(("expires_at", .int(expiresAt.millisecondsSinceEpoch)))
        if let moderator { members.append(("moderator", .bool(moderator))) }
        return JSONValue.object(JSONObject(members)).serialized()
    }

    /// Reads a register/login answer; nil when a member is missing.
    public static func session(from body: [UInt8]) -> UserSession? {
        guard let json = try? JSONValue.parse(body), let id = json["user_id"]?.intValue,
              let name = json["name"]?.stringValue, let token = json["token"]?.stringValue,
              let expires = json["expires_at"]?.intValue else { return nil }
        return UserSession(userID: UserID(rawValue: id), name: name, token: token,
                           expiresAt: Timestamp(millisecondsSinceEpoch: expires))
    }

    /// Reads a `/users/me` answer; nil when a member is missing (`moderator` absent: false, as from an older server).
    public static func profile(from body: [UInt8]) -> UserIdentity? {
        guard let json = try? JSONValue.parse(body), let id = json["user_id"]?.intValue,
              let name = json["name"]?.stringValue, let expires = json["expires_at"]?.intValue else { return nil }
        return UserIdentity(userID: UserID(rawValue: id), name: name, expiresAt: Timestamp(millisecondsSinceEpoch: expires),
                            isModerator: json["moderator"]?.boolValue ?? false)
    }

    /// `{"error": ..., "retry_after_ms"?: ...}`.
    public static func errorBody(_ message: String, retryAfterMilliseconds: Int64? = nil) -> [UInt8] {
        var members: [(String, JSONValue)] = [("error", .string(message))]
        if let retryAfterMilliseconds { members.append(("retry_after_ms", .int(retryAfterMilliseconds))) }
        return JSONValue.object(JSONObject(members)).serialized()
    }

    /// The `error` message of a failure body, if it has one.
    public static func errorMessage(from body: [UInt8]) -> String? {
        guard let json = try? JSONValue.parse(body) else { return nil }
        return json["error"]?.stringValue
    }
}
