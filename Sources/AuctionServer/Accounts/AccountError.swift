import AuctionCore

/// What can go wrong with accounts on the server; messages a user can act on.
public enum AccountError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user name breaks the rules (1–32 letters, digits, `-` or `_`).
    case invalidName(String)
    /// The password breaks the rules (8 characters to 1,024 bytes).
    case invalidPassword(String)
    /// The name is already registered (compared without regard to case).
    case nameTaken(String)
    /// The name looks like an existing one (`NameKey`: `1`/`i`/`l`, `0`/`o`, `rn`/`m`, `vv`/`w`).
    case nameConfusable(String)
    /// Wrong name or password (the same answer for both, by design).
    case invalidCredentials
    /// Too many failed logins; try again after this many milliseconds.
    case rateLimited(retryAfterMilliseconds: Int64)
    /// Too many logins of this name, right passwords too (`logins_per_user`); try again after this many milliseconds.
    case tooManyLogins(retryAfterMilliseconds: Int64)
    /// Too many registrations from the client's network; try again after this many milliseconds.
    case tooManyRegistrations(retryAfterMilliseconds: Int64)
    /// The token is unknown, expired or revoked.
    case invalidToken
    /// The user is logged in but is not a moderator (any more).
    case notModerator
    /// A moderator suspended the account: why, and until when (nil: until lifted).
    case suspended(reason: String, until: Timestamp?)
    /// The system could not supply random bytes or hash a password; the text says which call failed.
    case system(String)
    /// The account store failed; the text says how.
    case store(String)
    /// The account store could not be reached (nothing was read or written); try again, perhaps elsewhere.
    case storeUnavailable(String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .invalidName(let why): "invalid user name: \(why)"
        case .invalidPassword(let why): "invalid password: \(why)"
        case .nameTaken(let name): "the name '\(name)' is already taken (names are compared without regard to case)"
        case .nameConfusable(let name):
            "the name '\(name)' looks too much like an existing user's name (1, i and l, 0 and o, rn and m, vv and w count as the same); choose another"
        case .invalidCredentials: "invalid name or password"
        case .rateLimited(let ms): "too many failed logins; try again in \((ms + 999) / 1000) s"
        case .tooManyLogins(let ms): "too many logins for this user; try again in \((ms + 999) / 1000) s"
        case .tooManyRegistrations(let ms): "too many registrations from this network; try again in \((ms + 999) / 1000) s"
        case .invalidToken: "not logged in (the session is unknown, expired or revoked)"
        case .notModerator: "only moderators may do this"
        case .suspended(let reason, let until):
            "this account is suspended: \(reason)" + (until.map { " (until \($0.description))" } ?? " (until a moderator lifts it)")
        case .system(let why): "system failure: \(why)"
        case .store(let why): "account store failure: \(why)"
        case .storeUnavailable(let why): "the account store is unavailable: \(why)"
        }
    }
}
