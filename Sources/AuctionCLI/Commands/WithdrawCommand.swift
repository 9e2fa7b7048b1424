import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction withdraw <id> [--yes]`: withdraws one's own lot before its first bid (`DELETE /products/{id}`),
/// after confirming on a terminal (never implicitly on a pipe: exit 5 without `--yes`).
public struct WithdrawCommand: ParsableCommand {
    /// `withdraw`.
    public static let name = "withdraw"
    /// What `withdraw` does, for help.
    public static let summary = "withdraw your lot before anyone bids"
    /// `withdraw`'s help page.
    public static let discussion = """
        Needs a login; only the lot's seller may withdraw it, and only before the first bid.
        Asks on a terminal (--yes skips; without a terminal and --yes nothing is sent: exit 5).
        Exit 1 when refused (not your lot, it has bids, no such lot).
        """
    /// The lot withdrawn.
    @Argument("id", help: "the lot's id")
    public var productID: ProductID
    /// Whether to skip the question.
    @Flag("yes", help: "withdraw without asking first")
    public var yes: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Asks, then sends the withdrawal.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        guard context.confirmed("Withdraw lot \(productID)? Watchers are told and it leaves every list. [y/N] ",
                                yes: yes, noTerminal: "withdrawing lot \(productID) needs confirming") else { return .notConfirmed }
        let id = productID
        try await context.withSeller("`auction withdraw`") { (lots, token) throws(LotError) in
            try await lots.withdraw(id, token: token)
        }
        context.console.print("withdrawn: lot \(productID)")
        return .success
    }
}
