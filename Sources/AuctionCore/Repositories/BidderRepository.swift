/// A logged-in bidder's own records on the server: the products they bid on and their watchlist.
public protocol BidderRepository: Sendable {
    /// The products the session's user has bid on, in the server's order (by time left).
    func myBids(token: String) async throws(AuctionError) -> [MyBid]
    /// The ids on the session's user's watchlist, in the order they were added.
    func watchlist(token: String) async throws(AuctionError) -> [ProductID]
    /// Adds a product to the watchlist (already there: no change); `notFound` for an unknown product.
    func watch(_ id: ProductID, token: String) async throws(AuctionError)
    /// Removes a product from the watchlist (not there: no change); `notFound` for an unknown product.
    func unwatch(_ id: ProductID, token: String) async throws(AuctionError)
}
