import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The logged-in requests of `auction report` and `auction mod`.
extension CommandContext {
    /// Runs `body` with the moderation repository over HTTP and the saved login's token.
    ///
    /// Refuses before any request without a saved login (exit 1, how to log in) or against the original
    /// dialect (exit 2). Answers map to errors as `moderationFailure` says.
    public func withModeration<T: Sendable>(
        _ what: String, _ body: (HTTPModerationRepository, String) async throws(AuctionError) -> T
    ) async throws(CommandError) -> T {
        guard configuration.dialect != .original else {
            throw .usage(UsageError(reason: "\(what) is not supported by this server: the server at \(configuration.http) "
                                        + "speaks the original protocol, which has no moderation", usage: HelpText.programUsage(.auction)))
        }
        guard let login = try await SavedLoginLookup.load(self) else {
            throw .notLoggedIn("\(what) needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        }
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-http") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        defer { loop.shutdown() }
        do throws(AuctionError) {
            return try await body(HTTPModerationRepository(client: httpClient(on: loop)), login.token)
        } catch {
            throw Self.moderationFailure(error, login: login)
        }
    }

    /// A moderation failure as the command's error: a session the server no longer accepts asks to log in again,
    /// 403 is "you are not a moderator", other refusals (400, 404, 409, 429) print the server's sentence,
    /// cleaned of terminal controls (exit 1); transport failures keep their usual exit status.
    static func moderationFailure(_ error: AuctionError, login: LoginCredential) -> CommandError {
        switch error {
        case .refused(.unauthenticated):
            .notLoggedIn("the server no longer accepts the saved login for \(login.name) (expired, logged out or suspended); "
                         + "run `auction login \(login.name)`")
        case .server(status: 403, _):
            .refused("you are not a moderator")
        case .server(let status, let message) where (400..<500).contains(status):
            .refused(TerminalText.sanitized(message))
        case .server(let status, let message):
            .auction(.server(status: status, message: TerminalText.sanitized(message)))
        default:
            .auction(error)
        }
    }

    /// `--reason`'s text trimmed of spaces, or the usage error that refuses it (missing or blank) before any request.
    static func requiredReason(_ reason: String?, command: String) throws(CommandError) -> String {
        let trimmed = (reason ?? "").trimmingBlanks()
        guard !trimmed.isEmpty else {
            throw .usage(command, "a reason is required: add --reason TEXT (it is recorded in the moderation log)")
        }
        return trimmed
    }
}
