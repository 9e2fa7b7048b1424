import AuctionCore

/// A seller's change to a lot (`PATCH /products/{id}`): nil fields stay as they are.
public struct SaleEdit: Sendable {
    /// A new name.
    public var name: String?
    /// A new description.
    public var description: String?
    /// A new start price (only before the first bid).
    public var startPrice: Money?
    /// A new end (only before the first bid).
    public var endsAt: Timestamp?
    /// A new minimum increment.
    public var minimumIncrement: Money?
    /// A new reserve (after the first bid only lower).
    public var reserve: Money?
    /// A new buy-now price.
    public var buyNow: Money?
    /// Images (uploaded before) replacing the lot's, when given.
    public var imageHashes: [String]?

    /// An edit that changes nothing yet.
    public init() {}
}
