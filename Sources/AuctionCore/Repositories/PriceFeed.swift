/// Live price changes from the auction house, limited to what the client looks at.
public protocol PriceFeed: Sendable {
    /// Tells the server how many catalogue pages are loaded (the original's list state); returns its verdict.
    func setLoadedPages(_ count: Int) async throws(AuctionError) -> Bool
    /// Asks for changes of these products regardless of list state (our extension).
    func subscribe(to ids: [ProductID]) async throws(AuctionError)
    /// Price changes and connection changes, in arrival order, until the feed closes.
    func events() -> AsyncStream<FeedEvent>
}

/// Something the price feed reports.
public enum FeedEvent: Hashable, Sendable {
    /// A product's price changed.
    case price(PriceUpdate)
    /// A product's auction ended.
    case closed(ProductID, finalPrice: Money, winner: String?, status: LotStatus? = nil)
    /// The connection changed state.
    case connection(ConnectionState)
    /// Soft close moved a product's end (push 7): the new end and how many times it was extended.
    case endTime(ProductID, endsAt: Timestamp, extensions: Int)
    /// Something happened to the logged-in user's auctions (push 8).
    case notification(AuctionNotification)
    /// A lot was listed onto, edited on or withdrawn from the loaded pages (push 9).
    case catalogue(CatalogueChange)
    /// The logged-in user's standing changed, or their login ended (push 11).
    case standing(StandingChange)
}
