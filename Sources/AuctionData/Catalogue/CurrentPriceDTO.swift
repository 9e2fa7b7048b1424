import AuctionCore

/// The answer of `POST /products/currentproductprice`:
/// `{"product_id":5,"beforePrice":500,"price":34500,"checkUpDown":{"state":true}}`;
/// `auction_date` is our optional addition.
public struct CurrentPriceDTO: Hashable, Sendable {
    /// `product_id`.
    public var productID: Int
    /// `price`: the current price.
    public var price: Int64
    /// `beforePrice`: the size of the last change.
    public var beforePrice: Int64
    /// `checkUpDown.state` (`state` inside `DetailProductInfo`): whether the last move was up.
    public var upDownState: Bool?
    /// `auction_date` (ours), `YYYY-MM-DD`.
    public var auctionDate: String?

    /// Creates a current-price record.
    public init(productID: Int, price: Int64, beforePrice: Int64, upDownState: Bool?, auctionDate: String? = nil) {
        self.productID = productID
        self.price = price
        self.beforePrice = beforePrice
        self.upDownState = upDownState
        self.auctionDate = auctionDate
    }

    /// The current price of a domain product.
    public init(product: Product) {
        self.init(productID: product.id.rawValue, price: product.currentPrice.minorUnits,
                  beforePrice: product.lastChange.minorUnits.magnitudeClamped,
                  upDownState: product.direction != .down, auctionDate: product.auctionDate)
    }

    /// The current price as a domain value.
    public var currentPrice: Money { Money(price) }

    /// The signed last change.
    public var change: Money { ProductPriceDTO.signedChange(beforePrice, up: upDownState) }
}
