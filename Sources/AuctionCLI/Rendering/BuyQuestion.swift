import AuctionCore

/// `u` in `watch` asks before buying, as `auction buy` does: the lot, and its buy-now price as the server stated it.
public struct BuyQuestion: Hashable, Sendable {
    /// The lot bought.
    public let productID: ProductID
    /// The lot's name, for the question.
    public let name: String
    /// The buy-now price the server stated.
    public let price: Money

    /// `buy 5 (Film camera) now for 120,000? [y/N]`.
    public var line: String { "buy \(productID) (\(TerminalText.sanitized(name))) now for \(price)? [y/N]" }
}
