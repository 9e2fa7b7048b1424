import AuctionCore
import AuctionInfrastructure

/// Our bidding fields of a product in list and detail JSON (absent from the original backend, and
/// each omitted when unset): `reserve_met` (only when the product has a reserve; never the reserve
/// itself), `buy_now_price` (only while buying now is possible), `extensions`, `bid_count`,
/// `next_minimum` (the least bid the server accepts now, while the lot is open), `status` (`LotStatus`).
public struct BiddingFieldsDTO: Hashable, Sendable {
    /// `reserve_met`: whether the hidden reserve was reached; nil without a reserve.
    public var reserveMet: Bool?
    /// `buy_now_price`: 1…2^53 − 1, present only while buying now is possible.
    public var buyNowPrice: Int64?
    /// `extensions`: how many times soft close moved the end, 0…2^31 − 1.
    public var extensions: Int64?
    /// `bid_count`: accepted bids so far, 0…2^31 − 1.
    public var bidCount: Int64?
    /// `next_minimum`: the least bid accepted now, 1…2^53 − 1; absent once closed.
    public var nextMinimum: Int64?
    /// `status`: where the lot stands (`open`, `ending`, `sold`, `unsold`, `withdrawn`, `removed`, `bought`);
    /// nil when absent or a word this build does not know (a newer server's).
    public var status: LotStatus?

    /// The range `extensions` and `bid_count` are read in.
    public static let counts: ClosedRange<Int64> = 0...Int64(Int32.max)

    /// Creates the fields.
    public init(reserveMet: Bool? = nil, buyNowPrice: Int64? = nil, extensions: Int64? = nil, bidCount: Int64? = nil,
                nextMinimum: Int64? = nil) {
        self.nextMinimum = nextMinimum
        self.reserveMet = reserveMet
        self.buyNowPrice = buyNowPrice
        self.extensions = extensions
        self.bidCount = bidCount
    }

    /// The fields of a domain product (`extensions` only when soft close moved the end).
    public init(product: Product) {
        self.init(reserveMet: product.reserveMet, buyNowPrice: product.buyNowPrice?.minorUnits,
                  extensions: product.extensions > 0 ? Int64(product.extensions) : nil,
                  bidCount: product.bidCount.map { Int64($0) }, nextMinimum: product.nextMinimum?.minorUnits)
        status = product.status
    }

    /// Reads the fields of a product object; a value out of its range is an invalid field.
    init(fields: CatalogueFields) throws(CatalogueError) {
        let buyNow = try fields.optionalInt("buy_now_price")
        if let buyNow, buyNow < 1 || buyNow > Money.largestExact.minorUnits { throw CatalogueError.invalidField(fields.name("buy_now_price")) }
        let extensions = try fields.optionalInt("extensions"), bidCount = try fields.optionalInt("bid_count")
        if let extensions, !Self.counts.contains(extensions) { throw CatalogueError.invalidField(fields.name("extensions")) }
        if let bidCount, !Self.counts.contains(bidCount) { throw CatalogueError.invalidField(fields.name("bid_count")) }
        let minimum = try fields.optionalInt("next_minimum")
        if let minimum, minimum < 1 || minimum > Money.largestExact.minorUnits { throw CatalogueError.invalidField(fields.name("next_minimum")) }
        self.init(reserveMet: try fields.optionalBool("reserve_met"), buyNowPrice: buyNow, extensions: extensions, bidCount: bidCount,
                  nextMinimum: minimum)
        status = try fields.optionalString("status").flatMap(LotStatus.init(rawValue:))
    }

    /// Adds the fields that are set to `object`, after its other members.
    func write(into object: inout JSONObject) {
        if let reserveMet { object["reserve_met"] = .bool(reserveMet) }
        if let buyNowPrice { object["buy_now_price"] = .int(buyNowPrice) }
        if let extensions { object["extensions"] = .int(extensions) }
        if let bidCount { object["bid_count"] = .int(bidCount) }
        if let nextMinimum { object["next_minimum"] = .int(nextMinimum) }
        if let status { object["status"] = .string(status.rawValue) }
    }

    /// `product` with these fields (absent ones leave the product's defaults).
    func apply(to product: Product) -> Product {
        var copy = product
        copy.reserveMet = reserveMet
        copy.buyNowPrice = buyNowPrice.map { Money($0) }
        copy.extensions = Int(extensions ?? 0)
        copy.bidCount = bidCount.map { Int($0) }
        copy.nextMinimum = nextMinimum.map { Money($0) }
        copy.status = status
        return copy
    }
}
