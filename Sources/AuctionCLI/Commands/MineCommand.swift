import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction mine [--json]`: the products the logged-in user has bid on, with where they stand;
/// `auction mine --selling [--json]`: the user's own lots (`GET /me/selling`).
public struct MineCommand: ParsableCommand {
    /// `mine`.
    public static let name = "mine"
    /// What `mine` does, for help.
    public static let summary = "list the products you have bid on and where you stand"
    /// `mine`'s help page.
    public static let discussion = """
        Columns: id, product, your highest bid, your maximum (proxy; - when none), current
        price, status (leading, outbid, won, lost, ended · no winner), time left. Open
        auctions first, soonest end first; then ended ones, most recent first. Needs a login.
        --json prints the server's answer: {"bids":[{"product_id", "product_name", "my_highest",
        "my_maximum", "current_price", "end_time", "status"}]}.
        --selling lists your own lots instead: id, lot, status (open · N bids · reserve met or
        not, sold to whom, ended unsold, withdrawn), price (current, or sold for), time left or
        when it ended, in the server's order; --json: {"lots":[{"product_id", "name", "status",
        "bid_count", "current_price", "reserve_met"?, "winner"?, "final_price"?, "end_time"}]}.
        """
    /// Whether to print JSON.
    @Flag("json", help: "print one JSON document for scripts")
    public var json: Bool
    /// Whether to list the user's own lots (`--selling`).
    @Flag("selling", help: "list the lots you are selling instead")
    public var selling: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Asks the server for the user's bids and prints them.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        if selling { return try await runSelling(in: context) }
        let bids = try await context.withBidder("`auction mine`") { (repository, token) throws(AuctionError) -> [MyBid] in
            try await repository.myBids(token: token)
        }
        let console = context.console
        if json {
            console.printJSON(BidderDTO.bidsJSON(bids))
        } else if bids.isEmpty {
            // A seller asking `mine` sees their lots (or where they are), not just "nothing".
            let lots = (try? await context.withSeller("`auction mine --selling`") { (repository, token) throws(LotError) -> [SellingLot] in
                try await repository.mySelling(token: token)
            }) ?? []
            guard !lots.isEmpty else {
                console.error("you have not bid on anything yet (your own lots: `auction mine --selling`)")
                return .success
            }
            console.error("you have not bid on anything yet; the lots you are selling (`auction mine --selling`):")
            console.print(lines: SellingTable.render(lots, width: console.size?.columns, color: console.color, now: CommandContext.now(), clock: context.clock))
        } else {
            console.print(lines: MineTable.render(bids, width: console.size?.columns, color: console.color, now: CommandContext.now()))
        }
        return .success
    }

    /// Asks the server for the user's lots and prints them.
    private func runSelling(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let lots = try await context.withSeller("`auction mine --selling`") { (repository, token) throws(LotError) -> [SellingLot] in
            try await repository.mySelling(token: token)
        }
        let console = context.console
        if json {
            console.printJSON(LotDTO.sellingJSON(lots))
        } else if lots.isEmpty {
            console.error("you are not selling anything yet (`auction sell` lists a lot)")
        } else {
            console.print(lines: SellingTable.render(lots, width: console.size?.columns, color: console.color, now: CommandContext.now(), clock: context.clock))
        }
        return .success
    }
}
