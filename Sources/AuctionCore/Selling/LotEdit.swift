/// The changes a seller asks for on a listed lot: each field nil when unchanged.
public struct LotEdit: Hashable, Sendable {
    /// A new name.
    public var name: String?
    /// A new description.
    public var description: String?
    /// A new starting price (locked once a bid exists).
    public var startPrice: Money?
    /// A new end (locked once a bid exists).
    public var ending: LotEnding?
    /// A new smallest raise.
    public var minimumIncrement: Money?
    /// A new reserve (only lowering it once a bid exists).
    public var reserve: Money?
    /// A new buy-now price.
    public var buyNow: Money?
    /// The content hashes of images already uploaded, replacing the lot's images.
    public var imageHashes: [String]?

    /// Creates an edit; every field defaults to unchanged.
    public init(name: String? = nil, description: String? = nil, startPrice: Money? = nil, ending: LotEnding? = nil,
                minimumIncrement: Money? = nil, reserve: Money? = nil, buyNow: Money? = nil, imageHashes: [String]? = nil) {
        self.name = name
        self.description = description
        self.startPrice = startPrice
        self.ending = ending
        self.minimumIncrement = minimumIncrement
        self.reserve = reserve
        self.buyNow = buyNow
        self.imageHashes = imageHashes
    }

    /// Whether nothing would change.
    public var isEmpty: Bool { self == LotEdit() }
}
