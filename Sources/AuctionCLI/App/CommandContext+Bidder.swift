import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The logged-in bidder's records (`auction mine`, `auction watchlist`, `watch --watchlist`).
extension CommandContext {
    /// Runs `body` with the bidder repository over HTTP and the saved login's token.
    ///
    /// Refuses before any request when the configured dialect is the original backend's (exit 2:
    /// it has no accounts), and when there is no saved login for this server (exit 1). A server
    /// without the endpoints (404 without a reason) is `not supported by this server` (exit 2); a
    /// token the server no longer accepts asks to log in again (exit 1).
    public func withBidder<T: Sendable>(
        _ what: String, _ body: (BidderRepository, String) async throws(AuctionError) -> T
    ) async throws(CommandError) -> T {
        guard configuration.dialect != .original else { throw unsupported(what) }
        let login = try await SavedLoginLookup.load(self)
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-http") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        defer { loop.shutdown() }
        let repository = HTTPBidderRepository(client: httpClient(on: loop))
        guard let login else {
            // Without a login, one token-less request tells a server without these endpoints (404) from ours (401).
            if case .server(status: 404, _)? = await Self.failure(of: { () throws(AuctionError) in _ = try await repository.watchlist(token: "") }) {
                throw unsupported(what)
            }
            throw .notLoggedIn("\(what) needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        }
        do throws(AuctionError) {
            return try await body(repository, login.token)
        } catch .server(status: 404, _) {
            throw unsupported(what)
        } catch .refused(.unauthenticated) {
            throw .notLoggedIn("the server no longer accepts the saved login for \(login.name) (expired or logged out); "
                               + "run `auction login \(login.name)`")
        } catch .notFound(let thing) {
            throw .refused("no \(thing)")
        } catch .server(status: 403, let message) {  // a suspended account: the server says why, and until when
            throw .notLoggedIn(TerminalText.sanitized(message))
        } catch .server(let status, let message) {
            throw .auction(.server(status: status, message: TerminalText.sanitized(message)))
        } catch {
            throw .auction(error)
        }
    }

    /// The error `work` throws, or nil when it succeeds.
    private static func failure(of work: () async throws(AuctionError) -> Void) async -> AuctionError? {
        do throws(AuctionError) {
            try await work()
            return nil
        } catch {
            return error
        }
    }

    /// `<what> is not supported by this server` (exit 2).
    private func unsupported(_ what: String) -> CommandError {
        .usage(UsageError(
            reason: "\(what) is not supported by this server: the server at \(configuration.http) "
                + (configuration.dialect == .original ? "speaks the original protocol, which has no accounts" : "has no such endpoint"),
            usage: HelpText.programUsage(.auction)))
    }
}
