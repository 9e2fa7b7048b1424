import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction report <id> --reason TEXT`: flags a lot for the moderators (`POST /products/{id}/report`).
public struct ReportCommand: ParsableCommand {
    /// `report`.
    public static let name = "report"
    /// What `report` does, for help.
    public static let summary = "report a lot to the moderators"
    /// `report`'s help page.
    public static let discussion = """
        Needs a login. The reason is required (one line, at most 280 characters). Reporting a lot
        you already reported, while the moderators have not resolved it, changes nothing and says so.
        At most 20 new reports an hour. Exit 1 when refused (no such lot, a bad reason, too many).
        """
    /// The lot reported.
    @Argument("id", help: "the lot's id")
    public var productID: ProductID
    /// Why.
    @Option(text: "reason", valueName: "TEXT", help: "why the lot should be looked at (required)")
    public var reason: String?

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Refuses a missing reason before anything is sent.
    public mutating func validate() throws(CommandError) {
        reason = try CommandContext.requiredReason(reason, command: Self.name)
    }

    /// Sends the report and prints the server's sentence.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let id = productID, reason = self.reason ?? ""
        let answer = try await context.withModeration("`auction report`") { (moderation, token) throws(AuctionError) in
            try await moderation.report(id, reason: reason, token: token)
        }
        context.console.print(ModCommand.line(answer))
        return .success
    }
}
