import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction mine [--json]`: the products the logged-in user has bid on, with where they stand.
public struct MineCommand: Command {
    /// `mine`.
    public static let name = "mine"
    /// `--json`.
    public static let jsonFlag = Flag("json", help: "print one JSON document for scripts")
    /// `mine`'s option and help, from the key above.
    public static let spec = CommandSpec(name, summary: "list the products you have bid on and where you stand",
                                         options: [jsonFlag.spec],
                                         discussion: """
                                         Columns: id, product, your highest bid, your maximum (proxy; - when none), current
                                         price, status (leading, outbid, won, lost, ended · no winner), time left. Open
                                         auctions first, soonest end first; then ended ones, most recent first. Needs a login.
                                         --json prints the server's answer: {"bids":[{"product_id", "product_name", "my_highest",
                                         "my_maximum", "current_price", "end_time", "status"}]}.
                                         """)
    /// Whether to print JSON.
    public var json: Bool

    /// Reads `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        json = invocation[Self.jsonFlag]
    }

    /// Asks the server for the user's bids and prints them.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let bids = try await context.withBidder("`auction mine`") { (repository, token) throws(AuctionError) -> [MyBid] in
            try await repository.myBids(token: token)
        }
        let console = context.console
        if json {
            console.printJSON(BidderDTO.bidsJSON(bids))
        } else if bids.isEmpty {
            console.error("you have not bid on anything yet")
        } else {
            console.print(lines: MineTable.render(bids, width: console.size?.columns, color: console.color, now: CommandContext.now()))
        }
        return .success
    }
}
