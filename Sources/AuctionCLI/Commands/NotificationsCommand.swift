import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction notifications [--all] [--json]`: the saved login's unseen notifications, newest first,
/// which are then marked seen; `--all` lists the newest ones seen or not and marks nothing.
public struct NotificationsCommand: ParsableCommand {
    /// `notifications`.
    public static let name = "notifications"
    /// What `notifications` does, for help.
    public static let summary = "list unseen notifications and mark them seen"
    /// `notifications`' help page.
    public static let discussion = """
        Columns: when (local time and zone), kind (outbid, ending soon, won, lost, sold), product, price.
        Needs a saved login (`auction login`); without one it exits 1.
        --json prints {"notifications":[...]} with the objects of push 8.
        """
    /// Whether to list seen ones too (and mark nothing).
    @Flag("all", help: "the newest 100, seen or not (marks nothing seen)")
    public var all: Bool
    /// Whether to print JSON.
    @Flag("json", help: "print one JSON document for scripts")
    public var json: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Lists the notifications, then marks the listed unseen ones seen.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let all = self.all, json = self.json
        return try await context.withNotifications { (repository, saved, file) throws(CommandError) -> ExitCode in
            let notices: [AuctionNotification]
            do throws(AuctionError) {
                notices = try await repository.notifications(all: all, token: saved.token)
                if !all, let newest = notices.map(\.id).max() {
                    try await repository.markSeen(upTo: newest, token: saved.token)
                }
            } catch .refused(.unauthenticated) {
                throw .account(.sessionEnded(name: saved.name))
            } catch {
                throw .account(.auction(error))
            }
            file.record(CommandContext.now())
            if json {
                context.console.printJSON(.object(JSONObject([
                    ("notifications", .array(notices.map { ServerMessage.notification($0).data })),
                ])))
            } else if notices.isEmpty {
                context.console.print(all ? "no notifications" : "no unseen notifications")
            } else {
                context.console.print(lines: NotificationTable.lines(notices, clock: context.clock))
            }
            return .success
        }
    }
}
