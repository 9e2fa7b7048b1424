import AuctionCore

/// `watch --watchlist`: the ids come from the user's watchlist on the server.
extension WatchCommand {
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
