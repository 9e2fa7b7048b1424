import AuctionCore
import AuctionData
import AuctionInfrastructure

extension CommandContext {
    /// Runs `body` with the configured server's notifications (HTTP), the saved login valid for it,
    /// and the file that remembers the last check; the HTTP event loop stops afterwards.
    func withNotifications<T: Sendable>(
        _ body: (any NotificationRepository, SavedLogin, NotificationCheckFile) async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        let (saved, store) = try await withAccounts { (accounts) throws(CommandError) -> (SavedLogin, SavedLoginStore) in
            (try CommandContext.accountSync { () throws(AccountCommandError) in try accounts.validLogin() }, accounts.store)
        }
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-notices") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        defer { loop.shutdown() }
        let repository = HTTPNotificationRepository(client: httpClient(on: loop))
        return try await body(repository, saved, NotificationCheckFile(next: store))
    }

    /// The away summary of the saved login's unseen notifications (nil when there are none, when
    /// not logged in to this server, or when the server cannot say); the check is remembered.
    func awaySummary() async -> String? {
        try? await withNotifications { (repository, saved, file) throws(CommandError) -> String? in
            let notices: [AuctionNotification]
            do throws(AuctionError) {
                notices = try await repository.notifications(all: false, token: saved.token)
            } catch .refused, .notFound {
                file.record(CommandContext.now())  // the server answered: ask again only after the next gap
                return nil
            } catch {
                return nil  // unreachable: try again with the next command
            }
            file.record(CommandContext.now())
            return AwaySummary.line(for: notices)
        } ?? nil
    }

    /// Prints the away summary on standard error when the last check is older than the gap (the
    /// first command after a while away); silent otherwise, and when anything fails.
    func printAwaySummaryIfDue() async {
        guard let store = try? SavedLoginStore(environment: environment),
              (try? store.load()) != nil,
              NotificationCheckFile(next: store).isDue(at: CommandContext.now()),
              let line = await awaySummary() else { return }
        console.errors.write(line + "\n")
    }
}
