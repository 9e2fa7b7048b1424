import AuctionCore
import AuctionData
import AuctionInfrastructure

extension CommandContext {
    /// Runs `body` with the account commands for the configured server (HTTP), the login kept in
    /// the XDG config directory; the HTTP event loop stops afterwards. Unless `sendsSecrets` is false
    /// (only the saved login is read), the HTTP server must be private (`requirePrivateChannel`).
    public func withAccounts<T: Sendable>(
        sendsSecrets: Bool = true, _ body: (AccountCommands) async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        if sendsSecrets { try requirePrivateChannel(for: "your password or session token", http: true, socket: false) }
        let store: SavedLoginStore
        do { store = try SavedLoginStore(environment: environment) } catch { throw .account(error) }
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-accounts") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        defer { loop.shutdown() }
        let server = configuration.http.description
        let repository = HTTPAccountRepository(client: httpClient(on: loop))
        var commands = AccountCommands(accounts: repository, store: store, server: server, now: CommandContext.now)
        commands.otherServers = configuration.httpBases.dropFirst().map(\.description)
        commands.clock = clock
        return try await body(commands)
    }

    /// Runs synchronous account work (reading a password), wrapping its errors.
    static func accountSync<T>(_ work: () throws(AccountCommandError) -> T) throws(CommandError) -> T {
        do throws(AccountCommandError) {
            return try work()
        } catch {
            throw .account(error)
        }
    }

    /// Runs an account command's work, wrapping its errors.
    static func account<T>(_ work: () async throws(AccountCommandError) -> T) async throws(CommandError) -> T {
        do throws(AccountCommandError) {
            return try await work()
        } catch {
            throw .account(error)
        }
    }
}
