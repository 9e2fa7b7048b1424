import AuctionCore

/// What can go wrong in the account commands on the client; messages a user can act on.
public enum AccountCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The saved-login file could not be read, written or removed; the text says why.
    case file(path: String, reason: String)
    /// The saved-login file is not what this client writes.
    case unreadable(path: String)
    /// Neither `XDG_CONFIG_HOME` nor `HOME` is set, so there is nowhere to keep the login.
    case noConfigDirectory
    /// There is no saved login.
    case notLoggedIn
    /// The saved login belongs to another server than the one configured.
    case otherServer(saved: String, configured: String)
    /// The server refused the name and password.
    case invalidCredentials
    /// The server no longer accepts the saved login (expired or logged out elsewhere).
    case sessionEnded(name: String)
    /// The password could not be read (no terminal, end of input, interrupted).
    case password(String)
    /// Talking to the server failed.
    case auction(AuctionError)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .file(let path, let reason): "cannot use \(path): \(reason)"
        case .unreadable(let path): "\(path) is not a saved login; remove it and run `auction login <name>`"
        case .noConfigDirectory: "set HOME or XDG_CONFIG_HOME so the login can be saved"
        case .notLoggedIn: "not logged in: run `auction login <name>` (or `auction register <name>`)"
        case .otherServer(let saved, let configured):
            "the saved login is for \(saved), not \(configured); run `auction login <name>` for this server"
        case .sessionEnded(let name):
            "the saved login for \(name) is no longer valid (expired or logged out); run `auction login \(name)`"
        case .password(let why): why
        case .invalidCredentials: "invalid name or password"
        case .auction(let error): AccountCommandError.describe(error)
        }
    }

    /// A sentence for a domain error met by an account command.
    static func describe(_ error: AuctionError) -> String {
        switch error {
        case .unreachable(let address, let detail): "cannot reach \(address): \(detail) — is auction-server running?"
        case .connectionLost: "the connection to the server was lost before it answered"
        case .timedOut: "the server did not answer in time"
        case .refused(let reason): reason.explanation
        case .protocolViolation(let what): "the server answered with something unreadable: \(what)"
        case .notFound(let what): "not found: \(what)"
        case .server(let status, let message) where (400..<500).contains(status): "refused: \(message)"
        case .server(let status, let message): "the server failed (HTTP \(status)): \(message)"
        }
    }
}
