import AuctionCore
import AuctionImage

/// A lot a logged-in seller puts up, already checked by `SaleRules`: what `SellingStore.create` writes.
public struct SaleListing: Sendable {
    /// The lot's name (1–120 characters).
    public var name: String
    /// The seller's description (up to 10,000 characters, stored as given).
    public var description: String
    /// The starting price (positive, at most the server's maximum price).
    public var startPrice: Money
    /// When bidding ends.
    public var endsAt: Timestamp
    /// The smallest raise a bid must make, when the seller sets one.
    public var minimumIncrement: Money?
    /// The hidden reserve (at least the start price), when set.
    public var reserve: Money?
    /// The buy-now price (at least the start price), when set.
    public var buyNow: Money?
    /// Images sent with the lot, validated by decoding, cover first.
    public var uploads: [ImageUpload]
    /// Images uploaded before with `POST /images`, by content hash, after `uploads`.
    public var imageHashes: [String]

    /// Creates a listing.
    public init(name: String, description: String = "", startPrice: Money, endsAt: Timestamp, minimumIncrement: Money? = nil,
                reserve: Money? = nil, buyNow: Money? = nil, uploads: [ImageUpload] = [], imageHashes: [String] = []) {
        self.name = name
        self.description = description
        self.startPrice = startPrice
        self.endsAt = endsAt
        self.minimumIncrement = minimumIncrement
        self.reserve = reserve
        self.buyNow = buyNow
        self.uploads = uploads
        self.imageHashes = imageHashes
    }
}
