import AuctionCore

/// One product of `POST /products/alllist`, in the original backend's shape:
/// `product_id`, `product_name`, `original_price`, `Product_Images[].image_id`,
/// `Product_UpDown.state`, `Product_Price{auction_date, price, beforePrice}`;
/// plus our optional `end_time` (ms since the epoch) and `min_increment`, and our `closed` and `winner`.
public struct ProductListItemDTO: Hashable, Sendable {
    /// `product_id`.
    public var productID: Int
    /// `product_name`.
    public var productName: String
    /// `original_price`: the seller's starting price.
    public var originalPrice: Int64
    /// `Product_Images[].image_id`.
    public var imageIDs: [Int]
    /// `Product_UpDown.state`: whether the last move was up (nil when the object is absent).
    public var upDownState: Bool?
    /// `Product_Price` (nil when absent: no bid yet).
    public var price: ProductPriceDTO?
    /// `end_time` (ours): when bidding closes, ms since the epoch.
    public var endTime: Int64?
    /// `min_increment` (ours): the smallest raise over the current price.
    public var minIncrement: Int64?
    /// `closed` (ours): whether bidding has ended; nil when the source does not say (the original).
    public var closed: Bool?
    /// `winner` (ours): the winner's name once closed with a winner.
    public var winner: String?
    /// `reserve_met`, `buy_now_price`, `extensions`, `bid_count` (ours).
    public var bidding = BiddingFieldsDTO()

    /// Creates an item.
    public init(productID: Int, productName: String, originalPrice: Int64, imageIDs: [Int], upDownState: Bool?,
                price: ProductPriceDTO?, endTime: Int64? = nil, minIncrement: Int64? = nil,
                closed: Bool? = nil, winner: String? = nil) {
        self.productID = productID
        self.productName = productName
        self.originalPrice = originalPrice
        self.imageIDs = imageIDs
        self.upDownState = upDownState
        self.price = price
        self.endTime = endTime
        self.minIncrement = minIncrement
        self.closed = closed
        self.winner = winner
    }

    /// The wire form of a domain product (our server standing in for the original).
    public init(product: Product) {
        self.init(
            productID: product.id.rawValue, productName: product.name, originalPrice: product.startPrice.minorUnits,
            imageIDs: product.imageIDs, upDownState: product.direction != .down,
            price: ProductPriceDTO(auctionDate: product.auctionDate, price: product.currentPrice.minorUnits,
                                   beforePrice: product.lastChange.minorUnits.magnitudeClamped),
            endTime: product.endsAt?.millisecondsSinceEpoch, minIncrement: product.minimumIncrement?.minorUnits,
            closed: product.isClosed, winner: product.winner)
        bidding = BiddingFieldsDTO(product: product)
    }

    /// The domain product. Without `Product_Price` the current price is the starting price.
    public func toDomain() -> Product {
        let change = ProductPriceDTO.signedChange(price?.beforePrice ?? 0, up: upDownState)
        return bidding.apply(to: Product(
            id: ProductID(productID), name: productName, startPrice: Money(originalPrice),
            currentPrice: Money(price?.price ?? originalPrice), lastChange: change,
            direction: PriceDirection(change: change), auctionDate: price?.auctionDate ?? "",
            imageIDs: imageIDs, endsAt: endTime.map { Timestamp(millisecondsSinceEpoch: $0) },
            minimumIncrement: minIncrement.map { Money($0) }, isClosed: closed ?? false, winner: winner))
    }
}

/// `Product_Price`: the current price, its date and the last change.
public struct ProductPriceDTO: Hashable, Sendable {
    /// `auction_date`, `YYYY-MM-DD`.
    public var auctionDate: String
    /// `price`: the current price.
    public var price: Int64
    /// `beforePrice`: the size of the last change (the original sends it unsigned, with the
    /// direction in `state`; a negative value is read as a fall).
    public var beforePrice: Int64

    /// Creates a price record.
    public init(auctionDate: String, price: Int64, beforePrice: Int64) {
        self.auctionDate = auctionDate
        self.price = price
        self.beforePrice = beforePrice
    }

    /// The signed change from the wire's `beforePrice` and up/down `state`.
    public static func signedChange(_ beforePrice: Int64, up: Bool?) -> Money {
        let magnitude = beforePrice.magnitudeClamped
        return Money(beforePrice < 0 || up == false ? -magnitude : magnitude)
    }
}

extension Int64 {
    /// The absolute value, with `Int64.min` clamped to `Int64.max`.
    var magnitudeClamped: Int64 { self == .min ? .max : Swift.abs(self) }
}
