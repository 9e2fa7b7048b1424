import AuctionCore

/// A lot's terms as its log states them: every rule the replay needs, with the server's defaults
/// already applied, and the hidden reserve as a commitment only (revealed when the lot closes).
public struct LotLogTerms: Hashable, Sendable {
    /// The least opening bid.
    public var startPrice: Money
    /// When bidding ends (nil: no end time).
    public var endsAt: Timestamp?
    /// The buy-now price (nil: none).
    public var buyNow: Money?
    /// The seller's own increment (nil: the increment table's).
    public var minimumIncrement: Money?
    /// Soft close: how close to the end a bid extends the lot (ms; 0: never).
    public var extendWindowMilliseconds: Int64
    /// Soft close: how far after the bid the new end lies (ms).
    public var extendByMilliseconds: Int64
    /// Soft close: how many extensions at most (nil: no limit).
    public var maximumExtensions: Int64?
    /// SHA-256 of the reserve and its nonce (`ReserveCommitment`); nil: no reserve.
    public var reserveCommitment: [UInt8]?

    /// Creates terms.
    public init(startPrice: Money, endsAt: Timestamp?, buyNow: Money? = nil, minimumIncrement: Money? = nil,
                extendWindowMilliseconds: Int64 = 0, extendByMilliseconds: Int64 = 0, maximumExtensions: Int64? = nil,
                reserveCommitment: [UInt8]? = nil) {
        self.startPrice = startPrice
        self.endsAt = endsAt
        self.buyNow = buyNow
        self.minimumIncrement = minimumIncrement
        self.extendWindowMilliseconds = extendWindowMilliseconds
        self.extendByMilliseconds = extendByMilliseconds
        self.maximumExtensions = maximumExtensions
        self.reserveCommitment = reserveCommitment
    }
}
