/// Answers discovery queries page by page with keyset cursors (our server's `GET /products/query`).
public protocol CatalogueQueryRepository: Sendable {
    /// The page after `cursor` (nil: the first page) of `query`'s answer. A server without the query
    /// endpoint is `.server(status: 404, …)`; parameters it refuses are `.server(status: 400, …)` with its message.
    func query(_ query: CatalogueQuery, cursor: String?) async throws(AuctionError) -> CatalogueQueryPage
}

/// Tells the server that the connection's list state follows a query's first pages (request 13).
public protocol QueryStateFeed: Sendable {
    /// Records the list state as `query`'s first `pages` pages (and replays it after reconnects); returns the verdict.
    func setQueryState(_ query: CatalogueQuery, pages: Int) async throws(AuctionError) -> Bool
}
