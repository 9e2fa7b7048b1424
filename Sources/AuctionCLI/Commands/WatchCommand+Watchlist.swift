import AuctionCore

/// `watch --watchlist`: the ids come from the user's watchlist on the server.
extension WatchCommand {
    /// Where the logged-in user leads or is outbid (`auction mine`'s statuses), to mark in the table; empty when unknown.
    static func standings(_ context: CommandContext) async -> [ProductID: MyBidStatus] {
        let bids = try? await context.withBidder("`watch`") { (repository, token) throws(AuctionError) -> [MyBid] in
            try await repository.myBids(token: token)
        }
        return Dictionary((bids ?? []).map { ($0.productID, $0.status) }, uniquingKeysWith: { _, last in last })
    }

    /// The ids on the saved login's watchlist, in the order they were added; refused (exit 1) when it is empty.
    static func watchlistIDs(_ context: CommandContext) async throws(CommandError) -> [ProductID] {
        let ids = try await context.withBidder("`watch --watchlist`") { (repository, token) throws(AuctionError) -> [ProductID] in
            try await repository.watchlist(token: token)
        }
        guard !ids.isEmpty else {
            throw .refused("your watchlist is empty: add a product with `auction watchlist add <id>`")
        }
        return ids
    }
}

extension WatchCommand {
    /// Reads the user's standings from the server each time it is called (at the start and on `r`).
    static func standingsReader(_ context: CommandContext) -> @Sendable () async -> [ProductID: MyBidStatus] {
        { await standings(context) }
    }
}
