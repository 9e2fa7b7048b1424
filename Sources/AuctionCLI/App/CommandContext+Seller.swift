import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The logged-in seller's requests (`auction sell`, `edit`, `withdraw`, `mine --selling`).
extension CommandContext {
    /// Runs `body` with the lot repository over HTTP and the saved login's token.
    ///
    /// As `withBidder`: refuses before any request against the original dialect and without a saved
    /// login; a server without the endpoints (404 or 405 without a reason) is `not supported by this server` (exit 2); a token no
    /// longer accepted asks to log in again (exit 1). A refusal with a reason code is exit 1 with
    /// `LotRefusalText`'s sentence.
    public func withSeller<T: Sendable>(
        _ what: String, uploadProgress: (@Sendable (_ sent: Int, _ total: Int) -> Void)? = nil,
        _ body: (LotRepository, String) async throws(LotError) -> T
    ) async throws(CommandError) -> T {
        guard configuration.dialect != .original else { throw unsupportedSelling(what) }
        let login = try await SavedLoginLookup.load(self)
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-http") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        defer { loop.shutdown() }
        var client = httpClient(on: loop)
        client.onUploadProgress = uploadProgress
        let repository = HTTPLotRepository(client: client)
        guard let login else {
            // Without a login, one token-less request tells a server without these endpoints (404) from ours (401).
            do throws(LotError) {
                _ = try await repository.mySelling(token: "")
            } catch .auction(.server(status: 404, _)), .auction(.server(status: 405, _)) {
                throw unsupportedSelling(what)
            } catch {}
            throw .notLoggedIn("\(what) needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        }
        do throws(LotError) {
            return try await body(repository, login.token)
        } catch {
            throw sellingFailure(error, what, login: login)
        }
    }

    /// A selling failure as the command's error.
    private func sellingFailure(_ error: LotError, _ what: String, login: LoginCredential) -> CommandError {
        switch error {
        case .auction(.server(status: 404, _)), .auction(.server(status: 405, _)):
            unsupportedSelling(what)
        case .auction(.refused(.unauthenticated)):
            .notLoggedIn("the server no longer accepts the saved login for \(login.name) (expired or logged out); "
                         + "run `auction login \(login.name)`")
        case .auction(.notFound(let thing)):
            .refused("no \(thing)")
        case .auction(.server(let status, let message)):
            .auction(.server(status: status, message: TerminalText.sanitized(message)))
        case .auction(let error):
            .auction(error)
        case .refused(let reason, let message, _):
            .refused(LotRefusalText.text(reason: reason, message: message))
        }
    }

    /// `<what> is not supported by this server` (exit 2).
    private func unsupportedSelling(_ what: String) -> CommandError {
        .usage(UsageError(
            reason: "\(what) is not supported by this server: the server at \(configuration.http) "
                + (configuration.dialect == .original ? "speaks the original protocol, which has no selling" : "has no such endpoint"),
            usage: HelpText.programUsage(.auction)))
    }
}
